import type { FastifyBaseLogger } from 'fastify';
import type { CitedIn, EditionChangeNoticeData, FollowedStandard, NoticeClause } from '../../../shared/schemas/notices';
import type { Db } from '../../db/client';
import { createNotices, emailNotices, type CreatedNotice, type NewNotice, type NoticeMail } from '../notices/service';
import { announceEditionChanges, getStandard, type PendingEditionChange } from '../standards/service';
import * as repo from './repository';

/** Follows a standard (by code or name); 404 when there is none. Following twice is following. */
export async function followStandard(db: Db, userId: string, codeOrName: string): Promise<FollowedStandard> {
  const standard = await getStandard(db, codeOrName);
  await repo.insertFollow(db, userId, standard.code);
  const followed = (await listFollowedStandards(db, userId)).find((s) => s.code === standard.code);
  if (!followed) throw new Error(`follow of ${standard.code} vanished after insert`);
  return followed;
}

/** Stops following a standard; 404 when there is no such standard, nothing when it was not followed. */
export async function unfollowStandard(db: Db, userId: string, codeOrName: string): Promise<void> {
  const standard = await getStandard(db, codeOrName);
  await repo.deleteFollow(db, userId, standard.code);
}

export async function listFollowedStandards(db: Db, userId: string): Promise<FollowedStandard[]> {
  const rows = await repo.listFollows(db, userId);
  return rows.map((r) => ({ ...r, followedAt: r.followedAt.toISOString() }));
}

/** `213.57(h)(1)` → `213.57(h)(1)`, `213.57(h)`, `213.57`: a ref and every paragraph it is part of. */
export function refAncestors(ref: string): string[] {
  const chain = [ref];
  for (let r = ref; /\([^()]*\)$/.test(r);) {
    r = r.replace(/\s*\([^()]*\)$/, '');
    if (r) chain.push(r);
  }
  return chain;
}

/**
 * Whether a cited ref concerns a clause an edition changed: the same clause, the section or a
 * paragraph it is part of (a citation of `213.9` when `213.9(b)` changed), or a paragraph of it
 * (a requirement of `237.101(a)` whose clause is `237.101`).
 */
