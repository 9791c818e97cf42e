const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A stored timestamp as a short local date and time; `fallback` when it cannot be read. */
export function formatDateTime(iso: string, fallback = ''): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dateTime.format(date);
}
