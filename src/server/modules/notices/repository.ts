import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../auth/tables';
import { notices } from './tables';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = Pick<typeof notices.$inferInsert, 'userId' | 'kind' | 'sourceKey' | 'title' | 'body' | 'data'>;

/** Inserts notices; one a user already has for the same source is skipped. Returns those inserted, with their reader's e-mail. */
export async function insertNotices(db: Queryable, rows: NewNotice[]) {
  if (rows.length === 0) return [];
  const inserted = await db.insert(notices).values(rows).onConflictDoNothing().returning();
  if (inserted.length === 0) return [];
  const emails = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        inserted.map((n) => n.userId),
      ),
    );
  const byId = new Map(emails.map((u) => [u.id, u.email]));
  return inserted.map((n) => ({ ...n, email: byId.get(n.userId) }));
}

/** A user's newest notices. */
export function listNotices(db: Queryable, userId: string, limit: number) {
  return db.select().from(notices).where(eq(notices.userId, userId)).orderBy(desc(notices.createdAt), desc(notices.id)).limit(limit);
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notices read (a read one keeps its time); nothing when it is not theirs. */
export function markRead(db: Queryable, userId: string, id: string) {
  return db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(eq(notices.id, id), eq(notices.userId, userId), isNull(notices.readAt)))
    .returning({ id: notices.id })
    .then(
      async (updated) =>
        updated.length > 0 ||
        (
          await db
            .select({ id: notices.id })
            .from(notices)
            .where(and(eq(notices.id, id), eq(notices.userId, userId)))
        ).length > 0,
    );
}

export async function markAllRead(db: Queryable, userId: string): Promise<void> {
  await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
}

export async function markEmailed(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notices).set({ emailedAt: new Date() }).where(inArray(notices.id, ids));
}
