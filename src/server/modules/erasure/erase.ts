import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { queryOne, queryRows, type Queryable } from '../../db/client';
import { recordAudit, type AuditActor } from '../auth/audit';
import { assertNotLastAdmin } from '../roles/service';
import { DELETED_USER_EMAIL, DELETED_USER_ID, DELETED_USER_NAME } from './deleted-user';

export type ForumPostsOnDeletion = 'keep' | 'remove';

export interface ErasureResult {
  /** A random name for the account in the audit log from now on (no e-mail is kept). */
  reference: string;
  forumPosts: 'kept' | 'removed';
  /** Storage keys of the account's prepared exports: remove them once the transaction has committed. */
  exportFiles: string[];
}

async function ensureDeletedUser(tx: Queryable): Promise<void> {
  await tx.execute(sql`
    insert into users (id, email, password_hash, email_confirmed_at, banned_until, user_metadata)
    values (${DELETED_USER_ID}::uuid, ${DELETED_USER_EMAIL}, null, now(), '9999-12-31T00:00:00Z'::timestamptz, '{}'::jsonb)
    on conflict (id) do nothing`);
  await tx.execute(sql`
    insert into profiles (id, full_name) values (${DELETED_USER_ID}::uuid, ${DELETED_USER_NAME})
    on conflict (id) do nothing`);
}

/**
 * Forum counters that the user's likes and open reports added to other people's posts: taken off
 * before those rows go with the account (the counters are kept by the service, not by triggers).
 */
async function withdrawForumCounters(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`update forum_topics t set likes = greatest(0, t.likes - 1)
    from forum_topic_likes l where l.topic_id = t.id and l.user_id = ${userId}::uuid`);
  await tx.execute(sql`update forum_replies r set likes = greatest(0, r.likes - 1)
    from forum_reply_likes l where l.reply_id = r.id and l.user_id = ${userId}::uuid`);
  await tx.execute(sql`update forum_topics t set open_flags = greatest(0, t.open_flags - f.n)
    from (select topic_id, count(*)::int as n from forum_flags where user_id = ${userId}::uuid and reply_id is null and resolved_at is null group by topic_id) f
    where f.topic_id = t.id`);
  await tx.execute(sql`update forum_replies r set open_flags = greatest(0, r.open_flags - f.n)
    from (select reply_id, count(*)::int as n from forum_flags where user_id = ${userId}::uuid and reply_id is not null and resolved_at is null group by reply_id) f
    where f.reply_id = r.id`);
}

/**
 * "Remove": the user's replies go, and so do their topics unless someone else replied (those are
 * kept as "Deleted user", so that nobody else's posts go with them). Topics that lost replies have
 * their reply count and last activity recomputed.
 */
async function removeForumPosts(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`delete from forum_replies where author_id = ${userId}::uuid`);
  await tx.execute(sql`
    update forum_topics t set
      replies = (select count(*)::int from forum_replies r where r.topic_id = t.id and r.status = 'published'),
      last_activity_at = greatest(t.created_at, coalesce((select max(r.created_at) from forum_replies r where r.topic_id = t.id and r.status = 'published'), t.created_at))
    where t.author_id <> ${userId}::uuid and t.replies <> (select count(*)::int from forum_replies r where r.topic_id = t.id and r.status = 'published')`);
  await tx.execute(sql`delete from forum_topics t where t.author_id = ${userId}::uuid
    and not exists (select 1 from forum_replies r where r.topic_id = t.id)`);
}

/**
 * Erases an account inside the caller's transaction: its profile, conversations, document checks,
 * follows, notices, roles, likes, reports, saved topics, sessions and links go with the account
 * row (their foreign keys cascade); forum posts are moved to "Deleted user" (or removed, by
 * ACCOUNT_DELETION_FORUM_POSTS); earlier audit entries keep a random reference instead of the
 * e-mail and address. The deletion itself is recorded under that reference.
 *
 * Refuses (409 last_admin) to erase the last active admin.
 */
export async function eraseAccount(
  tx: Queryable,
  userId: string,
  options: { actor: AuditActor | 'self'; forumPosts: ForumPostsOnDeletion },
): Promise<ErasureResult> {
  const user = await queryOne<{ id: string }>(tx, sql`select id from users where id = ${userId}::uuid for update`);
  if (!user || userId === DELETED_USER_ID) throw new AppError(ErrorCode.userNotFound, messages.users.notFound, 404);
  try {
    await assertNotLastAdmin(tx, userId);
  } catch (error) {
    if (options.actor === 'self' && error instanceof AppError) throw new AppError(error.code, messages.account.lastAdmin, 409);
    throw error;
  }

  const exportFiles = (
    await queryRows<{ storage_key: string }>(tx, sql`select storage_key from data_exports where user_id = ${userId}::uuid and storage_key is not null`)
  ).map((r) => r.storage_key);
  const reference = `deleted-${randomUUID().slice(0, 13)}`;
  await withdrawForumCounters(tx, userId);
  if (options.forumPosts === 'remove') await removeForumPosts(tx, userId);
  // Whatever forum posts are left (all of them when kept) stay under the shared "Deleted user".
  await ensureDeletedUser(tx);
  await tx.execute(sql`update forum_topics set author_id = ${DELETED_USER_ID}::uuid where author_id = ${userId}::uuid`);
  await tx.execute(sql`update forum_replies set author_id = ${DELETED_USER_ID}::uuid where author_id = ${userId}::uuid`);

  await tx.execute(sql`update audit_log set actor_email = ${reference}, ip_address = null where actor_id = ${userId}::uuid`);
  await tx.execute(sql`update audit_log set target_email = ${reference} where target_user_id = ${userId}::uuid`);

  await tx.execute(sql`delete from users where id = ${userId}::uuid`);

  const actor: AuditActor = options.actor === 'self' ? { id: null, email: reference } : options.actor;
  const forumPosts = options.forumPosts === 'remove' ? 'removed' : 'kept';
  await recordAudit(
    tx,
    actor,
    'user_deleted',
    { userId: null, email: reference },
    { by: options.actor === 'self' ? 'self' : 'admin', forum_posts: forumPosts },
  );
  return { reference, forumPosts, exportFiles };
}
