import type { ChatDiscipline } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { parseEcfrXml } from './importers/ecfr-xml';
import * as repo from './repository';
import { editionDate, importCurrentEdition, type EditionImportResult } from './service';

/** The standard eCFR parts are imported into. */
export const ECFR_STANDARD = '49 CFR';

/** Platform discipline of each FRA part (as in shared/corpus/cfr49/README.md and SOURCES-added.md). */
export const ECFR_PART_DISCIPLINES: Record<string, ChatDiscipline> = {
  '213': 'Track and Civil',
  '237': 'Structures',
  '234': 'Signaling',
  '236': 'Signaling',
  '229': 'Electrical',
  '220': 'Operation and Train Controls',
  '232': 'Operation and Train Controls',
  '217': 'Operation and Train Controls',
  '218': 'Operation and Train Controls',
  '221': 'Operation and Train Controls',
  '222': 'Operation and Train Controls',
  '223': 'Electrical',
  '214': 'Good Practices',
  '225': 'Good Practices',
};

/** Parts the server keeps current when STANDARDS_AUTOFETCH is on: every bundled part. */
export const AUTOFETCH_PARTS = Object.keys(ECFR_PART_DISCIPLINES).sort();

const DEFAULT_TIMEOUT_MS = 60_000;

/** The eCFR could not be reached at all (offline, DNS, refused): nothing was imported. */
export class EcfrUnreachableError extends Error {
  constructor(baseUrl: string, cause: unknown) {
    super(`The eCFR at ${baseUrl} cannot be reached (${describeCause(cause)})`);
    this.name = 'EcfrUnreachableError';
  }
}

export interface FetchEcfrOptions {
  parts: string[];
  /** `YYYY-MM-DD`; default: the title's "up to date as of" date, else today (UTC). */
  date?: string | undefined;
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called after each part (for progress logs). */
  onPart?: (outcome: PartOutcome) => void;
}

export interface PartOutcome {
  part: string;
  results: EditionImportResult[];
  /** Why this part was not imported (HTTP error, unreadable XML). */
  error?: string;
  /** True when the edition was already loaded, so nothing was downloaded. */
  skipped?: boolean;
}

/**
 * Downloads parts of Title 49 from the eCFR versioner API and imports each as
 * "Part NNN", edition "eCFR XML, up to date as of DATE", into 49 CFR with the part's
 * discipline: the edition in force when it is the newest held, else an older edition kept for
 * comparison. Parts whose edition of that date is loaded already are not downloaded.
 * A part that fails is reported and the others go on; an unreachable server throws
 * {@link EcfrUnreachableError} at the first request.
 */
export async function fetchEcfr(db: Db, options: FetchEcfrOptions): Promise<{ date: string; outcomes: PartOutcome[] }> {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const get = async (url: string) => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      return await doFetch(url, { signal, headers: { accept: url.endsWith('.json') ? 'application/json' : 'application/xml' } });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new EcfrUnreachableError(base, error);
    }
  };

  const date = options.date ?? (await latestDate(get, base)) ?? new Date().toISOString().slice(0, 10);
  const edition = `eCFR XML, up to date as of ${date}`;
  const outcomes: PartOutcome[] = [];
  for (const part of options.parts) {
    const outcome = await fetchPart(db, get, base, part, date, edition);
    outcomes.push(outcome);
    options.onPart?.(outcome);
  }
  return { date, outcomes };
}

async function latestDate(get: (url: string) => Promise<Response>, base: string): Promise<string | undefined> {
  const res = await get(`${base}/api/versioner/v1/titles.json`);
  if (!res.ok) return undefined;
  const body = (await res.json().catch(() => undefined)) as { titles?: { number?: number; up_to_date_as_of?: string }[] } | undefined;
  const date = body?.titles?.find((t) => Number(t.number) === 49)?.up_to_date_as_of;
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

async function fetchPart(
  db: Db,
  get: (url: string) => Promise<Response>,
  base: string,
  part: string,
  date: string,
  edition: string,
): Promise<PartOutcome> {
  const title = `Part ${part}`;
  const loaded = await repo.listEditions(db, ECFR_STANDARD, title);
  // An earlier date is downloaded too (kept as an older edition, to compare with); only the same date is not.
  const current = loaded.find((e) => e.edition === edition || editionDate(e.edition) === date);
  if (current) {
    return {
      part,
      skipped: true,
      results: [{ title, edition, clauses: 0, status: current.edition === edition ? 'unchanged' : 'superseded', otherEditions: current.edition === edition ? [] : [current.edition] }],
    };
  }
  const res = await get(`${base}/api/versioner/v1/full/${date}/title-49.xml?part=${encodeURIComponent(part)}`);
  if (!res.ok) return { part, results: [], error: `HTTP ${res.status} ${res.statusText}`.trim() };
  try {
    const documents = parseEcfrXml(await res.text(), { fileName: `title-49-part-${part}.xml`, edition, disciplines: [ECFR_PART_DISCIPLINES[part]].filter((d) => d !== undefined) });
    const results: EditionImportResult[] = [];
    for (const document of documents) results.push(await importCurrentEdition(db, ECFR_STANDARD, document));
    return { part, results };
  } catch (error) {
    return { part, results: [], error: error instanceof Error ? error.message : String(error) };
  }
}

/** Parses `213,214 236` into part numbers; throws on anything else. */
export function parsePartList(value: string): string[] {
  const parts = value.split(/[\s,]+/).filter(Boolean);
  const bad = parts.find((p) => !/^\d{1,4}$/.test(p));
  if (bad !== undefined || parts.length === 0) throw new Error(`--parts must be CFR part numbers such as 213,214 (got "${value}")`);
  return [...new Set(parts)];
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as Error & { cause?: unknown }).cause;
    if (inner instanceof Error) return `${cause.message}: ${inner.message}`;
    return cause.message;
  }
  return String(cause);
}
