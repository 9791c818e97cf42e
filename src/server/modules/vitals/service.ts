import { sql } from 'drizzle-orm';
import { rateVital, VITAL_NAMES, type Vital, type VitalName, type VitalSummary } from '../../../shared/schemas/vitals';
import { queryRows, type Db } from '../../db/client';
import { webVitals } from './tables';

export async function recordVitals(db: Db, metrics: Vital[]): Promise<void> {
  await db.insert(webVitals).values(metrics.map((m) => ({ name: m.name, value: m.value, page: m.page, navigationType: m.navigationType ?? null })));
}

/** p75 of each metric per page over the last `days`, the figure Core Web Vitals are judged on. */
export async function summarizeVitals(db: Db, days: number): Promise<VitalSummary[]> {
  const rows = await queryRows<{ page: string; name: string; samples: number; p75: number }>(
    db,
    sql`select page, name, count(*)::int as samples,
               percentile_cont(0.75) within group (order by value)::float8 as p75
          from ${webVitals}
         where recorded_at > now() - make_interval(days => ${days})
         group by page, name
         order by page, name`,
  );
  return rows
    .filter((r): r is typeof r & { name: VitalName } => (VITAL_NAMES as readonly string[]).includes(r.name))
    .map((r) => ({ ...r, rating: rateVital(r.name, r.p75) }));
}
