import type { CheckResult, Finding } from '../../../../shared/schemas/checks';
import type { DocumentContent } from '../../../../shared/schemas/document-content';
import type { LoadedRequirement, TrackClass } from '../../../../shared/schemas/requirements';
import type { Db } from '../../../db/client';
import { listClausesInSections } from '../../standards/service';
import { loadRequirements, REQUIREMENTS_STANDARD, sectionOf } from '../requirements/library';
import type { LibraryClause } from '../requirements/quotes';
import { checkTable } from './check-tables';
import { verifyFinding } from './second-pass';
import { declaredTrackClass } from './vocabulary';

/** What the check runs against: the requirements as loaded now, and the library clauses their quotes are re-matched in. */
export interface CheckLibrary {
  requirements: LoadedRequirement[];
  clauses: ReadonlyMap<string, LibraryClause>;
}

/**
 * Loads the requirements (verified at load, ADR 009) and, separately, the clauses the second
 * pass re-reads: the re-match runs against the library as it is at check time.
 */
export async function loadCheckLibrary(db: Db): Promise<CheckLibrary> {
  const { requirements } = await loadRequirements(db);
  const sections = [...new Set(requirements.map((r) => sectionOf(r.ref)))];
  const clauses = await listClausesInSections(db, REQUIREMENTS_STANDARD, sections);
  return { requirements, clauses: new Map(clauses.map((c) => [c.ref, c])) };
}

/**
 * A model entity's value stands in every row its conditions reach (an alignment's cant deficiency
 * in each of its curves' rows, as their condition): it is one statement, reported once per
 * requirement and verdict. Table rows of other documents each state their own value.
 */
function sameStatementKey(finding: Omit<Finding, 'id'>): string | undefined {
  const entity = finding.location.entity;
  return entity ? [entity, finding.parameter, finding.requirement?.ref ?? '', finding.verdict].join('|') : undefined;
}

/**
 * Checks a document read by the readers. Tables only so far: every value a table states that
 * a requirement limits becomes a finding; each passes the second pass before it is a fact.
 */
export function checkDocument(content: DocumentContent, library: CheckLibrary): CheckResult {
  const cache = new Map<string, string>();
  const findings: Finding[] = [];
  let declared: { where: string; trackClass: TrackClass } | undefined;
  const checked = new Set<string>();
  const scope = (sheet?: string) => sheet ?? '';
  for (const block of content.blocks) {
    if (block.kind === 'paragraph') {
      const trackClass = declaredTrackClass(block.text);
      if (trackClass !== undefined) declared = { where: scope(block.location.sheet), trackClass };
      continue;
    }
    const declaredClass = declared && declared.where === scope(block.sheet) ? declared.trackClass : undefined;
    for (const draft of checkTable(block, library.requirements, declaredClass)) {
      const { source: _source, ...finding } = verifyFinding(draft, library.clauses, cache);
      const key = sameStatementKey(finding);
      if (key !== undefined && checked.has(key)) continue;
      if (key !== undefined) checked.add(key);
      findings.push({ id: `f${findings.length + 1}`, ...finding });
    }
  }
  const count = (verdict: Finding['verdict']) => findings.filter((f) => f.verdict === verdict).length;
  return { summary: { nonConformances: count('non_conformance'), conforms: count('conforms'), needsReview: count('needs_review') }, findings };
}

export { checkTable } from './check-tables';
export type { DraftFinding } from './check-tables';
