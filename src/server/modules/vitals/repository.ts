import { sql } from 'drizzle-orm';
import type { Vital } from '../../../shared/schemas/vitals';
import { queryRows, type Queryable } from '../../db/client';
import { webVitals } from './tables';

export async function insertVitals(db: Queryable, metrics: Vital[]): Promise<void> {
  await db.insert(webVitals).values(metrics.map((m) => ({ name: m.name, value: m.value, page: m.page, navigationType: m.navigationType ?? null })));
}

export interface VitalP75Row {
  page: string;
  name: string;
  samples: number;
  p75: number;
}

/** p75 of each metric per page over the last `days`. */
export function vitalsP75(db: Queryable, days: number): Promise<VitalP75Row[]> {
  return queryRows<VitalP75Row>(
    db,
    sql`select page, name, count(*)::int as samples,
               percentile_cont(0.75) within group (order by value)::float8 as p75
          from ${webVitals}
         where recorded_at > now() - make_interval(days => ${days})
         group by page, name
         order by page, name`,
  );
}
