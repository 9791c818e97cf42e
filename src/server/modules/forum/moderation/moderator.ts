import type { Db } from '../../../db/client';
import * as repo from '../repository';
import type { LlmClassifier } from './llm-classifier';
import { findProfanity } from './profanity';
import { RECENT_POSTS_WINDOW_MS, SPAM_RULES, spamReasons } from './spam';

export interface PostForModeration {
  userId: string;
  title?: string;
  body: string;
  tags?: string[];
  textHash: string;
  /** The post being edited (excluded from its own repeated-text and burst signals). */
  editingId?: string;
}

/** `hold: false` publishes at once; otherwise `reasons` say why it waits for review. */
export interface ModerationVerdict {
  hold: boolean;
  reasons: string[];
}

export interface Moderator {
  check(post: PostForModeration, now?: Date): Promise<ModerationVerdict>;
}

/**
 * The automated moderator every new or edited post passes: the profanity filter, the spam
 * signals, then (only when those let it through, and only when configured) the LLM classifier.
 */
export function createModerator(db: Db, classifier?: LlmClassifier): Moderator {
  return {
    async check(post, now = new Date()) {
      const text = [post.title, post.body, ...(post.tags ?? [])].filter(Boolean).join('\n');
      const reasons: string[] = [];
      const profane = findProfanity(text);
      if (profane.length > 0) reasons.push(`Profanity: ${profane.join(', ')}`);
      const facts = await repo.spamFacts(db, {
        userId: post.userId,
        textHash: post.textHash,
        now,
        recentSince: new Date(now.getTime() - RECENT_POSTS_WINDOW_MS),
        recentLimit: SPAM_RULES.recentPostsMax,
        excludeId: post.editingId,
      });
      reasons.push(...spamReasons(facts, text, now, { isEdit: post.editingId !== undefined }));
      if (reasons.length === 0 && classifier) {
        const verdict = await classifier.classify({ title: post.title, body: post.body, tags: post.tags });
        if (verdict?.hold) reasons.push(`AI classifier: ${verdict.reason}`);
      }
      return { hold: reasons.length > 0, reasons };
    },
  };
}
