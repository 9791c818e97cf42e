import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import {
  FORUM,
  FORUM_CATEGORIES,
  type ActiveMember,
  type CreateTopicInput,
  type DecisionListResponse,
  type DecisionResponse,
  type FlagResponse,
  type ForumCategoriesResponse,
  type ForumStats,
  type LikeResponse,
  type ModerationQueueResponse,
  type Reply,
  type ReplyListResponse,
  type TopicDetail,
  type TopicListResponse,
} from '../../../shared/schemas/forum';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';
import * as repo from './repository';

const m = messages.forum;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('forum API', () => {
  const ctx = useTestApp();
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  const inject = (method: Method, url: string, user?: TestUser, payload?: unknown) =>
    ctx().app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

  let counter = 0;
  const topicInput = (overrides: Partial<CreateTopicInput> = {}): CreateTopicInput => {
    counter += 1;
    return {
      title: `Ballast shoulder widths on curve ${counter}`,
      body: `What ballast shoulder width are you using on curves below 800 m radius? Case ${counter}.`,
      categoryId: 'track-engineering',
      tags: ['ballast'],
      ...overrides,
    };
  };
  const postTopic = async (user: TestUser, overrides: Partial<CreateTopicInput> = {}) => {
    const res = await inject('POST', '/api/forum/topics', user, topicInput(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TopicDetail>();
  };
  const postReply = async (user: TestUser, topicId: string, body: string) => {
    const res = await inject('POST', `/api/forum/topics/${topicId}/replies`, user, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Reply>();
  };
  const list = async (user: TestUser | undefined, query: string) => {
    const res = await inject('GET', `/api/forum/topics?${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TopicListResponse>();
  };
  /** A published topic written straight into the database, with counters and times chosen by the test. */
  const insertTopic = async (
    authorId: string,
    fields: {
      title: string;
      tag: string;
      daysAgo: number;
      views?: number;
      pinned?: boolean;
      likes?: number;
      replies?: number;
      activeDaysAgo?: number;
      category?: (typeof FORUM_CATEGORIES)[number]['id'];
      body?: string;
    },
  ) => {
    const created = new Date(Date.now() - fields.daysAgo * 86_400_000);
    const id = await repo.insertTopic(ctx().database.db, {
      categoryId: fields.category ?? 'track-engineering',
      authorId,
      title: fields.title,
      body: fields.body ?? `${fields.title}: body text long enough to be a topic.`,
      tags: [fields.tag],
      textHash: `direct-${fields.title}`,
      status: 'published',
      autoReasons: [],
      moderationReason: null,
      pinned: fields.pinned,
      views: fields.views,
      createdAt: created,
    });
    const active = new Date(Date.now() - (fields.activeDaysAgo ?? fields.daysAgo) * 86_400_000).toISOString();
    await ctx().database.db.execute(
      sql`update forum_topics set likes = ${fields.likes ?? 0}, replies = ${fields.replies ?? 0}, last_activity_at = ${active}::timestamptz where id = ${id}::uuid`,
    );
    return id;
  };

  /** A fresh account for each piece of writing: alice, bob and admin mostly read, so that no test trips another's posting limits. */
  const writer = () => buildUser(ctx());

  beforeAll(async () => {
    admin = await buildUser(ctx(), { admin: true });
    alice = await buildUser(ctx());
    bob = await buildUser(ctx());
  });

  describe('categories', () => {
    it('lists the six categories in the spec order with live counts of published topics', async () => {
      const before = (await inject('GET', '/api/forum/categories')).json<ForumCategoriesResponse>();
      expect(before.categories.map((c) => c.name)).toEqual(FORUM_CATEGORIES.map((c) => c.name));
      const user = await buildUser(ctx());
      await postTopic(user, { categoryId: 'geotechnical' });
      await postTopic(user, {
        categoryId: 'geotechnical',
        title: 'This damn cutting keeps slipping',
        body: 'The fucking slope moved again after the rain last night.',
      });
      const after = (await inject('GET', '/api/forum/categories')).json<ForumCategoriesResponse>();
      const count = (r: ForumCategoriesResponse) => r.categories.find((c) => c.id === 'geotechnical')?.topicCount;
      // The held (profane) topic does not count.
      expect(count(after)).toBe((count(before) ?? 0) + 1);
      expect(after.totalTopics).toBe(before.totalTopics + 1);
    });
  });

  describe('topics', () => {
    it('creates a topic with normalised tags and shows it to other users', async () => {
      const author = await writer();
      const res = await inject('POST', '/api/forum/topics', author, {
        title: '  Switch heating on a 1:15 turnout  ',
        body: 'Gas or electric point heating for a 1:15 turnout on an exposed embankment?',
        categoryId: 'track-engineering',
        tags: ['Points Heating', 'points heating', 'S&C'],
      });
      expect(res.statusCode, res.body).toBe(201);
      const topic = res.json<TopicDetail>();
      expect(topic).toMatchObject({
        title: 'Switch heating on a 1:15 turnout',
        category: { id: 'track-engineering', name: 'Track Engineering' },
        tags: ['points heating', 's&c'],
        author: { id: author.id, name: author.email.split('@')[0] },
        status: 'published',
        isMine: true,
        pinned: false,
        locked: false,
        likes: 0,
        replies: 0,
        views: 0,
        moderationReason: null,
      });
      expect(Date.parse(topic.editableUntil ?? '')).toBeGreaterThan(Date.now() + 14 * 60_000);
      expect(topic.lastActivityAt).toBe(topic.createdAt);

      const seen = await inject('GET', `/api/forum/topics/${topic.id}`, bob);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<TopicDetail>()).toMatchObject({ id: topic.id, isMine: false, editableUntil: null, views: 1 });
      const listed = await list(bob, 'q=turnout%20heating');
      expect(listed.items.map((t) => t.id)).toContain(topic.id);
    });

    it.each([
      [{ title: 'Hey', body: 'x'.repeat(30), categoryId: 'signalling' }, m.titleTooShort],
      [{ title: 'x'.repeat(151), body: 'x'.repeat(30), categoryId: 'signalling' }, m.titleTooLong],
      [{ body: 'x'.repeat(30), categoryId: 'signalling' }, m.titleRequired],
      [{ title: 'A proper title', categoryId: 'signalling' }, m.bodyRequired],
      [{ title: 'A proper title', body: 'too short', categoryId: 'signalling' }, m.bodyTooShort],
      [{ title: 'A proper title', body: 'x'.repeat(FORUM.bodyMax + 1), categoryId: 'signalling' }, m.bodyTooLong],
      [{ title: 'A proper title', body: 'x'.repeat(30) }, m.categoryRequired],
      [{ title: 'A proper title', body: 'x'.repeat(30), categoryId: 'rolling-stock' }, m.categoryRequired],
      [{ title: 'A proper title', body: 'x'.repeat(30), categoryId: 'signalling', tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, m.tooManyTags],
      [{ title: 'A proper title', body: 'x'.repeat(30), categoryId: 'signalling', tags: ['<b>'] }, m.tagInvalid],
    ])('refuses bad input %# with a clear message', async (payload, message) => {
      const res = await inject('POST', '/api/forum/topics', alice, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'validation_failed' });
    });

    it('stores markdown verbatim (script tags and javascript: links stay text) and never answers HTML', async () => {
      const user = await buildUser(ctx());
      const body = 'Look at this <script>alert("x")</script> and [click me](javascript:alert(1)) then <img src=x onerror=alert(2)>.';
      const res = await inject('POST', '/api/forum/topics', user, topicInput({ body, title: 'Markdown <b>bold</b> title' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const created = res.json<TopicDetail>();
      expect(created.body).toBe(body);
      expect(created.title).toBe('Markdown <b>bold</b> title');
      // A javascript: link from a brand-new account is a spam signal: held for review.
      expect(created.status).toBe('held');
      expect(created.moderationReason).toMatch(/Link from an account/);

      const read = await inject('GET', `/api/forum/topics/${created.id}`, user);
      expect(read.headers['content-type']).toMatch(/^application\/json/);
      expect(read.json<TopicDetail>().body).toBe(body);
      expect(read.body).not.toContain('&lt;');
      const mine = await list(user, 'sort=recent');
      const row = mine.items.find((t) => t.id === created.id);
      expect(row?.excerpt).not.toMatch(/[<>]/);

      const reply = await postReply(user, (await postTopic(await writer())).id, '<script>document.cookie</script> **bold**');
      expect(reply.body).toBe('<script>document.cookie</script> **bold**');
    });

    it('answers 404 for unknown or malformed topic ids', async () => {
      for (const id of [MISSING_ID, 'not-an-id']) {
        const res = await inject('GET', `/api/forum/topics/${id}`, alice);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: m.topicNotFound, code: 'not_found' });
      }
    });

    it('counts views of other readers, not of the author', async () => {
      const author = await writer();
      const topic = await postTopic(author);
      await inject('GET', `/api/forum/topics/${topic.id}`, author);
      await inject('GET', `/api/forum/topics/${topic.id}`, bob);
      await inject('GET', `/api/forum/topics/${topic.id}`, admin);
      const read = await inject('GET', `/api/forum/topics/${topic.id}`, author);
      expect(read.json<TopicDetail>().views).toBe(2);
    });
  });

  describe('guests', () => {
    it('get the 2-topic preview whatever they ask, and nothing else', async () => {
      const writer = await buildUser(ctx());
      await postTopic(writer);
      await postTopic(writer);
      await postTopic(writer);
      const preview = await list(undefined, 'q=nothing-matches-this&page=3&tab=unanswered');
      expect(preview.preview).toBe(true);
      expect(preview.items).toHaveLength(FORUM.previewTopics);
      expect(preview.total).toBeGreaterThanOrEqual(3);
      expect(preview.items.every((t) => !('body' in t))).toBe(true);
      const signedIn = await list(alice, 'pageSize=2');
      expect(preview.items.map((t) => t.id)).toEqual(signedIn.items.map((t) => t.id));

      // The preview's topics can be read; any other answers 401.
      const previewed = preview.items[0]?.id as string;
      expect((await inject('GET', `/api/forum/topics/${previewed}`)).statusCode).toBe(200);
      const other = (await list(alice, 'page=2&pageSize=2')).items[0]?.id as string;
      const refused = await inject('GET', `/api/forum/topics/${other}`);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: m.signInRequired, code: 'sign_in_required' });
      expect((await inject('GET', `/api/forum/topics/${previewed}/replies`)).statusCode).toBe(401);
    });

    it('get 401 from every write, personal and admin route', async () => {
      const topic = await postTopic(await writer());
      const reply = await postReply(await writer(), topic.id, 'A reply for the guest checks');
      const routes: [Method, string, unknown?][] = [
        ['POST', '/api/forum/topics', topicInput()],
        ['PATCH', `/api/forum/topics/${topic.id}`, { title: 'Changed title' }],
        ['DELETE', `/api/forum/topics/${topic.id}`],
        ['PUT', `/api/forum/topics/${topic.id}/pin`, { pinned: true }],
        ['PUT', `/api/forum/topics/${topic.id}/lock`, { locked: true }],
        ['PUT', `/api/forum/topics/${topic.id}/category`, { categoryId: 'signalling' }],
        ['POST', `/api/forum/topics/${topic.id}/like`],
        ['DELETE', `/api/forum/topics/${topic.id}/like`],
        ['POST', `/api/forum/topics/${topic.id}/flag`, { reason: 'Spam' }],
        ['PUT', `/api/forum/topics/${topic.id}/save`],
        ['DELETE', `/api/forum/topics/${topic.id}/save`],
        ['GET', `/api/forum/topics/${topic.id}/replies`],
        ['POST', `/api/forum/topics/${topic.id}/replies`, { body: 'Hello there' }],
        ['PATCH', `/api/forum/topics/${topic.id}/replies/${reply.id}`, { body: 'Changed' }],
        ['DELETE', `/api/forum/topics/${topic.id}/replies/${reply.id}`],
        ['POST', `/api/forum/topics/${topic.id}/replies/${reply.id}/like`],
        ['POST', `/api/forum/topics/${topic.id}/replies/${reply.id}/flag`, { reason: 'Spam' }],
        ['GET', '/api/forum/saved'],
        ['GET', '/api/forum/me/stats'],
        ['GET', '/api/forum/members/active'],
        ['GET', '/api/forum/moderation/queue'],
        ['POST', `/api/forum/moderation/topic/${topic.id}/approve`, {}],
        ['POST', `/api/forum/moderation/topic/${topic.id}/reject`, { reason: 'Off topic' }],
        ['GET', '/api/forum/moderation/decisions'],
      ];
      for (const [method, url, payload] of routes) {
        const res = await inject(method, url, undefined, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('admin actions', () => {
    it('answer 403 to signed-in users who are not admins', async () => {
      const topic = await postTopic(await writer());
      const reply = await postReply(await writer(), topic.id, 'A reply for the role checks');
      const routes: [Method, string, unknown?][] = [
        ['DELETE', `/api/forum/topics/${topic.id}`],
        ['PUT', `/api/forum/topics/${topic.id}/pin`, { pinned: true }],
        ['PUT', `/api/forum/topics/${topic.id}/lock`, { locked: true }],
        ['PUT', `/api/forum/topics/${topic.id}/category`, { categoryId: 'signalling' }],
        ['DELETE', `/api/forum/topics/${topic.id}/replies/${reply.id}`],
        ['GET', '/api/forum/moderation/queue'],
        ['POST', `/api/forum/moderation/topic/${topic.id}/approve`, {}],
        ['POST', `/api/forum/moderation/reply/${reply.id}/reject`, { reason: 'Off topic' }],
        ['GET', '/api/forum/moderation/decisions'],
      ];
      for (const [method, url, payload] of routes) {
        const res = await inject(method, url, alice, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden' });
      }
    });

    it('pin, lock, move and delete topics, each decision recorded', async () => {
      const topic = await postTopic(await writer());
      const reply = await postReply(await writer(), topic.id, 'An answer before the lock');

      const pinned = await inject('PUT', `/api/forum/topics/${topic.id}/pin`, admin, { pinned: true });
      expect(pinned.statusCode, pinned.body).toBe(200);
      expect(pinned.json<TopicDetail>().pinned).toBe(true);
      expect((await list(bob, '')).items[0]?.id).toBe(topic.id);

      const locked = await inject('PUT', `/api/forum/topics/${topic.id}/lock`, admin, { locked: true });
      expect(locked.json<TopicDetail>().locked).toBe(true);
      const refused = await inject('POST', `/api/forum/topics/${topic.id}/replies`, await writer(), { body: 'After the lock' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: m.topicLocked, code: 'topic_locked' });
      expect((await inject('POST', `/api/forum/topics/${topic.id}/replies`, admin, { body: 'Locking this: answered.' })).statusCode).toBe(201);

      const moved = await inject('PUT', `/api/forum/topics/${topic.id}/category`, admin, { categoryId: 'signalling' });
      expect(moved.json<TopicDetail>().category).toEqual({ id: 'signalling', name: 'Signalling' });
      expect((await inject('PUT', `/api/forum/topics/${topic.id}/category`, admin, { categoryId: 'nowhere' })).statusCode).toBe(400);
      expect((await inject('PUT', `/api/forum/topics/${topic.id}/pin`, admin, { pinned: 'yes' })).statusCode).toBe(400);
      expect((await inject('PUT', `/api/forum/topics/${MISSING_ID}/pin`, admin, { pinned: true })).statusCode).toBe(404);

      const unpinned = await inject('PUT', `/api/forum/topics/${topic.id}/pin`, admin, { pinned: false });
      expect(unpinned.json<TopicDetail>().pinned).toBe(false);

      expect((await inject('DELETE', `/api/forum/topics/${topic.id}/replies/${reply.id}`, admin)).statusCode).toBe(204);
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, bob)).json<TopicDetail>().replies).toBe(1);
      expect((await inject('DELETE', `/api/forum/topics/${topic.id}`, admin)).statusCode).toBe(204);
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, bob)).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/forum/topics/${topic.id}`, admin)).statusCode).toBe(404);

      const decisions = (await inject('GET', `/api/forum/moderation/decisions?postId=${topic.id}`, admin)).json<DecisionListResponse>();
      expect(decisions.items.map((d) => d.action)).toEqual(['deleted', 'unpinned', 'moved', 'locked', 'pinned', 'published']);
      expect(decisions.items[0]).toMatchObject({ kind: 'topic', topicTitle: topic.title, moderator: { id: admin.id } });
      expect(decisions.items.at(-1)).toMatchObject({ moderator: null, reason: 'Passed the automated checks' });
      expect(decisions.items.find((d) => d.action === 'moved')?.reason).toBe('Moved from track-engineering to signalling');
    });
  });

  describe('replies', () => {
    it('lists replies oldest first and keeps the topic counters', async () => {
      const [a, b] = [await writer(), await writer()];
      const topic = await postTopic(a);
      const first = await postReply(b, topic.id, 'First: we use 300 mm shoulders.');
      const second = await postReply(a, topic.id, 'Second: thanks, same here.');
      const res = await inject('GET', `/api/forum/topics/${topic.id}/replies`, b);
      expect(res.statusCode).toBe(200);
      const page = res.json<ReplyListResponse>();
      expect(page.items.map((r) => r.id)).toEqual([first.id, second.id]);
      expect(page.items[0]).toMatchObject({ author: { id: b.id }, isMine: true, status: 'published', likes: 0, likedByMe: false });
      expect(page.items[1]).toMatchObject({ isMine: false, editableUntil: null });
      const read = (await inject('GET', `/api/forum/topics/${topic.id}`, bob)).json<TopicDetail>();
      expect(read.replies).toBe(2);
      expect(read.lastActivityAt).toBe(second.createdAt);

      const paged = (await inject('GET', `/api/forum/topics/${topic.id}/replies?page=2&pageSize=1`, bob)).json<ReplyListResponse>();
      expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(paged.items.map((r) => r.id)).toEqual([second.id]);
    });

    it('refuses bad replies and replies to unknown topics', async () => {
      const topic = await postTopic(await writer());
      const blank = await inject('POST', `/api/forum/topics/${topic.id}/replies`, bob, { body: '   ' });
      expect(blank.json()).toMatchObject({ error: m.replyRequired });
      const long = await inject('POST', `/api/forum/topics/${topic.id}/replies`, bob, { body: 'x'.repeat(FORUM.replyMax + 1) });
      expect(long.json()).toMatchObject({ error: m.replyTooLong });
      expect((await inject('POST', `/api/forum/topics/${MISSING_ID}/replies`, await writer(), { body: 'Hello there' })).statusCode).toBe(404);
      expect((await inject('GET', `/api/forum/topics/${topic.id}/replies?pageSize=500`, bob)).json()).toMatchObject({ error: m.pageSizeInvalid });
    });
  });

  describe('editing', () => {
    it('lets the author edit within 15 minutes, nobody else, and nobody after', async () => {
      const [alice, bob] = [await writer(), await writer()];
      const topic = await postTopic(alice);
      const edited = await inject('PATCH', `/api/forum/topics/${topic.id}`, alice, {
        title: 'Ballast shoulder widths: corrected',
        tags: ['Ballast', 'Curves'],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<TopicDetail>()).toMatchObject({ title: 'Ballast shoulder widths: corrected', tags: ['ballast', 'curves'], status: 'published' });
      expect(edited.json<TopicDetail>().editedAt).not.toBeNull();

      const notMine = await inject('PATCH', `/api/forum/topics/${topic.id}`, bob, { title: 'Hijacked title' });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json()).toMatchObject({ code: 'not_author', error: m.notAuthor });
      expect((await inject('PATCH', `/api/forum/topics/${topic.id}`, alice, {})).json()).toMatchObject({ error: m.nothingToUpdate });

      const reply = await postReply(bob, topic.id, 'Reply to edit');
      const replyEdited = await inject('PATCH', `/api/forum/topics/${topic.id}/replies/${reply.id}`, bob, { body: 'Reply, edited' });
      expect(replyEdited.json<Reply>()).toMatchObject({ body: 'Reply, edited' });

      // Sixteen minutes later.
      const past = new Date(Date.now() - 16 * 60_000).toISOString();
      await ctx().database.db.execute(sql`update forum_topics set created_at = ${past}::timestamptz where id = ${topic.id}::uuid`);
      await ctx().database.db.execute(sql`update forum_replies set created_at = ${past}::timestamptz where id = ${reply.id}::uuid`);
      const late = await inject('PATCH', `/api/forum/topics/${topic.id}`, alice, { title: 'Too late to change' });
      expect(late.statusCode).toBe(403);
      expect(late.json()).toMatchObject({ code: 'edit_window_closed', error: m.editWindowClosed });
      expect((await inject('PATCH', `/api/forum/topics/${topic.id}/replies/${reply.id}`, bob, { body: 'Too late' })).json()).toMatchObject({
        code: 'edit_window_closed',
      });
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, alice)).json<TopicDetail>().editableUntil).toBeNull();
    });

    it('moderates an edit again: profanity added after posting is held', async () => {
      const user = await buildUser(ctx());
      const topic = await postTopic(user);
      const edited = await inject('PATCH', `/api/forum/topics/${topic.id}`, user, { body: 'Edited: this shit design keeps failing every winter.' });
      expect(edited.json<TopicDetail>()).toMatchObject({ status: 'held' });
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, bob)).statusCode).toBe(404);
    });
  });

  describe('likes and saves', () => {
    it('allows one like per user per post and keeps the counters', async () => {
      const author = await writer();
      const topic = await postTopic(author);
      const like = () => inject('POST', `/api/forum/topics/${topic.id}/like`, bob);
      expect((await like()).json<LikeResponse>()).toEqual({ likes: 1, likedByMe: true });
      expect((await like()).json<LikeResponse>()).toEqual({ likes: 1, likedByMe: true });
      expect((await inject('POST', `/api/forum/topics/${topic.id}/like`, admin)).json<LikeResponse>()).toEqual({ likes: 2, likedByMe: true });
      expect((await inject('DELETE', `/api/forum/topics/${topic.id}/like`, bob)).json<LikeResponse>()).toEqual({ likes: 1, likedByMe: false });
      expect((await inject('DELETE', `/api/forum/topics/${topic.id}/like`, bob)).json<LikeResponse>()).toEqual({ likes: 1, likedByMe: false });
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, admin)).json<TopicDetail>()).toMatchObject({ likes: 1, likedByMe: true });

      const reply = await postReply(author, topic.id, 'A reply worth liking');
      const replyLike = await inject('POST', `/api/forum/topics/${topic.id}/replies/${reply.id}/like`, bob);
      expect(replyLike.json<LikeResponse>()).toEqual({ likes: 1, likedByMe: true });
      const replies = (await inject('GET', `/api/forum/topics/${topic.id}/replies`, bob)).json<ReplyListResponse>();
      expect(replies.items[0]).toMatchObject({ likes: 1, likedByMe: true });
      expect((await inject('POST', `/api/forum/topics/${topic.id}/replies/${MISSING_ID}/like`, bob)).statusCode).toBe(404);
      expect((await inject('POST', `/api/forum/topics/${MISSING_ID}/like`, bob)).statusCode).toBe(404);
    });

    it('saves and unsaves topics, listed under /saved', async () => {
      const user = await buildUser(ctx());
      const topic = await postTopic(await writer());
      expect((await inject('PUT', `/api/forum/topics/${topic.id}/save`, user)).json()).toEqual({ savedByMe: true });
      expect((await inject('PUT', `/api/forum/topics/${topic.id}/save`, user)).json()).toEqual({ savedByMe: true });
      const saved = (await inject('GET', '/api/forum/saved', user)).json<TopicListResponse>();
      expect(saved.items.map((t) => t.id)).toEqual([topic.id]);
      expect(saved.items[0]?.savedByMe).toBe(true);
      expect((await inject('GET', '/api/forum/me/stats', user)).json<ForumStats>().saved).toBe(1);
      expect((await inject('DELETE', `/api/forum/topics/${topic.id}/save`, user)).json()).toEqual({ savedByMe: false });
      expect((await inject('GET', '/api/forum/saved', user)).json<TopicListResponse>()).toMatchObject({ items: [], total: 0 });
    });
  });

  describe('moderation', () => {
    it('holds a profane post: only its author and admins see it, until an admin approves it', async () => {
      const author = await writer();
      const res = await inject('POST', '/api/forum/topics', author, topicInput({ title: 'Who designed this shit junction?', tags: ['junctions'] }));
      expect(res.statusCode).toBe(201);
      const held = res.json<TopicDetail>();
      expect(held).toMatchObject({ status: 'held', isMine: true });
      expect(held.moderationReason).toContain('Profanity: shit');

      expect((await inject('GET', `/api/forum/topics/${held.id}`, bob)).statusCode).toBe(404);
      expect((await list(bob, 'q=junction')).items.map((t) => t.id)).not.toContain(held.id);
      expect((await list(undefined, '')).items.map((t) => t.id)).not.toContain(held.id);
      expect((await inject('POST', `/api/forum/topics/${held.id}/replies`, await writer(), { body: 'Replying to a held post' })).statusCode).toBe(404);
      expect((await inject('POST', `/api/forum/topics/${held.id}/like`, bob)).statusCode).toBe(404);
      const own = await list(author, 'q=junction');
      expect(own.items.find((t) => t.id === held.id)).toMatchObject({ status: 'held' });
      const asAdmin = await inject('GET', `/api/forum/topics/${held.id}`, admin);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json<TopicDetail>().moderationReason).toContain('Profanity');

      const queue = (await inject('GET', '/api/forum/moderation/queue?pageSize=50', admin)).json<ModerationQueueResponse>();
      const item = queue.items.find((i) => i.id === held.id);
      expect(item).toMatchObject({ kind: 'topic', status: 'held', title: held.title, author: { id: author.id }, flags: [] });
      expect(item?.autoReasons).toEqual(['Profanity: shit']);

      const approved = await inject('POST', `/api/forum/moderation/topic/${held.id}/approve`, admin, { reason: 'Frustration, not abuse' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<DecisionResponse>()).toMatchObject({
        status: 'published',
        decision: { action: 'approved', reason: 'Frustration, not abuse', moderator: { id: admin.id }, postId: held.id, kind: 'topic' },
      });
      expect((await inject('GET', `/api/forum/topics/${held.id}`, bob)).json<TopicDetail>()).toMatchObject({ status: 'published', moderationReason: null });
      const again = await inject('POST', `/api/forum/moderation/topic/${held.id}/approve`, admin, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'nothing_to_review' });

      const decisions = (await inject('GET', `/api/forum/moderation/decisions?postId=${held.id}`, admin)).json<DecisionListResponse>();
      expect(decisions.items.map((d) => [d.action, d.moderator?.id ?? null])).toEqual([
        ['approved', admin.id],
        ['held', null],
      ]);
      expect(decisions.items[1]?.reason).toBe('Profanity: shit');
      expect(Date.parse(decisions.items[0]?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    });

    it('rejects a held reply with a reason that its author sees', async () => {
      const author = await writer();
      const topic = await postTopic(await writer());
      const reply = await postReply(author, topic.id, 'What a load of bollocks this standard is.');
      expect(reply.status).toBe('held');
      const replies = (await inject('GET', `/api/forum/topics/${topic.id}/replies`, bob)).json<ReplyListResponse>();
      expect(replies.items.map((r) => r.id)).not.toContain(reply.id);
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, bob)).json<TopicDetail>().replies).toBe(0);

      const noReason = await inject('POST', `/api/forum/moderation/reply/${reply.id}/reject`, admin, {});
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toMatchObject({ error: m.rejectReasonRequired });
      const rejected = await inject('POST', `/api/forum/moderation/reply/${reply.id}/reject`, admin, { reason: 'Please keep it professional' });
      expect(rejected.json<DecisionResponse>()).toMatchObject({ status: 'rejected', decision: { action: 'rejected', reason: 'Please keep it professional' } });
      const own = (await inject('GET', `/api/forum/topics/${topic.id}/replies`, author)).json<ReplyListResponse>();
      expect(own.items.find((r) => r.id === reply.id)).toMatchObject({ status: 'rejected', moderationReason: 'Please keep it professional' });
      expect((await inject('POST', `/api/forum/moderation/reply/${MISSING_ID}/approve`, admin, {})).statusCode).toBe(404);
      expect((await inject('POST', `/api/forum/moderation/post/${reply.id}/approve`, admin, {})).statusCode).toBe(400);
    });

    it('hides a post after three reports until an admin reviews it', async () => {
      const alice = await writer();
      const topic = await postTopic(alice);
      const reporters = [bob, admin, await buildUser(ctx())];
      const own = await inject('POST', `/api/forum/topics/${topic.id}/flag`, alice, { reason: 'Testing my own' });
      expect(own.statusCode).toBe(400);
      expect(own.json()).toMatchObject({ code: 'own_post' });
      expect((await inject('POST', `/api/forum/topics/${topic.id}/flag`, bob, {})).json()).toMatchObject({ error: m.flagReasonRequired });

      const answers: FlagResponse[] = [];
      for (const [i, user] of reporters.entries()) {
        const res = await inject('POST', `/api/forum/topics/${topic.id}/flag`, user, { reason: `Advertising ${i}` });
        expect(res.statusCode, res.body).toBe(201);
        answers.push(res.json<FlagResponse>());
        if (i === 0) {
          const twice = await inject('POST', `/api/forum/topics/${topic.id}/flag`, user, { reason: 'Again' });
          expect(twice.statusCode).toBe(409);
          expect(twice.json()).toMatchObject({ code: 'already_flagged' });
        }
      }
      expect(answers.map((a) => a.hidden)).toEqual([false, false, true]);
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, bob)).statusCode).toBe(404);
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, alice)).json<TopicDetail>()).toMatchObject({ status: 'hidden' });

      const queue = (await inject('GET', '/api/forum/moderation/queue?pageSize=50', admin)).json<ModerationQueueResponse>();
      const item = queue.items.find((i) => i.id === topic.id);
      expect(item?.status).toBe('hidden');
      expect(item?.flags.map((f) => f.reason)).toEqual(['Advertising 0', 'Advertising 1', 'Advertising 2']);
      expect(item?.flags[0]?.by.id).toBe(bob.id);

      await inject('POST', `/api/forum/moderation/topic/${topic.id}/approve`, admin, {});
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, bob)).json<TopicDetail>()).toMatchObject({ status: 'published' });
      const after = (await inject('GET', '/api/forum/moderation/queue?pageSize=50', admin)).json<ModerationQueueResponse>();
      expect(after.items.map((i) => i.id)).not.toContain(topic.id);
      // Reports are closed: the same user may report it again, and it takes three new ones to hide it.
      expect((await inject('POST', `/api/forum/topics/${topic.id}/flag`, bob, { reason: 'Still advertising' })).json()).toEqual({
        flagged: true,
        hidden: false,
      });
      const decisions = (await inject('GET', `/api/forum/moderation/decisions?postId=${topic.id}`, admin)).json<DecisionListResponse>();
      expect(decisions.items.map((d) => d.action)).toEqual(['approved', 'hidden', 'published']);
    });

    it('lists a reported reply in the queue with its report', async () => {
      const author = await writer();
      const topic = await postTopic(author);
      const reply = await postReply(author, topic.id, 'Buy cheap sleepers from my shop');
      await inject('POST', `/api/forum/topics/${topic.id}/replies/${reply.id}/flag`, bob, { reason: 'Advertising' });
      const queue = (await inject('GET', '/api/forum/moderation/queue?pageSize=50', admin)).json<ModerationQueueResponse>();
      expect(queue.items.find((i) => i.id === reply.id)).toMatchObject({
        kind: 'reply',
        status: 'published',
        topicId: topic.id,
        title: null,
        flags: [{ reason: 'Advertising' }],
      });
      const rejected = await inject('POST', `/api/forum/moderation/reply/${reply.id}/reject`, admin, { reason: 'Advertising is not allowed' });
      expect(rejected.json<DecisionResponse>().status).toBe('rejected');
      expect((await inject('GET', `/api/forum/topics/${topic.id}`, bob)).json<TopicDetail>().replies).toBe(0);
    });

    it('holds repeated text and links from new accounts', async () => {
      const user = await buildUser(ctx());
      const topic = await postTopic(await writer());
      const first = await postReply(user, topic.id, 'Has anyone got the latest version of the track standard?');
      expect(first.status).toBe('published');
      const repeated = await postReply(user, topic.id, 'Has anyone got the LATEST version of the track standard??');
      expect(repeated).toMatchObject({ status: 'held' });
      expect(repeated.moderationReason).toContain('Repeated text');
      // A short acknowledgement is said by many people and is not held for it.
      for (const thanker of [await buildUser(ctx()), await buildUser(ctx())]) {
        expect((await postReply(thanker, topic.id, 'Thanks, that helps.')).status).toBe('published');
      }
      const link = await postReply(await buildUser(ctx()), topic.id, 'Great prices at https://example.com/sleepers');
      expect(link.moderationReason).toContain('Link from an account less than 7 days old');
    });
  });

  describe('posting limits', () => {
    it('publishes five posts in a minute, the limit, and answers 429 beyond', async () => {
      const user = await buildUser(ctx());
      const topic = await postTopic(await writer());
      const statuses: string[] = [];
      const quickReplies = [
        'Did you tamp before or after the rail change?',
        'After. The geometry settled within three days.',
        'Same on our line, the second pass made the difference.',
        'Was there a speed restriction meanwhile?',
        'Yes, 40 km/h for a week until the stabiliser ran.',
      ];
      for (const body of quickReplies.slice(0, FORUM.postsPerWindow)) statuses.push((await postReply(user, topic.id, body)).status);
      // A quick back-and-forth within the limit is never held for frequency alone.
      expect(statuses).toEqual(Array(FORUM.postsPerWindow).fill('published'));
      const limited = await inject('POST', `/api/forum/topics/${topic.id}/replies`, user, { body: 'One too many' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'posting_too_fast', error: m.postingTooFast });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const topicToo = await inject('POST', '/api/forum/topics', user, topicInput());
      expect(topicToo.statusCode).toBe(429);
      // Bad input does not count against the limit, and other users are not affected.
      expect((await inject('POST', `/api/forum/topics/${topic.id}/replies`, await writer(), { body: 'Not limited' })).statusCode).toBe(201);
    });

    /** An account a week old or more with three published posts: its links are not held for its age. */
    const establishedWriter = async () => {
      const user = await writer();
      const { db } = ctx().database;
      await db.execute(sql`update users set created_at = now() - interval '30 days' where id = ${user.id}::uuid`);
      const old = new Date(Date.now() - 10 * 86_400_000);
      const topicId = await insertTopic(user.id, { title: `Older topic by ${user.email}`, tag: 'history', daysAgo: 10 });
      for (const n of [1, 2]) {
        const body = `Older reply ${n} by ${user.email}`;
        await repo.insertReply(db, {
          topicId,
          authorId: user.id,
          body,
          textHash: `direct-${body}`,
          status: 'published',
          autoReasons: [],
          moderationReason: null,
          createdAt: old,
        });
      }
      return user;
    };

    it('holds a post that makes more than five in a minute, as the limit lets through at its window edge', async () => {
      const user = await writer();
      const topic = await postTopic(await writer());
      // Five posts in the last minute that the limit's current window did not count (they fell in the last one).
      for (let i = 1; i <= FORUM.postsPerWindow; i += 1) {
        const body = `Edge post ${i} by ${user.email}`;
        await repo.insertReply(ctx().database.db, {
          topicId: topic.id,
          authorId: user.id,
          body,
          textHash: `direct-${body}`,
          status: 'published',
          autoReasons: [],
          moderationReason: null,
          createdAt: new Date(Date.now() - (50 - i * 5) * 1000),
        });
      }
      const sixth = await postReply(user, topic.id, 'And a sixth one within the same minute');
      expect(sixth).toMatchObject({ status: 'held', moderationReason: 'Posting burst: more than 5 posts within 1 minute' });
    });

    it('holds a reworded advert and a run of links from an established account, and only those', async () => {
      const topic = await postTopic(await writer());
      const seller = await establishedWriter();
      const advert = (product: string, off: number) =>
        `Best prices on ${product} this week, ${off}% off for railway contractors in Leeds. WhatsApp +44 7700 ${off}1234 for a quote.`;
      expect((await postReply(seller, topic.id, advert('rail clips', 20))).status).toBe('published');
      expect(await postReply(seller, topic.id, advert('rail clips', 35))).toMatchObject({
        status: 'held',
        moderationReason: 'Near-identical text: like another post by the same author within 60 minutes',
      });

      const linker = await establishedWriter();
      const links = [
        'Clause 9 covers it, see https://www.ecfr.gov/current/title-49/part-213/section-213.9 for the wording.',
        'The RSSB guidance says the same: https://www.rssb.co.uk/standards/GCRT5021 has the table.',
        'Our own notes from the last renewal are at www.example.org/renewal-notes if they help.',
      ];
      const statuses = [];
      for (const body of links) statuses.push(await postReply(linker, topic.id, body));
      expect(statuses.map((r) => r.status)).toEqual(['published', 'published', 'held']);
      expect(statuses[2]?.moderationReason).toBe('Link burst: 3 posts with links within 10 minutes');

      // Bad input is refused before the moderator, and a guest cannot post at all.
      expect((await inject('POST', `/api/forum/topics/${topic.id}/replies`, linker, { body: '' })).statusCode).toBe(400);
      expect((await inject('POST', `/api/forum/topics/${topic.id}/replies`, undefined, { body: advert('track jacks', 50) })).statusCode).toBe(401);
    });
  });

  describe('listing', () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      const author = await buildUser(ctx());
      ids = {
        old: await insertTopic(author.id, { title: 'Sorting old popular', tag: 'sorttest', daysAgo: 20, views: 900, likes: 6, replies: 0, activeDaysAgo: 0.5 }),
        mid: await insertTopic(author.id, { title: 'Sorting middle', tag: 'sorttest', daysAgo: 10, views: 50, likes: 1, replies: 2, activeDaysAgo: 0.8 }),
        fresh: await insertTopic(author.id, { title: 'Sorting fresh', tag: 'sorttest', daysAgo: 1, views: 5, likes: 0, replies: 0 }),
        pinned: await insertTopic(author.id, { title: 'Sorting pinned', tag: 'sorttest', daysAgo: 30, views: 1, pinned: true, likes: 0, replies: 3 }),
      };
    });
    const order = async (query: string) => (await list(alice, `tag=sorttest&${query}`)).items.map((t) => Object.keys(ids).find((k) => ids[k] === t.id));

    it('puts pinned topics first, then sorts by date posted, views or last activity', async () => {
      expect(await order('sort=recent')).toEqual(['pinned', 'fresh', 'mid', 'old']);
      expect(await order('sort=popular')).toEqual(['pinned', 'old', 'mid', 'fresh']);
      expect(await order('sort=active')).toEqual(['pinned', 'old', 'mid', 'fresh']);
      expect(await order('')).toEqual(['pinned', 'fresh', 'mid', 'old']);
    });

    it('filters by tab: popular, latest, unanswered', async () => {
      expect(await order('tab=popular')).toEqual(['old']);
      expect(await order('tab=latest')).toEqual(['fresh']);
      expect(await order('tab=unanswered&sort=popular')).toEqual(['old', 'fresh']);
      expect(await order('tab=all')).toHaveLength(4);
      const bad = await inject('GET', '/api/forum/topics?tab=hot', alice);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: m.tabInvalid });
      expect((await inject('GET', '/api/forum/topics?sort=best', alice)).json()).toMatchObject({ error: m.sortInvalid });
    });

    it('counts a new or removed topic at once', async () => {
      const before = await list(alice, 'tag=fresh-count');
      const topic = await postTopic(await writer(), { tags: ['fresh-count'] });
      expect((await list(alice, 'tag=fresh-count')).total).toBe(before.total + 1);
      await inject('DELETE', `/api/forum/topics/${topic.id}`, admin);
      expect((await list(alice, 'tag=fresh-count')).total).toBe(before.total);
    });

    it('paginates with a total', async () => {
      const first = await list(alice, 'tag=sorttest&pageSize=3');
      expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
      expect(first.items).toHaveLength(3);
      const second = await list(alice, 'tag=sorttest&pageSize=3&page=2');
      expect(second.items.map((t) => t.id)).toEqual([ids.old]);
      expect((await list(alice, 'tag=sorttest&pageSize=3&page=3')).items).toEqual([]);
      expect((await inject('GET', '/api/forum/topics?page=0', alice)).json()).toMatchObject({ error: m.pageInvalid });
    });

    it('searches title, body and tags case-insensitively, combined with the category filter', async () => {
      const author = await buildUser(ctx());
      const inTitle = await insertTopic(author.id, { title: 'Pantograph sway at the OVERLAP', tag: 'ohle', daysAgo: 2, category: 'electrical-systems' });
      const inBody = await insertTopic(author.id, {
        title: 'Odd wear pattern',
        tag: 'wear',
        daysAgo: 2,
        category: 'electrical-systems',
        body: 'Contact wire wear is heaviest at the pantograph entry of each overlap span.',
      });
      const inTag = await insertTopic(author.id, { title: 'Uplift measurements', tag: 'pantograph dynamics', daysAgo: 2, category: 'electrical-systems' });
      const otherCategory = await insertTopic(author.id, {
        title: 'Pantograph gauging for a tunnel',
        tag: 'gauging',
        daysAgo: 2,
        category: 'civil-structures',
      });

      const found = async (query: string) => new Set((await list(alice, `${query}&pageSize=50`)).items.map((t) => t.id));
      const pantograph = await found('q=PANTOGRAPH&category=electrical-systems');
      expect(pantograph).toEqual(new Set([inTitle, inBody, inTag]));
      expect(await found('q=pantograph')).toContain(otherCategory);
      expect(await found('q=pantograph&category=civil-structures')).toEqual(new Set([otherCategory]));
      // Word prefixes match; every word must match.
      expect(await found('q=panto%20overl&category=electrical-systems')).toEqual(new Set([inTitle, inBody]));
      expect(await found('q=dynamics')).toEqual(new Set([inTag]));
      expect(await found('tag=pantograph%20dynamics')).toEqual(new Set([inTag]));
      expect(await found('q=%3C%3E%21')).toEqual(new Set());
      expect((await list(alice, 'q=pantograph&category=electrical-systems')).total).toBe(3);
      expect((await inject('GET', '/api/forum/topics?category=rolling-stock', alice)).json()).toMatchObject({ error: m.unknownCategory });
    });
  });

  describe('people', () => {
    it("counts the user's published posts, replies and likes received", async () => {
      const user = await buildUser(ctx());
      const topic = await postTopic(user);
      await postTopic(user, { title: 'A damn shit topic title', body: 'Held for profanity, not counted in stats.' });
      const reply = await postReply(user, topic.id, 'My own reply');
      await inject('POST', `/api/forum/topics/${topic.id}/like`, alice);
      await inject('POST', `/api/forum/topics/${topic.id}/like`, bob);
      await inject('POST', `/api/forum/topics/${topic.id}/replies/${reply.id}/like`, alice);
      const stats = await inject('GET', '/api/forum/me/stats', user);
      expect(stats.json<ForumStats>()).toEqual({ name: user.email.split('@')[0], posts: 1, replies: 1, likesReceived: 3, saved: 0 });
    });

    it('names the user on their card as their posts name them: the full name once the profile has one', async () => {
      const user = await buildUser(ctx());
      const named = await inject('PATCH', '/api/profiles/me', user, { fullName: '  Dana Whitfield ' });
      expect(named.statusCode, named.body).toBe(200);
      const topic = await postTopic(user);
      expect(topic.author.name).toBe('Dana Whitfield');
      expect((await inject('GET', '/api/forum/me/stats', user)).json<ForumStats>().name).toBe('Dana Whitfield');
    });

    it('lists the most active members of the last 30 days', async () => {
      const busy = await buildUser(ctx());
      const topic = await postTopic(busy);
      await postReply(busy, topic.id, 'Busy reply one');
      await postReply(busy, topic.id, 'Busy reply two');
      const res = await inject('GET', '/api/forum/members/active', alice);
      expect(res.statusCode).toBe(200);
      const members = res.json<ActiveMember[]>();
      expect(members.length).toBeLessThanOrEqual(FORUM.activeMembersMax);
      expect(members[0]?.posts).toBeGreaterThanOrEqual(3);
      expect(members.map((p) => p.posts)).toEqual([...members.map((p) => p.posts)].sort((a, b) => b - a));
    });
  });
});
