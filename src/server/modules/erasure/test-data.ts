import { sql } from 'drizzle-orm';
import { FORUM_CATEGORY_IDS } from '../../../shared/schemas/forum';
import { queryOne, type Db } from '../../db/client';

/** What a test account holds: one of each kind of personal data, with the ids to look them up by. */
export interface AccountData {
  threadId: string;
  checkId: string;
  topicId: string;
}

const idOf = async (db: Db, query: ReturnType<typeof sql>) => (await queryOne<{ id: string }>(db, query))?.id ?? '';

/** Gives `userId` a profile, a conversation with a cited answer, a document check, a notice and a forum topic. */
export async function seedAccountData(db: Db, userId: string, label: string): Promise<AccountData> {
  await db.execute(
    sql`insert into profiles (id, full_name, company_name, job_title) values (${userId}::uuid, ${`${label} Person`}, ${`${label} Rail Ltd`}, 'Engineer')`,
  );
  const threadId = await idOf(
    db,
    sql`insert into chat_threads (user_id, title, standard, discipline) values (${userId}::uuid, ${`${label} conversation`}, 'EN 50126', 'general') returning id`,
  );
  const citations = JSON.stringify([{ standard: 'EN 50126', ref: '6.1', heading: 'RAMS', excerpt: 'x' }]);
  await db.execute(sql`insert into chat_messages (thread_id, role, content, citations) values
    (${threadId}::uuid, 'user', ${`${label} question about RAMS`}, null),
    (${threadId}::uuid, 'assistant', ${`${label} answer`}, ${citations}::jsonb)`);
  const checkId = await idOf(
    db,
    sql`insert into checks (user_id, standard, document_name, document_type, document_bytes, status, stage)
        values (${userId}::uuid, 'EN 50126', ${`${label}.pdf`}, 'pdf', 10, 'failed', 'failed') returning id`,
  );
  await db.execute(sql`insert into check_files (check_id, data) values (${checkId}::uuid, decode(${Buffer.from(`%PDF-${label}`).toString('hex')}, 'hex'))`);
  await db.execute(sql`insert into notices (user_id, kind, source_key, title, body, data)
    values (${userId}::uuid, 'edition_change', ${`test:${label}`}, ${`${label} notice`}, 'b', '{}'::jsonb)`);
  const topicId = await idOf(
    db,
    sql`insert into forum_topics (category_id, author_id, title, body, text_hash)
        values (${FORUM_CATEGORY_IDS[0]}, ${userId}::uuid, ${`${label} topic title`}, ${`${label} topic body`}, ${`${label}-topic`}) returning id`,
  );
  return { threadId, checkId, topicId };
}

/** `userId` replies to, likes, saves and reports a topic (someone else's); answers the reply's id. */
export async function engageWithTopic(db: Db, userId: string, topicId: string, label: string): Promise<string> {
  const replyId = await idOf(
    db,
    sql`insert into forum_replies (topic_id, author_id, body, text_hash) values (${topicId}::uuid, ${userId}::uuid, ${`${label} reply`}, ${`${label}-reply`}) returning id`,
  );
  await db.execute(sql`update forum_topics set replies = replies + 1, likes = likes + 1, open_flags = open_flags + 1 where id = ${topicId}::uuid`);
  await db.execute(sql`insert into forum_topic_likes (topic_id, user_id) values (${topicId}::uuid, ${userId}::uuid)`);
  await db.execute(sql`insert into forum_saved_topics (topic_id, user_id) values (${topicId}::uuid, ${userId}::uuid)`);
  await db.execute(sql`insert into forum_flags (topic_id, user_id, reason) values (${topicId}::uuid, ${userId}::uuid, 'spam')`);
  return replyId;
}

/** Someone else likes a reply. */
export async function likeReply(db: Db, userId: string, replyId: string): Promise<void> {
  await db.execute(sql`insert into forum_reply_likes (reply_id, user_id) values (${replyId}::uuid, ${userId}::uuid)`);
  await db.execute(sql`update forum_replies set likes = likes + 1 where id = ${replyId}::uuid`);
}
