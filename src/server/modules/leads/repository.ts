import { desc, eq } from 'drizzle-orm';
import type { LeadKind } from '../../../shared/schemas/leads';
import type { Queryable } from '../../db/client';
import { leads } from './tables';

export type NewLead = typeof leads.$inferInsert;
export type LeadRecord = typeof leads.$inferSelect;

export async function insertLead(db: Queryable, lead: NewLead): Promise<void> {
  await db.insert(leads).values(lead);
}

/** The newest requests first, of one kind or all. */
export function newestLeads(db: Queryable, kind: LeadKind | undefined, limit: number): Promise<LeadRecord[]> {
  return db
    .select()
    .from(leads)
    .where(kind ? eq(leads.kind, kind) : undefined)
    .orderBy(desc(leads.createdAt))
    .limit(limit);
}
