import { useQuery } from '@tanstack/react-query';
import type { Section, SectionSummary } from '../../../../shared/schemas/standards';
import { api } from '../../../lib/api-client';

export type { SectionSummary };

/** `GET /api/standards/:code/sections/:section`: the section with all its clauses. */
export type SectionDetail = Section;

/*
 * Public reads, answered through the shared schemas: the page trusts them rather than parse a
 * thousand sections again, and keeps zod out of its scripts (docs/decisions/001).
 */

export async function getSections(code: string): Promise<SectionSummary[]> {
  return api.get<SectionSummary[]>(`/standards/${encodeURIComponent(code)}/sections`, { toast: false });
}

export async function getSection(code: string, section: string): Promise<SectionDetail> {
  return api.get<SectionDetail>(`/standards/${encodeURIComponent(code)}/sections/${encodeURIComponent(section)}`, { toast: false });
}

export function useSections(code: string | undefined) {
  return useQuery({
    queryKey: ['standards', code, 'sections'],
    queryFn: () => getSections(code ?? ''),
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useSection(code: string | undefined, section: string | undefined) {
  return useQuery({
    queryKey: ['standards', code, 'sections', section],
    queryFn: () => getSection(code ?? '', section ?? ''),
    enabled: Boolean(code && section),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export interface SectionTreeDocument {
  id: string;
  title: string;
  edition: string;
  groups: { subpart: string | null; sections: SectionSummary[] }[];
}

/** Groups sections by document, then by subpart, keeping their order. */
export function buildSectionTree(sections: readonly SectionSummary[]): SectionTreeDocument[] {
  const documents = new Map<string, SectionTreeDocument>();
  for (const section of sections) {
    let doc = documents.get(section.document.id);
    if (!doc) {
      doc = { ...section.document, groups: [] };
      documents.set(section.document.id, doc);
    }
    let group = doc.groups.at(-1);
    if (!group || group.subpart !== section.subpart) {
      group = { subpart: section.subpart, sections: [] };
      doc.groups.push(group);
    }
    group.sections.push(section);
  }
  return [...documents.values()];
}

/**
 * Sections whose number or heading contains the query (case-insensitive); a clause ref
 * such as "213.53(b)" finds its section "213.53".
 */
export function filterSections(sections: readonly SectionSummary[], query: string): SectionSummary[] {
  const q = query.trim().toLowerCase().replace(/^§\s*/, '');
  if (!q) return [...sections];
  return sections.filter((s) => {
    const number = s.section.toLowerCase();
    return number.includes(q) || q.startsWith(`${number}(`) || s.heading.toLowerCase().includes(q);
  });
}

/**
 * A subpart as headed below the one before it: instruments' divisions are paths
 * (`4 — CHARACTERISATION / 4.2 — Functional … / 4.2.1 — Safety`), and the part the two share is
 * said once, above (`4.2.1 — Safety`). The CFR's lettered subparts are not paths and stay whole.
 */
export function subpartTail(previous: string | null | undefined, current: string): string {
  if (!previous) return current;
  const before = previous.split(' / ');
  const path = current.split(' / ');
  let shared = 0;
  while (shared < before.length && shared < path.length - 1 && before[shared] === path[shared]) shared++;
  return path.slice(shared).join(' / ');
}
