import type { Metric } from 'web-vitals';
import { vitalsMessages } from '../../shared/common-messages';

/** Sends at most this many metrics in one beacon (the server's batch limit). */
const BATCH_LIMIT = 20;

/**
 * The page a measurement belongs to, as a pattern: ids and numbers in the path become `:id`
 * so that every knowledge material counts as one page in the summary.
 */
export function pageOf(pathname: string): string {
  const segments = pathname.split('/').map((segment) => (/^(\d+|[0-9a-f]{8}-[0-9a-f-]{27})$/i.test(segment) ? ':id' : segment));
  const page = segments.join('/').replace(/\/+$/, '');
  return (page || '/').slice(0, 300);
}

/** The SPEC §7 analytics payload (name, delta, id, value, page) of one measurement. */
export function toPayload(metric: Pick<Metric, 'name' | 'value' | 'delta' | 'id' | 'navigationType'>, page: string) {
  return { name: metric.name, value: Math.max(0, metric.value), delta: metric.delta, id: metric.id, page, navigationType: metric.navigationType };
}

/**
 * Measures Core Web Vitals with the `web-vitals` library and sends them to `POST /api/vitals`
 * when the page is hidden (the moment CLS and INP are final), in as few beacons as possible.
 * Measurements belong to the page the visitor landed on: later client-side navigations are
 * not page loads.
 */
export async function startWebVitals(): Promise<void> {
  const page = pageOf(window.location.pathname);
  const queue: ReturnType<typeof toPayload>[] = [];

  const flush = () => {
    while (queue.length > 0) {
      const metrics = queue.splice(0, BATCH_LIMIT);
      const body = new Blob([JSON.stringify({ metrics })], { type: 'application/json' });
      const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/vitals', body);
      if (!sent) {
        fetch('/api/vitals', { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch((error: unknown) =>
          console.warn(vitalsMessages.sendFailed, error),
        );
      }
    }
  };

  try {
    const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
    const report = (metric: Metric) => queue.push(toPayload(metric, page));
    for (const measure of [onCLS, onFCP, onINP, onLCP, onTTFB]) measure(report);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
    window.addEventListener('pagehide', flush);
  } catch (error) {
    console.warn(vitalsMessages.initFailed, error);
  }
}
