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

/** `/standards/:code/changes?title=&from=&to=`: what changed between two editions of a document (each part optional but the code). */
export function standardChangesPath(code: string, query: { title?: string | undefined; from?: string | undefined; to?: string | undefined } = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return `${paths.standards}/${encodeURIComponent(code)}/changes${qs ? `?${qs}` : ''}`;
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
