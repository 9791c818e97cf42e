import type { z } from 'zod';
import type { Lead, LeadKind, leadInputSchema } from '../../../shared/schemas/leads';
import type { Db } from '../../db/client';
import { insertLead, newestLeads } from './repository';

type LeadInput = z.output<typeof leadInputSchema>;

/** How many requests the dashboard shows; older ones stay stored. */
const LIST_LIMIT = 500;

/** Stores a request, unless the honeypot was filled in (then it is quietly dropped). */
export async function recordLead(db: Db, input: LeadInput): Promise<{ stored: boolean }> {
  if (input.website?.trim()) return { stored: false };
  await insertLead(db, {
    kind: input.kind,
    name: input.name,
    email: input.email,
    company: input.company,
    role: input.role,
    message: input.message,
    preferredDate: input.kind === 'demo' ? input.preferredDate : null,
    teamSize: input.kind === 'demo' ? input.teamSize : null,
  });
  return { stored: true };
}

export async function listLeads(db: Db, kind?: LeadKind): Promise<Lead[]> {
  const rows = await newestLeads(db, kind, LIST_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
