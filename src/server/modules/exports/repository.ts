import { sql } from 'drizzle-orm';
import { queryOne, queryRows, type Queryable } from '../../db/client';

/** An export row as the routes and the runner use it. */
export interface ExportRow {
  id: string;
  user_id: string;
  requested_by: string | null;
  status: 'requested' | 'running' | 'ready' | 'failed';
  storage_key: string | null;
  bytes: number | string | null;
  error: string | null;
  created_at: Date | string;
  expires_at: Date | string | null;
}

const columns = sql.raw('id, user_id, requested_by, status, storage_key, bytes, error, created_at, expires_at');

export const insertExport = (db: Queryable, userId: string, requestedBy: string) =>
  queryOne<ExportRow>(db, sql`insert into data_exports (user_id, requested_by) values (${userId}::uuid, ${requestedBy}::uuid) returning ${columns}`);

export const findExport = (db: Queryable, id: string) => queryOne<ExportRow>(db, sql`select ${columns} from data_exports where id = ${id}::uuid`);

export const listExportsOf = (db: Queryable, userId: string) =>
  queryRows<ExportRow>(db, sql`select ${columns} from data_exports where user_id = ${userId}::uuid order by created_at desc limit 5`);

/** Claims the oldest requested export (SKIP LOCKED: instances on one PostgreSQL share the queue). */
export const claimNextExport = (db: Queryable) =>
  queryOne<ExportRow>(
    db,
    sql`update data_exports set status = 'running', started_at = now()
        where id = (select id from data_exports where status = 'requested' order by created_at limit 1 for update skip locked)
        returning ${columns}`,
  );

/** False when the export is gone meanwhile (its account erased): the caller removes the file it wrote. */
export const markReady = async (db: Queryable, id: string, key: string, bytes: number, expiresAt: Date) =>
  (
    await queryRows(
      db,
      sql`update data_exports set status = 'ready', storage_key = ${key}, bytes = ${bytes}, finished_at = now(), expires_at = ${expiresAt.toISOString()}::timestamptz
        where id = ${id}::uuid and status = 'running' returning id`,
    )
  ).length > 0;

export const markFailed = (db: Queryable, id: string, error: string) =>
  db.execute(sql`update data_exports set status = 'failed', error = ${error}, finished_at = now() where id = ${id}::uuid and status = 'running'`);

/** What a dead process left running (started before `before`) is requested again. */
export const requeueRunning = (db: Queryable, before: Date) =>
  db.execute(
    sql`update data_exports set status = 'requested', started_at = null where status = 'running' and started_at < ${before.toISOString()}::timestamptz`,
  );

/** Expired exports: their files to remove, their rows then deleted. */
export const expiredExports = (db: Queryable) =>
  queryRows<{ id: string; storage_key: string | null }>(db, sql`select id, storage_key from data_exports where expires_at < now() limit 100`);
export const deleteExport = (db: Queryable, id: string) => db.execute(sql`delete from data_exports where id = ${id}::uuid`);

/** Storage keys of a user's exports (their files are removed when the account is erased). */
export const exportKeysOf = async (db: Queryable, userId: string) =>
  (await queryRows<{ storage_key: string }>(db, sql`select storage_key from data_exports where user_id = ${userId}::uuid and storage_key is not null`)).map(
    (r) => r.storage_key,
  );

// ── What the zip holds: the account's own rows, read a part at a time ──────

export const accountOf = (db: Queryable, userId: string) =>
  queryOne<Record<string, unknown>>(
    db,
    sql`select u.id, u.email, u.created_at, u.last_sign_in_at, u.email_confirmed_at, u.user_metadata,
               p.full_name, p.company_name, p.job_title, p.phone_number,
               coalesce((select array_agg(role) from user_roles r where r.user_id = u.id), '{}') as roles
        from users u left join profiles p on p.id = u.id where u.id = ${userId}::uuid`,
  );

export const threadIdsOf = async (db: Queryable, userId: string) =>
  (await queryRows<{ id: string }>(db, sql`select id from chat_threads where user_id = ${userId}::uuid order by created_at`)).map((r) => r.id);

export const threadWithMessages = async (db: Queryable, userId: string, threadId: string) => {
  const thread = await queryOne<Record<string, unknown>>(
    db,
    sql`select id, title, standard, discipline, created_at, updated_at from chat_threads where id = ${threadId}::uuid and user_id = ${userId}::uuid`,
  );
  const messages = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, role, content, citations, coverage, created_at from chat_messages where thread_id = ${threadId}::uuid order by created_at, id`,
  );
  return thread ? { ...thread, messages } : undefined;
};

export const checkIdsOf = async (db: Queryable, userId: string) =>
  (await queryRows<{ id: string }>(db, sql`select id from checks where user_id = ${userId}::uuid order by created_at`)).map((r) => r.id);

export const checkWithFindings = async (db: Queryable, userId: string, checkId: string) => {
  const check = await queryOne<Record<string, unknown>>(
    db,
    sql`select id, standard, document_name, document_type, document_bytes, document_pages, status, error, edition, created_at, finished_at
        from checks where id = ${checkId}::uuid and user_id = ${userId}::uuid`,
  );
  if (!check) return undefined;
  const documentName = String(check.document_name);
  const done = check.status === 'done';
  const findings = await queryRows<Record<string, unknown>>(db, sql`select * from check_findings where check_id = ${checkId}::uuid`);
  return { documentName, done, data: { ...check, findings } };
};

export const checkFileOf = (db: Queryable, checkId: string) =>
  queryOne<{ data: Uint8Array }>(db, sql`select data from check_files where check_id = ${checkId}::uuid`);

export const forumOf = async (db: Queryable, userId: string) => ({
  topics: await queryRows(
    db,
    sql`select id, category_id, title, body, tags, status, created_at, edited_at from forum_topics where author_id = ${userId}::uuid order by created_at`,
  ),
  replies: await queryRows(
    db,
    sql`select r.id, r.topic_id, t.title as topic_title, r.body, r.status, r.created_at, r.edited_at
        from forum_replies r join forum_topics t on t.id = r.topic_id where r.author_id = ${userId}::uuid order by r.created_at`,
  ),
  saved_topics: await queryRows(
    db,
    sql`select s.topic_id, t.title, s.created_at from forum_saved_topics s join forum_topics t on t.id = s.topic_id where s.user_id = ${userId}::uuid order by s.created_at`,
  ),
  liked_topics: await queryRows(db, sql`select topic_id, created_at from forum_topic_likes where user_id = ${userId}::uuid`),
  liked_replies: await queryRows(db, sql`select reply_id, created_at from forum_reply_likes where user_id = ${userId}::uuid`),
  reports: await queryRows(db, sql`select topic_id, reply_id, reason, created_at, resolved_at from forum_flags where user_id = ${userId}::uuid`),
});

export const followsOf = (db: Queryable, userId: string) =>
  queryRows(db, sql`select standard_code, created_at from standard_follows where user_id = ${userId}::uuid order by created_at`);

export const noticesOf = (db: Queryable, userId: string) =>
  queryRows(db, sql`select kind, title, body, data, created_at, read_at from notices where user_id = ${userId}::uuid order by created_at`);

export const sessionsOf = (db: Queryable, userId: string) =>
  queryRows(
    db,
    sql`select id, method, user_agent, ip, created_at, last_used_at, revoked_at from auth_sessions where user_id = ${userId}::uuid order by created_at`,
  );
