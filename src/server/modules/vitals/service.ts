import { rateVital, VITAL_NAMES, type Vital, type VitalName, type VitalSummary } from '../../../shared/schemas/vitals';
import type { Db } from '../../db/client';
import { insertVitals, vitalsP75, type VitalP75Row } from './repository';

export async function recordVitals(db: Db, metrics: Vital[]): Promise<void> {
  await insertVitals(db, metrics);
}

/** p75 of each metric per page over the last `days`, the figure Core Web Vitals are judged on; metrics no longer known are left out. */
export async function summarizeVitals(db: Db, days: number): Promise<VitalSummary[]> {
  const rows = await vitalsP75(db, days);
  return rows
    .filter((r): r is VitalP75Row & { name: VitalName } => (VITAL_NAMES as readonly string[]).includes(r.name))
    .map((r) => ({ ...r, rating: rateVital(r.name, r.p75) }));
}
