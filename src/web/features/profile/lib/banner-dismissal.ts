import { PROFILE, STORAGE_KEYS } from '../../../../shared/constants';

/** SPEC §3 Banner dismissal record, kept in local storage. */
export interface BannerDismissal {
  count: number;
  timestamp: number;
}

/** SPEC §4: hidden 1 minute after the first dismissal, 5 after the second, 15 from the third on. */
export function dismissalDelayMs(count: number): number {
  const delays = PROFILE.bannerDismissDelaysMs;
  if (count <= 0) return 0;
  return delays[Math.min(count, delays.length) - 1] ?? 0;
}

/** When a dismissed banner may show again (epoch ms); 0 when never dismissed. */
export function hiddenUntil(record: BannerDismissal | null): number {
  if (!record) return 0;
  return record.timestamp + dismissalDelayMs(record.count);
}

export function readDismissal(): BannerDismissal | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.bannerDismissal);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<BannerDismissal>;
    if (typeof value.count !== 'number' || typeof value.timestamp !== 'number') return null;
    return { count: value.count, timestamp: value.timestamp };
  } catch {
    return null;
  }
}

/** Records one more dismissal now and returns the new record. */
export function recordDismissal(now = Date.now()): BannerDismissal {
  const previous = readDismissal();
  const next = { count: (previous?.count ?? 0) + 1, timestamp: now };
  try {
    localStorage.setItem(STORAGE_KEYS.bannerDismissal, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the banner is still hidden for this page view.
  }
  return next;
}
