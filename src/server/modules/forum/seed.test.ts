import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ForumCategoriesResponse, TopicListResponse } from '../../../shared/schemas/forum';
import { queryRows } from '../../db/client';
import { useTestApp } from '../../test/app';
import { buildUser } from '../../test/factories';
import { SEED_EMAIL_DOMAIN, seedForumContent } from './seed';
import { SEED_MEMBERS, SEED_TOPICS } from './seed-content';

describe('forum demo content', () => {
  const ctx = useTestApp();

  it('is added once, with counters that match the rows', async () => {
    const db = ctx().database.db;
    const first = await seedForumContent(db);
    expect(first).toEqual({ seeded: true, members: SEED_MEMBERS.length, topics: SEED_TOPICS.length, replies: SEED_TOPICS.flatMap((t) => t.replies).length });
    expect((await seedForumContent(db)).seeded).toBe(false);

    const mismatched = await queryRows<{ id: string }>(
      db,
      sql`select t.id from forum_topics t where
            t.replies <> (select count(*) from forum_replies r where r.topic_id = t.id and r.status = 'published')
         or t.likes <> (select count(*) from forum_topic_likes l where l.topic_id = t.id)
         or t.last_activity_at < t.created_at`,
    );
    expect(mismatched).toEqual([]);
    const replyLikes = await queryRows<{ id: string }>(
      db,
      sql`select r.id from forum_replies r where r.likes <> (select count(*) from forum_reply_likes l where l.reply_id = r.id)`,
    );
    expect(replyLikes).toEqual([]);

    const user = await buildUser(ctx());
    const listed = (await ctx().app.inject({ method: 'GET', url: '/api/forum/topics', headers: user.headers })).json<TopicListResponse>();
    expect(listed.total).toBe(SEED_TOPICS.length);
    expect(listed.items[0]).toMatchObject({ pinned: true, author: { name: 'Sarah Lindqvist', role: 'Community Lead, Trackside' } });
    const categories = (await ctx().app.inject({ method: 'GET', url: '/api/forum/categories' })).json<ForumCategoriesResponse>();
    expect(categories.categories.every((c) => c.topicCount > 0)).toBe(true);
  });

  it('makes members that cannot sign in', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: `priya@${SEED_EMAIL_DOMAIN}`, password: '!disabled-demo-member' },
    });
    expect(res.statusCode).toBe(400);
  });
});