export function citesClause(cited: string, clause: NoticeClause): boolean {
  return cited === clause.section || refAncestors(clause.ref).includes(cited) || refAncestors(cited).includes(clause.ref);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Gathers, per user, the conversations or checks whose cited refs concern one of `clauses`, with the refs. */
function citedIn(rows: repo.CitingRow[], clauses: NoticeClause[]): Map<string, CitedIn[]> {
  const byUser = new Map<string, Map<string, CitedIn>>();
  for (const row of rows) {
    if (!row.ref || !clauses.some((c) => citesClause(row.ref, c))) continue;
    const own = byUser.get(row.userId) ?? new Map<string, CitedIn>();
    const entry = own.get(row.id) ?? { id: row.id, name: row.name, refs: [] };
    if (!entry.refs.includes(row.ref)) entry.refs.push(row.ref);
    own.set(row.id, entry);
    byUser.set(row.userId, own);
  }
  const sortRefs = (refs: string[]) => refs.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return new Map([...byUser].map(([user, entries]) => [user, [...entries.values()].map((e) => ({ ...e, refs: sortRefs(e.refs) }))]));
}

/** At most this many refs of each kind are named in a notice's text (its page lists them all). */
const REFS_IN_TEXT = 25;

function refList(clauses: NoticeClause[]): string {
  const named = clauses.slice(0, REFS_IN_TEXT).map((c) => c.ref);
  const more = clauses.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** A notice's title and plain-text body (the e-mail says the same). */
export function describeEditionChange(data: EditionChangeNoticeData): { title: string; body: string } {
  const title = `${data.standard} ${data.title}: a new edition is in force`;
  const lines = [`${data.standard} ${data.title} has a new edition in force: ${data.toEdition} (it replaces ${data.fromEdition}).`];
  if (data.changed.length > 0) lines.push(`Changed clauses: ${refList(data.changed)}.`);
  if (data.removed.length > 0) lines.push(`Removed clauses: ${refList(data.removed)}.`);
  if (data.added.length > 0) lines.push(`New clauses: ${refList(data.added)}.`);
  const uses = (items: CitedIn[]) => items.map((i) => `“${i.name}” (${i.refs.join(', ')})`).join('; ');
  if (data.conversations.length > 0) lines.push(`Your conversations that cited them: ${uses(data.conversations)}.`);
  if (data.checks.length > 0) lines.push(`Your document checks that cited them: ${uses(data.checks)}.`);
  if (data.conversations.length === 0 && data.checks.length === 0) lines.push('None of your conversations or document checks cited these clauses.');
  return { title, body: lines.join('\n') };
}

/**
 * The notices one edition change brings: one to each follower of the standard, naming the
 * clauses changed, removed and added, and which of that follower's own conversations and checks
 * cited a clause changed, removed or added to a section they cited. A new edition with the
 * same wording throughout tells nobody anything.
 */
async function noticesForChange(db: Db, change: PendingEditionChange): Promise<NewNotice[]> {
  const touched = [...change.changed, ...change.removed, ...change.added];
  if (touched.length === 0) return [];
  const followers = await repo.listFollowers(db, change.standardCode);
  if (followers.length === 0) return [];
  // A first cut in SQL by the sections touched; refs are matched exactly in citesClause.
  const prefixes = [...new Set(touched.map((c) => `${escapeLike(c.section)}%`))];
  const [conversationRows, checkRows] = await Promise.all([
    repo.listConversationCitations(db, followers, change.standardCode, prefixes),
    repo.listCheckCitations(db, followers, change.standardCode, prefixes),
  ]);
  const conversations = citedIn(conversationRows, touched);
  const checks = citedIn(checkRows, touched);
  return followers.map((userId) => {
    const data: EditionChangeNoticeData = {
      standard: change.standardCode,
      title: change.title,
      fromEdition: change.fromEdition,
      toEdition: change.toEdition,
      changed: change.changed,
      removed: change.removed,
      added: change.added,
      conversations: conversations.get(userId) ?? [],
      checks: checks.get(userId) ?? [],
    };
    return { userId, kind: 'edition_change' as const, sourceKey: `edition-change:${change.id}`, ...describeEditionChange(data), data };
  });
}

export interface AnnounceOptions {
  /** Present when SMTP_URL is set: each notice is e-mailed too. */
  mail?: NoticeMail | undefined;
  /**
   * Called after a run that announced new editions in force (app.ts logs the requirements report
   * then: a requirement whose quoted words a new edition changed is disabled, and said so).
   */
  onAnnounced?: (() => Promise<void> | void) | undefined;
}

/**
 * Tells followers of every edition change not yet announced (each change's notices commit with the
 * change marked announced, so a crash leaves it to the next run), then e-mails the notices when
 * mail is configured. Returns the notices written and how many were e-mailed.
 */
export async function announceEditionChangesToFollowers(db: Db, options: AnnounceOptions = {}): Promise<{ changes: number; notices: number; emailed: number }> {
  const created: CreatedNotice[][] = await announceEditionChanges(db, async (tx, change) => createNotices(tx, await noticesForChange(tx, change)));
  const notices = created.flat();
  const emailed = options.mail ? await emailNotices(db, notices, options.mail) : 0;
  return { changes: created.length, notices: notices.length, emailed };
}

/**
 * Announces edition changes in the background: `schedule()` after start and after each import runs
 * {@link announceEditionChangesToFollowers}, one run at a time (a call during a run queues one more).
 * Failures are logged; the changes wait for the next schedule.
 */
export class EditionChangeAnnouncer {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    private readonly options: AnnounceOptions = {},
  ) {}

  schedule(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Resolves when no run is in progress (tests and shutdown wait for it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const { changes, notices, emailed } = await announceEditionChangesToFollowers(this.db, this.options);
        if (changes > 0) {
          this.log.info(`Editions: ${changes} new edition${changes === 1 ? '' : 's'} announced in ${notices} notices (${emailed} e-mailed)`);
          await this.options.onAnnounced?.();
        }
      } catch (error) {
        this.log.warn(`Editions: announcing new editions failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    } while (this.again);
  }
}
