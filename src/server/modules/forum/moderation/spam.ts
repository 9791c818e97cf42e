import { createHash } from 'node:crypto';
import { FORUM } from '../../../../shared/schemas/forum';
import type { RecentPost, SpamFacts } from '../repository';

/**
 * Thresholds of the spam signals.
 *
 * How often someone posts is the rate limit's business (FORUM: 5 posts a minute, 429 beyond),
 * and a person who keeps to it is never held for frequency alone: a quick back-and-forth in a
 * thread easily makes four or five posts in two minutes. What the burst signals hold instead is
 * what the limit cannot see:
 * - **more than the limit, let through by its fixed window.** The limit counts in windows that
 *   open with a user's first post, so five posts just before a window closes and five just after
 *   all pass it: ten in a few seconds. Held: a post with `burstPosts` or more of the user's posts
 *   in the minute before it, which is more than "5 a minute" allows, however the windows fall.
 * - **the same advert, reworded.** Posts of one user within `similarWindowMinutes` whose words are
 *   nearly all the same (a template with the product, price or code changed): exact repeats are
 *   the repeated-text signal's.
 * - **links, post after post.** A post with a link when `linkBurstPosts - 1` of the user's posts in
 *   the `linkBurstWindowMinutes` before it had links too; members cite a standard now and then, a
 *   spammer's every post carries one. (Links from new or untried accounts are held at once.)
 * `npm run bench:forum-spam` measures the false-hold and catch rates of these on a simulated hour.
 */
export const SPAM_RULES = {
  /** Links are held from accounts younger than this… */
  newAccountDays: 7,
  /** …or with fewer published posts than this. */
  trustedAfterPosts: 3,
  /** A post with this many of the user's posts within `burstWindowSeconds` before it is beyond the posting limit. */
  burstPosts: FORUM.postsPerWindow,
  burstWindowSeconds: FORUM.postWindowSeconds,
  /**
   * The burst minute is this much shorter, so that someone posting at exactly the limit (every
   * 12 s) is not caught by the milliseconds between a post's check and its stored time.
   */
  burstSlackSeconds: 1,
  /**
   * Repeated text is held from this many words up, or with a link: short acknowledgements
   * ("Thanks, that helps.", "+1", "Agreed.") are said word for word by many people every hour.
   */
  repeatMinWords: 6,
  /** Near-identical text: another post of the user's this recent… */
  similarWindowMinutes: 60,
  /** …sharing at least this share of their words (Jaccard index of the two sets of words)… */
  similarity: 0.7,
  /** …when both have at least this many different words (short replies look alike by nature). */
  similarMinWords: 8,
  /** Link burst: this many posts with links (this one included)… */
  linkBurstPosts: 3,
  /** …within this many minutes. */
  linkBurstWindowMinutes: 10,
  /** The most of the user's recent posts the checks read. */
  recentPostsMax: 50,
} as const;

/** How far back the user's own posts are read for the burst signals. */
export const RECENT_POSTS_WINDOW_MS = Math.max(
  SPAM_RULES.burstWindowSeconds * 1000,
  SPAM_RULES.similarWindowMinutes * 60_000,
  SPAM_RULES.linkBurstWindowMinutes * 60_000,
);

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

/** The different words of a text, lower case; numbers left out, since a template's changing part is so often one (a price, a code, a phone number). */
export function wordSet(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 0 && !/^\p{N}+$/u.test(w)),
  );
}

/** Jaccard index of two word sets: the words both share over the words either has (0 to 1). */
export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  const either = a.size + b.size - shared;
  return either === 0 ? 0 : shared / either;
}

/** The burst signals' reasons, from the user's own recent posts (newest first, any status, not the one being checked). */
function burstReasons(recent: RecentPost[], text: string, now: Date): string[] {
  const reasons: string[] = [];
  const within = (ms: number) => recent.filter((p) => p.createdAt.getTime() > now.getTime() - ms);

  const lastMinute = within((SPAM_RULES.burstWindowSeconds - SPAM_RULES.burstSlackSeconds) * 1000);
  if (lastMinute.length >= SPAM_RULES.burstPosts) {
    reasons.push(`Posting burst: more than ${FORUM.postsPerWindow} posts within ${FORUM.postWindowSeconds / 60} minute`);
  }

  const words = wordSet(text);
  if (words.size >= SPAM_RULES.similarMinWords) {
    const alike = within(SPAM_RULES.similarWindowMinutes * 60_000).some((p) => {
      const other = wordSet(p.text);
      return other.size >= SPAM_RULES.similarMinWords && similarity(words, other) >= SPAM_RULES.similarity;
    });
    if (alike) reasons.push(`Near-identical text: like another post by the same author within ${SPAM_RULES.similarWindowMinutes} minutes`);
  }

  if (containsLink(text)) {
    const withLinks = within(SPAM_RULES.linkBurstWindowMinutes * 60_000).filter((p) => containsLink(p.text)).length;
    if (withLinks + 1 >= SPAM_RULES.linkBurstPosts) {
      reasons.push(`Link burst: ${withLinks + 1} posts with links within ${SPAM_RULES.linkBurstWindowMinutes} minutes`);
    }
  }
  return reasons;
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
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
  if (facts.sameText > 0 && (words >= SPAM_RULES.repeatMinWords || containsLink(text))) reasons.push('Repeated text: the same text was posted recently');
  // An edit adds no post: the burst signals are about new ones.
  if (!options.isEdit) reasons.push(...burstReasons(facts.recentPosts, text, now));
  return reasons;
}
