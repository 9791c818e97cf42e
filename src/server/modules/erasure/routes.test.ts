import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { AccountDeleted } from '../../../shared/schemas/account';
import type { AdminUserList } from '../../../shared/schemas/user-admin';
import { queryOne, queryRows } from '../../db/client';
import { useTestApp, type TestContext } from '../../test/app';
import { buildUser, signIn, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { bearer, enrolTotp, totpCode } from '../../test/mfa';
import { DELETED_USER_ID } from './deleted-user';
import { engageWithTopic, likeReply, seedAccountData } from './test-data';

function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message?: string; msg?: string }>();
  expect(body.code).toBe(code);
  if (message) expect(body.message ?? body.msg).toBe(message);
}

function apiOf(ctx: () => TestContext) {
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  const db = () => ctx().database.db;
  const count = async (table: string, column: string, id: string) =>
    (await queryOne<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(column)} = ${id}::uuid`))?.n ?? 0;
  return {
    db,
    count,
    deleteMine: (who: TestUser | undefined, payload: unknown) =>
      inject({ method: 'DELETE', url: '/api/auth/account', payload: payload as InjectOptions['payload'], headers: who ? who.headers : {} }),
    adminDelete: (who: TestUser, id: string) => inject({ method: 'DELETE', url: `/api/auth/admin/users/${id}`, headers: who.headers, payload: {} }),
    getUser: (who: TestUser) => inject({ method: 'GET', url: '/api/auth/user', headers: who.headers }),
    /** Every row the account still owns, across the modules that keep personal data. */
    ownedRows: async (id: string) => ({
      users: await count('users', 'id', id),
      profiles: await count('profiles', 'id', id),
      threads: await count('chat_threads', 'user_id', id),
      checks: await count('checks', 'user_id', id),
      notices: await count('notices', 'user_id', id),
      topics: await count('forum_topics', 'author_id', id),
      replies: await count('forum_replies', 'author_id', id),
      likes: await count('forum_topic_likes', 'user_id', id),
      saved: await count('forum_saved_topics', 'user_id', id),
      flags: await count('forum_flags', 'user_id', id),
      sessions: await count('auth_sessions', 'user_id', id),
    }),
    /** Audit entries that still name `email` anywhere. */
    auditNaming: (email: string) =>
      queryRows(db(), sql`select id from audit_log where actor_email = ${email} or target_email = ${email} or details::text like ${`%${email}%`}`),
    topic: (id: string) =>
      queryOne<{ author_id: string; likes: number; replies: number; open_flags: number }>(
        db(),
        sql`select author_id, likes, replies, open_flags from forum_topics where id = ${id}::uuid`,
      ),
  };
}

const NOTHING = { users: 0, profiles: 0, threads: 0, checks: 0, notices: 0, topics: 0, replies: 0, likes: 0, saved: 0, flags: 0, sessions: 0 };

/** DELETE /api/auth/account (one's own) and DELETE /api/auth/admin/users/{id} on an account in use. */
describe('account erasure', () => {
  const ctx = useTestApp({ SIGNIN_RATE_LIMIT: '1000' });
  const api = apiOf(ctx);

  /** A user with data of every kind, who replied to, liked, saved and reported the other's topic; the other liked their reply. */
  async function twoUsers() {
    const user = await buildUser(ctx());
    const other = await buildUser(ctx());
    const mine = await seedAccountData(api.db(), user.id, 'Mine');
    const theirs = await seedAccountData(api.db(), other.id, 'Theirs');
    const myReply = await engageWithTopic(api.db(), user.id, theirs.topicId, 'Mine');
    await likeReply(api.db(), other.id, myReply);
    return { user, other, mine, theirs, myReply };
  }

  it('deletes my account after my password: my data goes, my forum posts stay as "Deleted user", the other user is untouched', async () => {
    const { user, other, mine, theirs, myReply } = await twoUsers();
    const otherBefore = await api.ownedRows(other.id);

    const res = await api.deleteMine(user, { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AccountDeleted>();
    expect(body.forum_posts).toBe('kept');

    expect(await api.ownedRows(user.id)).toEqual(NOTHING);
    // Kept posts: my topic and my reply, now the shared "Deleted user"'s, with the other's like on the reply.
    expect((await api.topic(mine.topicId))?.author_id).toBe(DELETED_USER_ID);
    expect(await queryOne<{ author_id: string; likes: number }>(api.db(), sql`select author_id, likes from forum_replies where id = ${myReply}::uuid`)).toEqual(
      {
        author_id: DELETED_USER_ID,
        likes: 1,
      },
    );
    // My like and my open report came off the other's topic; my reply still counts.
    expect(await api.topic(theirs.topicId)).toMatchObject({ author_id: other.id, likes: 0, replies: 1, open_flags: 0 });
    expect(await api.ownedRows(other.id)).toEqual(otherBefore);
    expect(await api.count('chat_messages', 'thread_id', theirs.threadId)).toBe(2);

    // Sessions ended, sign-in refused, and the audit log keeps the deletion without the e-mail.
    expectError(await api.getUser(user), 403, 'session_not_found');
    await expect(signIn(ctx().app, user.email, user.password)).rejects.toThrow(/400/);
    expect(await api.auditNaming(user.email)).toEqual([]);
    const entry = await queryOne<{ action: string; actor_id: string | null; target_email: string; details: Record<string, unknown> }>(
      api.db(),
      sql`select action, actor_id, target_email, details from audit_log where target_email = ${body.reference}`,
    );
    expect(entry).toMatchObject({ action: 'user_deleted', actor_id: null, details: { by: 'self', forum_posts: 'kept' } });
  });

  it('shows kept posts under "Deleted user" and leaves that account out of the admin list', async () => {
    const { user, mine } = await twoUsers();
    const admin = await buildUser(ctx(), { admin: true });
    expect((await api.deleteMine(user, { password: user.password })).statusCode).toBe(200);
    const topic = await ctx().app.inject({ method: 'GET', url: `/api/forum/topics/${mine.topicId}`, headers: admin.headers });
    expect(topic.statusCode, topic.body).toBe(200);
    expect(topic.body).toContain('Deleted user');
    const list = await ctx().app.inject({ method: 'GET', url: '/api/auth/admin/users?per_page=200', headers: admin.headers });
    expect(list.json<AdminUserList>().users.map((u) => u.id)).not.toContain(DELETED_USER_ID);
    expectError(await api.adminDelete(admin, DELETED_USER_ID), 404, 'user_not_found');
    // Nor can an admin open it, enable it or give it a password.
    expectError(await ctx().app.inject({ method: 'GET', url: `/api/auth/admin/users/${DELETED_USER_ID}`, headers: admin.headers }), 404, 'user_not_found');
    const enable = await ctx().app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${DELETED_USER_ID}`,
      headers: admin.headers,
      payload: { ban_duration: 'none', password: 'Brand-New-Pass-9' },
    });
    expectError(enable, 404, 'user_not_found');
  });

  it('refuses a wrong or missing password and a malformed code, changing nothing', async () => {
    const { user } = await twoUsers();
    const before = await api.ownedRows(user.id);
    expectError(await api.deleteMine(user, { password: 'Not-The-Password-1' }), 400, 'invalid_credentials', messages.account.wrongPassword);
    expectError(await api.deleteMine(user, {}), 400, 'validation_failed');
    expectError(await api.deleteMine(user, { password: '' }), 400, 'validation_failed');
    expectError(await api.deleteMine(user, { password: user.password, code: '12ab' }), 400, 'validation_failed');
    expect(await api.ownedRows(user.id)).toEqual(before);
    expect((await api.getUser(user)).statusCode).toBe(200);
  });

  it('asks an account with two-factor authentication for a current code or a recovery code, spending it', async () => {
    const { user } = await twoUsers();
    const { secret, session } = await enrolTotp(ctx(), user);
    const atAal2 = { ...user, headers: bearer(session) };
    const passwordOnly = await signIn(ctx().app, user.email, user.password);
    const before = await api.ownedRows(user.id);
    expectError(await api.deleteMine(atAal2, { password: user.password }), 400, 'mfa_verification_failed', messages.account.codeRequired);
    expectError(
      await api.deleteMine(atAal2, { password: user.password, code: totpCode(secret, 4) }),
      422,
      'mfa_verification_failed',
      messages.account.wrongCode,
    );
    // A session of the password alone (aal1) cannot reach it at all.
    expect((await api.deleteMine({ ...user, headers: bearer(passwordOnly) }, { password: user.password, code: totpCode(secret, 1) })).statusCode).toBe(403);
    expect(await api.ownedRows(user.id)).toEqual(before);

    const codes = (await ctx().app.inject({ method: 'POST', url: '/api/auth/mfa/recovery-codes', headers: bearer(session) })).json<{ codes: string[] }>().codes;
    const res = await api.deleteMine(atAal2, { password: user.password, code: codes[0] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.ownedRows(user.id)).users).toBe(0);
  });

  it('refuses the signed-out (401) and a disabled user (403)', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const user = await buildUser(ctx());
    expectError(await api.deleteMine(undefined, { password: TEST_PASSWORD }), 401, 'no_authorization');
    await ctx().app.inject({ method: 'PUT', url: `/api/auth/admin/users/${user.id}`, headers: admin.headers, payload: { ban_duration: '876000h' } });
    expect((await api.deleteMine(user, { password: user.password })).statusCode).toBe(403);
    expect(await api.count('users', 'id', user.id)).toBe(1);
  });

  it('refuses the last admin (409), then deletes them once another admin exists', async () => {
    await queryRows(api.db(), sql`delete from user_roles where role = 'admin'`);
    const admin = await buildUser(ctx(), { admin: true });
    expectError(await api.deleteMine(admin, { password: admin.password }), 409, 'last_admin', messages.account.lastAdmin);
    expect(await api.count('users', 'id', admin.id)).toBe(1);
    await buildUser(ctx(), { admin: true });
    expect((await api.deleteMine(admin, { password: admin.password })).statusCode).toBe(200);
  });

  it('lets an admin erase an account in use (a disabled one too), recorded under the admin without the e-mail', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const { user, other } = await twoUsers();
    await ctx().app.inject({ method: 'PUT', url: `/api/auth/admin/users/${user.id}`, headers: admin.headers, payload: { ban_duration: '876000h' } });
    const otherBefore = await api.ownedRows(other.id);
    const res = await api.adminDelete(admin, user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ email: string }>().email).toBe(user.email);
    expect(await api.ownedRows(user.id)).toEqual(NOTHING);
    expect(await api.ownedRows(other.id)).toEqual(otherBefore);
    expect(await api.auditNaming(user.email)).toEqual([]);
    const entry = await queryOne<{ actor_id: string; details: Record<string, unknown> }>(
      api.db(),
      sql`select actor_id, details from audit_log where action = 'user_deleted' and actor_id = ${admin.id}::uuid`,
    );
    expect(entry?.details).toMatchObject({ by: 'admin', forum_posts: 'kept' });
    expectError(await api.adminDelete(admin, user.id), 404, 'user_not_found');
  });

  it('refuses admin deletion to a non-admin (403) and for an unknown id (404), changing nothing', async () => {
    const { user, other } = await twoUsers();
    const before = await api.ownedRows(other.id);
    expectError(await api.adminDelete(user, other.id), 403, 'forbidden');
    const admin = await buildUser(ctx(), { admin: true });
    expectError(await api.adminDelete(admin, '11111111-1111-4111-8111-111111111111'), 404, 'user_not_found');
    expect((await api.adminDelete(admin, 'not-a-uuid')).statusCode).toBe(404);
    expect(await api.ownedRows(other.id)).toEqual(before);
  });
});

