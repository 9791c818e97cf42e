import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { textHash } from './moderation/spam';
import * as repo from './repository';
import { SEED_MEMBERS, SEED_TOPICS, type SeedMemberKey } from './seed-content';

/** Serialises first-start seeding across instances sharing one PostgreSQL server. */
const SEED_LOCK_ID = 72_616_939;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The demo members' e-mail domain; a member there means the forum was seeded before. */
export const SEED_EMAIL_DOMAIN = 'community.trackside.local';
/** Not an argon2 hash: verification fails, so demo members cannot sign in. */
const DISABLED_PASSWORD = '!disabled-demo-member';

export interface ForumSeedResult {
  seeded: boolean;
  members: number;
  topics: number;
  replies: number;
}

/**
 * First start only: when the forum has no topic and no demo member yet, adds demo members
 * (accounts that cannot sign in, with a profile name and job title), topics, replies and
 * likes written for railway engineers, with counters consistent with the rows.
 * Demo members are written straight into `users` and `profiles` inside the same
 * transaction (the auth service opens its own connection, which would wait on this one).
 */
export async function seedForumContent(db: Db, log?: { info(message: string): void }, now = new Date()): Promise<ForumSeedResult> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await repo.hasForumContent(tx, SEED_EMAIL_DOMAIN)) return { seeded: false, members: 0, topics: 0, replies: 0 };

    const memberIds = new Map<SeedMemberKey, string>();
    for (const member of SEED_MEMBERS) {
      const email = `${member.key}@${SEED_EMAIL_DOMAIN}`;
      const joined = new Date(now.getTime() - member.joinedDaysAgo * DAY_MS).toISOString();
      const inserted = (await tx.execute(
        sql`insert into users (email, password_hash, created_at, updated_at) values (${email}, ${DISABLED_PASSWORD}, ${joined}::timestamptz, ${joined}::timestamptz) returning id`,
      )) as unknown as { rows: { id: string }[] };
      const id = inserted.rows[0]?.id;
      if (!id) throw new Error('insert into users returned nothing');
      await tx.execute(
        sql`insert into profiles (id, full_name, email, job_title, created_at, updated_at) values (${id}::uuid, ${member.name}, ${email}, ${member.role}, ${joined}::timestamptz, ${joined}::timestamptz)`,
      );
      memberIds.set(member.key, id);
    }
    const member = (key: SeedMemberKey) => memberIds.get(key) as string;

    let replies = 0;
    for (const topic of SEED_TOPICS) {
      const created = new Date(now.getTime() - topic.daysAgo * DAY_MS);
      const topicId = await repo.insertTopic(tx, {
        categoryId: topic.category,
        authorId: member(topic.by),
        title: topic.title,
        body: topic.body,
        tags: topic.tags,
        textHash: textHash(topic.body),
        status: 'published',
        autoReasons: [],
        moderationReason: null,
        pinned: topic.pinned ?? false,
        locked: topic.locked ?? false,
        views: topic.views,
        createdAt: created,
      });
      for (const key of topic.likedBy) await repo.setLike(tx, 'topic', topicId, member(key), true);
      for (const reply of topic.replies) {
        const replyCreated = new Date(Math.min(created.getTime() + reply.after * HOUR_MS, now.getTime() - 60_000));
        const replyId = await repo.insertReply(tx, {
          topicId,
          authorId: member(reply.by),
          body: reply.body,
          textHash: textHash(reply.body),
          status: 'published',
          autoReasons: [],
          moderationReason: null,
          createdAt: replyCreated,
        });
        for (const key of reply.likedBy ?? []) await repo.setLike(tx, 'reply', replyId, member(key), true);
        replies += 1;
      }
      await repo.refreshTopicActivity(tx, topicId);
    }
    return { seeded: true, members: SEED_MEMBERS.length, topics: SEED_TOPICS.length, replies };
  });
  if (result.seeded) log?.info(`Forum demo content added: ${result.members} members, ${result.topics} topics, ${result.replies} replies`);
  return result;
}
