import { z } from 'zod';

export const VITAL_NAMES = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * "Good" and "poor" boundaries of each metric (web.dev's, as the `web-vitals` library rates
 * them): at or below the first is good, above the second is poor. Times in ms; CLS unitless.
 */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  INP: [200, 500],
  LCP: [2500, 4000],
  TTFB: [800, 1800],
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** One measurement as the web app reports it (the SPEC §7 analytics payload). */
export const vitalSchema = z.object({
  name: z.enum(VITAL_NAMES),
  value: z.number().finite().min(0).max(600_000),
  delta: z.number().finite().optional(),
  id: z.string().min(1).max(100),
  /** The route path, without query or fragment. */
  page: z
    .string()
    .max(300)
    .regex(/^\/[^?#\s]*$/, 'Use a path such as /pricing'),
  navigationType: z.string().max(40).optional(),
});
export type Vital = z.infer<typeof vitalSchema>;

/** `POST /api/vitals`: the page sends what it measured in one batch when it is hidden. */
export const vitalBatchSchema = z.object({ metrics: z.array(vitalSchema).min(1).max(20) });

/** Per page and metric: the 75th percentile the thresholds are judged on. */
export const vitalSummarySchema = z.object({
  page: z.string(),
  name: z.enum(VITAL_NAMES),
  samples: z.number(),
  p75: z.number(),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
});
export type VitalSummary = z.infer<typeof vitalSummarySchema>;

export const vitalSummaryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(28),
});
