const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A publish date as `locales` write it (the runtime's locale when left out); an unreadable date
 * is shown as given. In UTC: the date an admin picked is stored as midnight UTC, which a reader
 * west of Greenwich would otherwise see as the day before.
 */
export function formatPublishDate(value: string, locales?: string | readonly string[]): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const key = String(locales ?? '');
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales as string | string[] | undefined, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format.format(new Date(time));
}

/** Seconds as m:ss or h:mm:ss. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** `?t=90` (seconds) → 90; anything else → undefined. */
export function parseStartTime(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

const positionKey = (id: string) => `podcastPosition:${id}`;

/** The remembered resume position of an episode, in seconds. */
export function readPosition(id: string): number | undefined {
  try {
    const raw = window.localStorage.getItem(positionKey(id));
    const n = raw === null ? NaN : Number(raw);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

export function writePosition(id: string, seconds: number | undefined): void {
  try {
    if (seconds === undefined || seconds <= 0) window.localStorage.removeItem(positionKey(id));
    else window.localStorage.setItem(positionKey(id), seconds.toFixed(1));
  } catch {
    // Storage full or blocked: resuming is a convenience only.
  }
}
