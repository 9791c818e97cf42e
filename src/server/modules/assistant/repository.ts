import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatThreads } from './tables';

export type ThreadRow = typeof chatThreads.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

export function findThread(db: Db, userId: string, id: string): Promise<ThreadRow | undefined> {
  return db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, id), eq(chatThreads.userId, userId)))
    .then((r) => r[0]);
}

export function listThreads(db: Db, userId: string): Promise<ThreadRow[]> {
  return db.select().from(chatThreads).where(eq(chatThreads.userId, userId)).orderBy(desc(chatThreads.updatedAt)).limit(200);
}

export function listMessages(db: Db, threadId: string): Promise<MessageRow[]> {
  return db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(asc(chatMessages.createdAt), asc(chatMessages.role));
}

export async function insertThread(db: Db, values: typeof chatThreads.$inferInsert): Promise<ThreadRow> {
  const [row] = await db.insert(chatThreads).values(values).returning();
  if (!row) throw new Error('insert into chat_threads returned nothing');
  return row;
}

/** Appends a question and its answer together, and marks the thread as just used. */
export async function appendExchange(
  db: Db,
  thread: ThreadRow,
  question: string,
  answer: { content: string; citations: unknown; coverage: unknown; runId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const asked = new Date();
    await tx.insert(chatMessages).values({ threadId: thread.id, role: 'user', content: question, createdAt: asked });
    await tx.insert(chatMessages).values({
      threadId: thread.id,
      role: 'assistant',
      content: answer.content,
      citations: answer.citations,
      coverage: answer.coverage,
      runId: answer.runId,
      createdAt: new Date(asked.getTime() + 1),
    });
    await tx.update(chatThreads).set({ updatedAt: new Date() }).where(eq(chatThreads.id, thread.id));
  });
}

export function deleteThread(db: Db, userId: string, id: string) {
  return db
    .delete(chatThreads)
    .where(and(eq(chatThreads.id, id), eq(chatThreads.userId, userId)))
    .returning({ id: chatThreads.id });
}
