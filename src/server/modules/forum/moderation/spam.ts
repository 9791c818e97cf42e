import { createHash } from 'node:crypto';
import type { SpamFacts } from '../repository';

/** Thresholds of the spam signals. */
export const SPAM_RULES = {
  /** Links are held from accounts younger than this… */
  newAccountDays: 7,
  /** …or with fewer published posts than this. */
  trustedAfterPosts: 3,
  /** Posts by one user within `burstWindowSeconds` before this one that make it a burst. */
  burstPosts: 3,
  burstWindowSeconds: 120,
} as const;

/** A link in markdown or plain text: a web address, a `www.` host, a markdown link or an autolink with any scheme. */
const LINK = /(\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.[a-z0-9-]+\.|\]\(\s*<?\s*[a-z][a-z0-9+.-]*:|<[a-z][a-z0-9+.-]*:[^>\s]+>)/i;

export function containsLink(text: string): boolean {
  return LINK.test(text);
}

/** md5 of the text with case, punctuation and spacing ignored: the same words give the same hash. */
export function textHash(text: string): string {
  const normalised = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return createHash('md5').update(normalised).digest('hex');
}

/** Reasons to hold a post from what the database knows about its author and its text. */
export function spamReasons(facts: SpamFacts, text: string, now: Date, options: { isEdit: boolean }): string[] {
  const reasons: string[] = [];
  if (containsLink(text)) {
    const ageDays = (now.getTime() - facts.accountCreatedAt.getTime()) / 86_400_000;
    if (ageDays < SPAM_RULES.newAccountDays) reasons.push(`Link from an account less than ${SPAM_RULES.newAccountDays} days old`);
    else if (facts.publishedPosts < SPAM_RULES.trustedAfterPosts)
      reasons.push(`Link from an account with fewer than ${SPAM_RULES.trustedAfterPosts} published posts`);
  }
  if (facts.sameText > 0) reasons.push('Repeated text: the same text was posted recently');
  if (!options.isEdit && facts.recentPosts >= SPAM_RULES.burstPosts) {
    reasons.push(`Posting burst: ${facts.recentPosts + 1} posts within ${SPAM_RULES.burstWindowSeconds / 60} minutes`);
  }
  return reasons;
}
