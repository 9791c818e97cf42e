/** Every route of SPEC §2's table, as data, plus the standards library (the only parameters). */
export const paths = {
  home: '/',
  about: '/about',
  disciplines: '/disciplines',
  disciplineTrack: '/disciplines/track',
  disciplineStructures: '/disciplines/structures',
  disciplineSignalling: '/disciplines/signalling',
  disciplineElectrical: '/disciplines/electrical',
  disciplineGeotechnical: '/disciplines/geotechnical',
  login: '/login',
  chat: '/chat',
  pricing: '/pricing',
  profile: '/profile',
  contact: '/contact',
  requestDemo: '/request-demo',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  accountResetPassword: '/account/reset-password',
  knowledgeHub: '/knowledge-hub',
  podcastLibrary: '/podcast-library',
  flyer: '/flyer',
  designAssistant: '/design-assistant',
  communityForum: '/community-forum',
  admin: '/admin',
  standards: '/standards',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Where a sign-in lands when nothing else was asked for (SPEC §2 /login). */
export const DEFAULT_AFTER_LOGIN = paths.chat;

/** The standards library's routes: a standard, and one clause of it (citation deep links). */
export const standardsRoutePaths = {
  standard: '/standards/:code',
  clause: '/standards/:code/:ref',
} as const;

/** `/standards/:code[/:ref]`, each part URL-encoded (codes such as "49 CFR" or "V/Line"). */
export function standardPath(code: string, ref?: string): string {
  const base = `${paths.standards}/${encodeURIComponent(code)}`;
  return ref ? `${base}/${encodeURIComponent(ref)}` : base;
}

/** The knowledge hub's detail route: one article or whitepaper. */
export const knowledgeRoutePaths = {
  material: '/knowledge-hub/:id',
} as const;

/** `/knowledge-hub/:id`, the id URL-encoded. */
export function knowledgeMaterialPath(id: string): string {
  return `${paths.knowledgeHub}/${encodeURIComponent(id)}`;
}

/** The community forum's topic page. */
export const forumRoutePaths = {
  topic: '/community-forum/:id',
} as const;

/** `/community-forum/:id`, the id URL-encoded. */
export function forumTopicPath(id: string): string {
  return `${paths.communityForum}/${encodeURIComponent(id)}`;
}
