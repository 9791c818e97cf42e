import { COMPARATIVE_TABLE } from '../../../../shared/constants';
import type { StandardSummary } from '../../../../shared/schemas/standards';

/**
 * The standards the chat offers: the library's, with the Comparative Table selectable once two
 * standards are loaded (it has no clauses of its own: it answers with a comparison of the others).
 */
export function withComparativeTable(standards: readonly StandardSummary[]): StandardSummary[] {
  const loaded = standards.filter((s) => s.enabled && s.code !== COMPARATIVE_TABLE).length;
  return standards.map((s) => (s.code === COMPARATIVE_TABLE ? { ...s, enabled: loaded >= 2 } : s));
}
