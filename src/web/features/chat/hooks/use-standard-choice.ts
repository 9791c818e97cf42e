import { useMemo, useState } from 'react';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { defaultStandardCode } from '../../../lib/standards-api';

/**
 * The standard the chat asks: the user's choice while it is selectable, otherwise the default
 * (a standard an admin disabled or removed falls back rather than failing every question).
 */
export function useStandardChoice(standards: readonly StandardSummary[] | undefined, remembered: string | undefined) {
  const [chosen, setChosen] = useState<string | undefined>(remembered);
  const enabledCodes = useMemo(() => (standards ?? []).filter((s) => s.enabled).map((s) => s.code), [standards]);
  const selected = chosen && (standards === undefined || enabledCodes.includes(chosen)) ? chosen : standards ? defaultStandardCode(standards) : undefined;
  const name = standards?.find((s) => s.code === selected)?.name ?? selected ?? 'the selected standard';
  return { selected, name, choose: setChosen };
}
