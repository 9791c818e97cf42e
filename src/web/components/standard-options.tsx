import type { StandardSummary } from '../../shared/schemas/standards';
import { groupStandards } from '../lib/standard-groups';

/**
 * A standard select's options, one `<optgroup>` per jurisdiction (United States, Canada,
 * European Union, …) and the standards not loaded yet, disabled, in a "Coming soon" group: the
 * native select reads and picks them as groups on every device and screen reader.
 */
export function StandardOptions<T extends Pick<StandardSummary, 'code' | 'jurisdiction' | 'enabled'>>({
  standards,
  label,
  comingSoonApart = true,
}: {
  standards: readonly T[];
  /** An option's text. */
  label: (standard: T) => string;
  /** False: every standard can be chosen, listed under its jurisdiction. */
  comingSoonApart?: boolean;
}) {
  return groupStandards(standards, { comingSoonApart }).map((group) => (
    <optgroup key={group.label} label={group.label}>
      {group.standards.map((s) => (
        <option key={s.code} value={s.code} disabled={comingSoonApart && !s.enabled}>
          {label(s)}
        </option>
      ))}
    </optgroup>
  ));
}
