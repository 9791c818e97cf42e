import { z } from 'zod';

/**
 * Following standards and the in-app notices a new edition brings (issue 18, item 4). Signed-in
 * only: what a user follows, and which of their conversations and checks cited a clause, is theirs.
 */

/** `GET /api/follows`: the standards the signed-in user follows. */
export const followedStandardSchema = z.object({
  code: z.string(),
  name: z.string(),
  jurisdiction: z.string().nullable(),
  followedAt: z.string(),
});
export type FollowedStandard = z.infer<typeof followedStandardSchema>;
export const followListSchema = z.object({ standards: z.array(followedStandardSchema) });
export type FollowList = z.infer<typeof followListSchema>;

/** `:code` of `PUT|DELETE /api/follows/:code`. */
export const followParamsSchema = z.object({ code: z.string().trim().min(1, 'Name a standard').max(200) });

const noticeClauseSchema = z.object({ ref: z.string(), section: z.string(), heading: z.string() });
export type NoticeClause = z.infer<typeof noticeClauseSchema>;

/** A conversation or check of the notice's reader that cited a changed or removed clause, with the refs it cited. */
const citedInSchema = z.object({ id: z.string(), name: z.string(), refs: z.array(z.string()) });
export type CitedIn = z.infer<typeof citedInSchema>;

/** What an `edition_change` notice says: the document, its two editions, the clauses, and the reader's own uses of them. */
export const editionChangeNoticeDataSchema = z.object({
  standard: z.string(),
  title: z.string(),
  fromEdition: z.string(),
  toEdition: z.string(),
  changed: z.array(noticeClauseSchema),
  removed: z.array(noticeClauseSchema),
  added: z.array(noticeClauseSchema),
  conversations: z.array(citedInSchema),
  checks: z.array(citedInSchema),
});
export type EditionChangeNoticeData = z.infer<typeof editionChangeNoticeDataSchema>;

export const noticeSchema = z.object({
  id: z.string(),
  kind: z.literal('edition_change'),
  title: z.string(),
  body: z.string(),
  data: editionChangeNoticeDataSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** `GET /api/notices`: the newest notices (at most 50) and how many are unread in all. */
export const noticeListSchema = z.object({ notices: z.array(noticeSchema), unread: z.number().int().nonnegative() });
export type NoticeList = z.infer<typeof noticeListSchema>;

/** `GET /api/notices/unread`: the bell's count. */
export const unreadNoticesSchema = z.object({ unread: z.number().int().nonnegative() });
