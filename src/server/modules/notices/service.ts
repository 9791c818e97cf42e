import type { FastifyBaseLogger } from 'fastify';
import { AppError, ErrorCode } from '../../../shared/errors';
import type { EditionChangeNoticeData, Notice, NoticeList } from '../../../shared/schemas/notices';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import * as repo from './repository';

export type { NewNotice } from './repository';

/** How many notices the list shows (the newest). */
export const NOTICE_LIST_LIMIT = 50;

export const NOTICE_NOT_FOUND = 'This notice does not exist';

/** A notice just written, with its reader's e-mail for sending it on. */
export type CreatedNotice = Awaited<ReturnType<typeof repo.insertNotices>>[number];

/**
 * Writes notices (in the caller's transaction, so they commit with what they tell of); a user who
 * has a notice for the same source already is skipped. Returns the notices written.
 */
export function createNotices(db: Db, rows: repo.NewNotice[]): Promise<CreatedNotice[]> {
  return repo.insertNotices(db, rows);
}

function toNotice(row: repo.NoticeRow): Notice {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    data: row.data as EditionChangeNoticeData,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The signed-in user's newest notices and how many of all theirs are unread. Only ever their own. */
export async function listMyNotices(db: Db, userId: string): Promise<NoticeList> {
  const [rows, unread] = await Promise.all([repo.listNotices(db, userId, NOTICE_LIST_LIMIT), repo.countUnread(db, userId)]);
  return { notices: rows.map(toNotice), unread };
}

export async function countUnreadNotices(db: Db, userId: string): Promise<number> {
  return repo.countUnread(db, userId);
}

/** Marks one notice read; 404 for a notice that is not the user's (another's is never revealed). */
export async function markNoticeRead(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.markRead(db, userId, id))) throw new AppError(ErrorCode.notFound, NOTICE_NOT_FOUND, 404);
}

export async function markAllNoticesRead(db: Db, userId: string): Promise<void> {
  await repo.markAllRead(db, userId);
}

export interface NoticeMail {
  mailer: Mailer;
  /** Where the e-mail's link leads: PUBLIC_URL. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Sends each notice by e-mail too, after the notices have been committed: a mail server that
 * fails costs the e-mail (logged), never the notice, which stays in the app.
 */
export async function emailNotices(db: Db, notices: CreatedNotice[], mail: NoticeMail): Promise<number> {
  const sent: string[] = [];
  for (const notice of notices) {
    if (!notice.email) continue;
    try {
      await mail.mailer.send({
        to: notice.email,
        subject: `Trackside: ${notice.title}`,
        text: `${notice.body}\n\nSee it in Trackside: ${new URL('/notices', mail.publicUrl).toString()}\n\nYou get this because you follow this standard; unfollow it on its page in the Standards Library.\n`,
      });
      sent.push(notice.id);
    } catch (error) {
      mail.log.warn(`Notices: e-mail for notice ${notice.id} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await repo.markEmailed(db, sent);
  return sent.length;
}
