import { COMPARATIVE_TABLE } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import type { StandardSummary } from '../../../../shared/schemas/standards';

/**
 * The standards the chat offers: the library's, with the Comparative Table selectable once two
 * standards are loaded (it has no clauses of its own: it answers with a comparison of the others),
 * listed in a group of its own after the jurisdictions' (it belongs to none).
 */
export function withComparativeTable(standards: readonly StandardSummary[]): StandardSummary[] {
  const loaded = standards.filter((s) => s.enabled && s.code !== COMPARATIVE_TABLE).length;
  return standards.map((s) =>
    s.code === COMPARATIVE_TABLE ? { ...s, enabled: loaded >= 2, jurisdiction: s.jurisdiction ?? messages.comparePage.chatGroup } : s,
  );
}