describe('account erasure with ACCOUNT_DELETION_FORUM_POSTS=remove', () => {
  const ctx = useTestApp({ SIGNIN_RATE_LIMIT: '1000', ACCOUNT_DELETION_FORUM_POSTS: 'remove' });
  const api = apiOf(ctx);

  it('removes my replies and my topics nobody answered; a topic someone answered stays as "Deleted user" with their reply', async () => {
    const user = await buildUser(ctx());
    const other = await buildUser(ctx());
    const mine = await seedAccountData(api.db(), user.id, 'Mine');
    const theirs = await seedAccountData(api.db(), other.id, 'Theirs');
    await engageWithTopic(api.db(), user.id, theirs.topicId, 'Mine');
    const [answered] = await queryRows<{ id: string }>(
      api.db(),
      sql`insert into forum_topics (category_id, author_id, title, body, text_hash) select category_id, author_id, 'Answered', 'b', 'h' from forum_topics where id = ${mine.topicId}::uuid returning id`,
    );
    const othersReply = await engageWithTopic(api.db(), other.id, answered!.id, 'Theirs');

    const res = await api.deleteMine(user, { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccountDeleted>().forum_posts).toBe('removed');
    expect(await api.topic(mine.topicId)).toBeUndefined();
    expect((await api.topic(answered!.id))?.author_id).toBe(DELETED_USER_ID);
    expect(await api.count('forum_replies', 'id', othersReply)).toBe(1);
    expect(await api.topic(theirs.topicId)).toMatchObject({ author_id: other.id, replies: 0, likes: 0, open_flags: 0 });
    expect(await api.count('forum_replies', 'author_id', user.id)).toBe(0);
  });
});
