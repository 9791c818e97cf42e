export { formatFull, formatRelative } from '../../../lib/format-date';

/** "1 reply", "3 replies". */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** Up to two initials of a display name, for an avatar. */
export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** True while the author may still edit (the server's `editableUntil` is in the future). */
export function canStillEdit(editableUntil: string | null, now = Date.now()): boolean {
  if (!editableUntil) return false;
  const until = new Date(editableUntil).getTime();
  return !Number.isNaN(until) && until > now;
}
