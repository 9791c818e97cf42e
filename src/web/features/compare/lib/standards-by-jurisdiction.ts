import { COMPARATIVE_TABLE } from '../../../../shared/constants';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { groupStandards, type StandardGroup } from '../../../lib/standard-groups';

/**
 * The standards a comparison can take, grouped by jurisdiction as everywhere else (United States,
 * Canada, European Union, then others): the loaded ones, not the chat's Comparative Table,
 * which is no standard.
 */
export function comparableStandards(standards: readonly StandardSummary[]): StandardGroup<StandardSummary>[] {
  return groupStandards(standards.filter((s) => s.enabled && s.clauseCount > 0 && s.code !== COMPARATIVE_TABLE));
}
