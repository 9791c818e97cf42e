import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CheckFileType, CheckProgress, FindingVerdict } from '../../../shared/schemas/checks';
import type { Db, Queryable } from '../../db/client';
import { users } from '../auth/tables';
import { profiles } from '../profiles/tables';
import { checkAudit, checkContents, checkFiles, checkFindings, checks } from './tables';

export type CheckRow = typeof checks.$inferSelect;
export type FindingRow = typeof checkFindings.$inferSelect;
export type AuditRow = typeof checkAudit.$inferSelect;

/** The display-name rule of shared/display-name.ts, in SQL (as the forum's `authorName`). */
const ownerName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), split_part(${users.email}, '@', 1))`;

/** A finding's verdict as it stands: the reviewer's, else the engine's. */
const effectiveVerdict = sql`coalesce(${checkFindings.reviewVerdict}, ${checkFindings.verdict})`;
const countVerdict = (verdict: FindingVerdict): SQL<number> =>
  sql<number>`(select count(*)::int from ${checkFindings} where ${checkFindings.checkId} = ${checks.id} and ${effectiveVerdict} = ${verdict})`;

/** A check with its owner's display name and its findings counted by verdict as it stands. */
export interface CheckWithOwner extends CheckRow {
  ownerName: string;
  summary: { nonConformances: number; conforms: number; needsReview: number };
}

const checkWithOwner = {
  check: checks,
  ownerName,
  nonConformances: countVerdict('non_conformance'),
  conforms: countVerdict('conforms'),
  needsReview: countVerdict('needs_review'),
};

function selectChecks(db: Queryable) {
  return db.select(checkWithOwner).from(checks).innerJoin(users, eq(users.id, checks.userId)).leftJoin(profiles, eq(profiles.id, checks.userId));
}

function toCheckWithOwner(row: { check: CheckRow; ownerName: string; nonConformances: number; conforms: number; needsReview: number }): CheckWithOwner {
  return { ...row.check, ownerName: row.ownerName, summary: { nonConformances: row.nonConformances, conforms: row.conforms, needsReview: row.needsReview } };
}

export interface NewCheck {
  userId: string;
  standard: string;
  documentName: string;
  documentType: CheckFileType;
  data: Uint8Array;
}

/** The check and its file in one transaction: a queued check always has its file. */
export async function insertCheck(db: Db, input: NewCheck): Promise<CheckRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checks)
      .values({
        userId: input.userId,
        standard: input.standard,
        documentName: input.documentName,
        documentType: input.documentType,
        documentBytes: input.data.length,
      })
      .returning();
    if (!row) throw new Error('insert into checks returned nothing');
    await tx.insert(checkFiles).values({ checkId: row.id, data: input.data });
    return row;
  });
}

/** One check by id, prepared once per database: a check is looked at every few milliseconds while it runs. */
function findCheckQuery(db: Queryable) {
  let query = findCheckQueries.get(db);
  if (!query) {
    query = selectChecks(db)
      .where(eq(checks.id, sql.placeholder('id')))
      .prepare('checks_find_check');
    findCheckQueries.set(db, query);
  }
  return query;
}
const findCheckQueries = new WeakMap<Queryable, ReturnType<ReturnType<typeof selectChecks>['prepare']>>();

export async function findCheck(db: Queryable, id: string): Promise<CheckWithOwner | undefined> {
  const [row] = await findCheckQuery(db).execute({ id });
  return row && toCheckWithOwner(row);
}

/** The newest checks first, of one owner or (null) of everyone. */
export async function listChecks(db: Queryable, ownerId: string | null, limit: number): Promise<CheckWithOwner[]> {
  const rows = await selectChecks(db)
    .where(ownerId ? eq(checks.userId, ownerId) : undefined)
    .orderBy(desc(checks.createdAt), desc(checks.id))
    .limit(limit);
  return rows.map(toCheckWithOwner);
}

export async function listFindings(db: Queryable, checkId: string): Promise<FindingRow[]> {
  const rows: FindingRow[] = [];
  for (;;) {
    const page = await db
      .select()
      .from(checkFindings)
      .where(and(eq(checkFindings.checkId, checkId), gte(checkFindings.position, rows.length)))
      .orderBy(asc(checkFindings.position))
      .limit(500);
    rows.push(...page);
    if (page.length < 500) return rows;
  }
}

export function listAudit(db: Queryable, checkId: string): Promise<AuditRow[]> {
  return db.select().from(checkAudit).where(eq(checkAudit.checkId, checkId)).orderBy(asc(checkAudit.seq));
}

export async function findContent(db: Queryable, checkId: string): Promise<unknown> {
  const [row] = await db.select({ content: checkContents.content }).from(checkContents).where(eq(checkContents.checkId, checkId));
  return row?.content;
}

export async function findFile(db: Queryable, checkId: string): Promise<Uint8Array | undefined> {
  const [row] = await db.select({ data: checkFiles.data }).from(checkFiles).where(eq(checkFiles.checkId, checkId));
  return row?.data;
}

export interface Override {
  verdict: FindingVerdict;
  note: string;
  byUserId: string;
  byName: string;
}

/**
 * A reviewer's override: the finding's row is locked, so overrides of one finding at the same
 * time are applied one after the other and each audit entry's `from` is the verdict the one
 * before it left. Undefined when there is no such finding.
 */
export async function overrideFinding(db: Db, checkId: string, findingId: string, override: Override): Promise<FindingRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(checkFindings)
      .where(and(eq(checkFindings.checkId, checkId), eq(checkFindings.findingId, findingId)))
      .for('update');
    if (!current) return undefined;
    const at = new Date();
    await tx.insert(checkAudit).values({
      checkId,
      findingId,
      fromVerdict: current.reviewVerdict ?? current.verdict,
      toVerdict: override.verdict,
      note: override.note,
      byUserId: override.byUserId,
      byName: override.byName,
      at,
    });
    const [updated] = await tx
      .update(checkFindings)
      .set({ reviewVerdict: override.verdict, reviewNote: override.note, reviewedBy: override.byUserId, reviewedByName: override.byName, reviewedAt: at })
      .where(and(eq(checkFindings.checkId, checkId), eq(checkFindings.findingId, findingId)))
      .returning();
    return updated;
  });
}

// ── The runner's queue ────────────────────────────────────────────────────

/**
 * Puts running checks whose run is gone back in the queue: those not touched since `staleBefore`
 * (every one, when undefined: on the embedded database one process holds the data, so at start
 * nothing can still be running them). Answers their ids.
 */
export async function requeueAbandoned(db: Queryable, staleBefore?: Date): Promise<string[]> {
  const abandoned = staleBefore ? or(lt(checks.heartbeatAt, staleBefore), sql`${checks.heartbeatAt} is null`) : undefined;
  const rows = await db
    .update(checks)
    .set({ status: 'queued', stage: 'queued', percent: 0, claimToken: null, heartbeatAt: null })
    .where(and(eq(checks.status, 'running'), abandoned))
    .returning({ id: checks.id });
  return rows.map((r) => r.id);
}

/**
 * Claims the oldest queued check for one run (`token`): several runners, in this process or in
 * others on the same PostgreSQL, never claim the same check (SKIP LOCKED).
 */
export async function claimNextCheck(db: Queryable, token: string): Promise<CheckRow | undefined> {
  const next = sql`(select ${checks.id} from ${checks} where ${checks.status} = 'queued' order by ${checks.createdAt}, ${checks.id} limit 1 for update skip locked)`;
  const [row] = await db
    .update(checks)
    .set({
      status: 'running',
      stage: 'reading',
      percent: 5,
      claimToken: token,
      heartbeatAt: sql`now()`,
      startedAt: sql`now()`,
      attempts: sql`${checks.attempts} + 1`,
    })
    .where(inArray(checks.id, next))
    .returning();
  return row;
}

const heldBy = (id: string, token: string) => and(eq(checks.id, id), eq(checks.claimToken, token), eq(checks.status, 'running'));

/** Records where a run is; false when the run no longer holds the check. */
export async function recordProgress(db: Queryable, id: string, token: string, progress: CheckProgress, pages?: number): Promise<boolean> {
  const rows = await db
    .update(checks)
    .set({ stage: progress.stage, percent: progress.percent, heartbeatAt: sql`now()`, ...(pages === undefined ? {} : { documentPages: pages }) })
    .where(heldBy(id, token))
    .returning({ id: checks.id });
  return rows.length > 0;
}

export interface CheckOutcome {
  /** The document as read (DocumentContent), as JSON. */
  contentJson: string;
  pages: number | undefined;
  edition: string | null;
  /** Each finding as JSON of its row (the worker's `StoredFinding`), in the order they are shown. */
  findingsJson: string[];
}

/**
 * Findings stored by one statement. Each statement hands the database one JSON array to unpack:
 * thousands of rows as bound parameters cost the embedded database (which runs on the server's
 * thread) several times more, and one array of every finding of a long document grew its
 * WebAssembly memory, which never shrinks again, by tens of MB.
 */
export const FINDINGS_PER_STATEMENT = 500;

/** Stores a run's result and marks the check done, all or nothing; false when the run no longer held it. */
export async function completeCheck(db: Db, id: string, token: string, outcome: CheckOutcome): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ id: checks.id }).from(checks).where(heldBy(id, token)).for('update');
    if (!held) return false;
    await tx.delete(checkFindings).where(eq(checkFindings.checkId, id));
    for (let start = 0; start < outcome.findingsJson.length; start += FINDINGS_PER_STATEMENT) {
      const findings = `[${outcome.findingsJson.slice(start, start + FINDINGS_PER_STATEMENT).join(',')}]`;
      await tx.execute(sql`
        insert into ${checkFindings} (check_id, finding_id, position, verdict, finding, extracted_by)
        select ${id}::uuid, f->>'findingId', (${start}::int + n - 1)::int, f->>'verdict', f->'finding', f->>'extractedBy'
        from jsonb_array_elements(${findings}::jsonb) with ordinality as t(f, n)`);
    }
    const content = sql`${outcome.contentJson}::jsonb`;
    await tx.insert(checkContents).values({ checkId: id, content }).onConflictDoUpdate({ target: checkContents.checkId, set: { content } });
    await tx
      .update(checks)
      .set({
        status: 'done',
        stage: 'done',
        percent: 100,
        error: null,
        edition: outcome.edition,
        documentPages: outcome.pages ?? null,
        claimToken: null,
        heartbeatAt: null,
        finishedAt: sql`now()`,
      })
      .where(eq(checks.id, id));
    return true;
  });
}

/** Marks a check failed with the reason its uploader reads; false when the run no longer held it. */
export async function failCheck(db: Queryable, id: string, token: string, error: string): Promise<boolean> {
  const rows = await db
    .update(checks)
    .set({ status: 'failed', stage: 'failed', error, claimToken: null, heartbeatAt: null, finishedAt: sql`now()` })
    .where(heldBy(id, token))
    .returning({ id: checks.id });
  return rows.length > 0;
}

/** Hands a check back to the queue when its run was stopped (the server closing): that run does not count as an attempt. */
export async function releaseCheck(db: Queryable, id: string, token: string): Promise<void> {
  await db
    .update(checks)
    .set({ status: 'queued', stage: 'queued', percent: 0, claimToken: null, heartbeatAt: null, attempts: sql`greatest(${checks.attempts} - 1, 0)` })
    .where(heldBy(id, token));
}

/** Keeps a long run's claim fresh, so that no instance takes it for abandoned. */
export async function touchCheck(db: Queryable, id: string, token: string): Promise<void> {
  await db
    .update(checks)
    .set({ heartbeatAt: sql`now()` })
    .where(heldBy(id, token));
}

/** A person's display name (a reviewer's, for the audit trail). */
export async function findDisplayName(db: Queryable, userId: string): Promise<string> {
  const [row] = await db.select({ name: ownerName }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId));
  return row?.name ?? '';
}
