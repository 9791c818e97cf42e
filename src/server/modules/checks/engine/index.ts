import type { Db } from '../../../db/client';
import { listClausesInSections } from '../../standards/service';
import { loadRequirements, REQUIREMENTS_STANDARD, sectionOf } from '../requirements/library';
import type { CheckLibrary } from './check-document';

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

export { checkDocument, type CheckLibrary } from './check-document';
export { checkTable } from './check-tables';
export { proposeValues, type ProposedValue } from './model-extraction';
export type { DraftFinding } from './check-tables';
