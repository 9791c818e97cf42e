import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/client';
import { chatMessages, chatThreads } from '../assistant/tables';
import { checkFindings, checks } from '../checks/tables';
import { standards } from '../standards/tables';
import { standardFollows } from './tables';

export async function insertFollow(db: Queryable, userId: string, standardCode: string): Promise<void> {
  await db.insert(standardFollows).values({ userId, standardCode }).onConflictDoNothing();
}

export async function deleteFollow(db: Queryable, userId: string, standardCode: string): Promise<void> {
  await db.delete(standardFollows).where(and(eq(standardFollows.userId, userId), eq(standardFollows.standardCode, standardCode)));
}

/** The standards a user follows, by name. */
export function listFollows(db: Queryable, userId: string) {
  return db
    .select({ code: standards.code, name: standards.name, jurisdiction: standards.jurisdiction, followedAt: standardFollows.createdAt })
    .from(standardFollows)
    .innerJoin(standards, eq(standards.code, standardFollows.standardCode))
    .where(eq(standardFollows.userId, userId))
    .orderBy(asc(standards.name));
}

/** Who follows a standard. */
export async function listFollowers(db: Queryable, standardCode: string): Promise<string[]> {
  const rows = await db.select({ userId: standardFollows.userId }).from(standardFollows).where(eq(standardFollows.standardCode, standardCode));
  return rows.map((r) => r.userId);
}

/** A conversation or check of one user, and one ref it cited. */
export interface CitingRow {
  id: string;
  name: string;
  userId: string;
  ref: string;
}

/**
 * Every citation of a standard in these users' conversations (assistant replies' stored citations,
 * their ref and their pinpoint) whose ref begins with one of `prefixes`: a cheap first cut, the
 * caller matches refs exactly.
 */
export function listConversationCitations(db: Queryable, userIds: string[], standardCode: string, prefixes: string[]): Promise<CitingRow[]> {
  return queryRows<CitingRow>(
    db,
    sql`
    select distinct t.id, t.title as name, t.user_id as "userId", cited.ref
    from ${chatMessages} m
    join ${chatThreads} t on t.id = m.thread_id
    cross join lateral jsonb_array_elements(case when jsonb_typeof(m.citations) = 'array' then m.citations else '[]'::jsonb end) c
    cross join lateral (values (c->>'ref'), (c->>'pinpoint')) as cited(ref)
    where t.user_id = any(${sql.param(userIds)}::uuid[]) and m.role = 'assistant' and c->>'standard' = ${standardCode}
      and cited.ref like any(${sql.param(prefixes)}::text[])`,
  );
}

/** Every requirement ref of a standard that these users' document checks' findings cite, first cut by `prefixes` as above. */
export function listCheckCitations(db: Queryable, userIds: string[], standardCode: string, prefixes: string[]): Promise<CitingRow[]> {
  return queryRows<CitingRow>(
    db,
    sql`
    select distinct ch.id, ch.document_name as name, ch.user_id as "userId", f.finding->'requirement'->>'ref' as ref
    from ${checkFindings} f
    join ${checks} ch on ch.id = f.check_id
    where ch.user_id = any(${sql.param(userIds)}::uuid[]) and f.finding->'requirement'->>'standard' = ${standardCode}
      and f.finding->'requirement'->>'ref' like any(${sql.param(prefixes)}::text[])`,
  );
}
