const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A stored timestamp as a short local date and time; `fallback` when it cannot be read. */
export function formatDateTime(iso: string, fallback = ''): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dateTime.format(date);
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 minutes ago", "yesterday", … up to a week; then the date ("12 Mar 2026"). */
export function formatRelative(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  let value = (time - now) / 1000;
  if (Math.abs(value) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return dateFormat.format(new Date(time));
}

/** The full local date and time, for a `<time>` element's title. */
export function formatFull(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}
