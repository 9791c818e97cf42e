import { checksRoutePaths, forumRoutePaths, knowledgeRoutePaths, paths, standardsRoutePaths } from '../../shared/app-routes';

export { checksRoutePaths, forumRoutePaths, knowledgeRoutePaths, paths, standardsRoutePaths };

export type AppPath = (typeof paths)[keyof typeof paths];

/** Where a sign-in lands when nothing else was asked for (SPEC §2 /login). */
export const DEFAULT_AFTER_LOGIN = paths.chat;

/** `/standards/:code[/:ref]`, each part URL-encoded (codes such as "49 CFR" or "V/Line"). */
export function standardPath(code: string, ref?: string): string {
  const base = `${paths.standards}/${encodeURIComponent(code)}`;
  return ref ? `${base}/${encodeURIComponent(ref)}` : base;
}

/** `/knowledge-hub/:id`, the id URL-encoded. */
export function knowledgeMaterialPath(id: string): string {
  return `${paths.knowledgeHub}/${encodeURIComponent(id)}`;
}

/** `/community-forum/:id`, the id URL-encoded. */
export function forumTopicPath(id: string): string {
  return `${paths.communityForum}/${encodeURIComponent(id)}`;
}

/** `/checks/:id`, the id URL-encoded. */
export function checkPath(id: string): string {
  return `${paths.checks}/${encodeURIComponent(id)}`;
}
