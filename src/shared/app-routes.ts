import { escapeRegExp } from './escape-regexp';

/**
 * The web app's routes as data (SPEC §2's table, plus the standards library, the knowledge hub's
 * materials and the forum's topics): the client's router is built from them, and the server
 * answers 404 for a page path none of them matches.
 */

/** Every route of SPEC §2's table, as data, plus the standards library. */
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
  /** Where invitation e-mails land: the invitee sets a password (issue 19). */
  acceptInvite: '/account/accept-invite',
  /** Where change-of-e-mail links land: says whether the new address is now the account's (issue 19). */
  confirmEmail: '/account/confirm-email',
  knowledgeHub: '/knowledge-hub',
  podcastLibrary: '/podcast-library',
  flyer: '/flyer',
  designAssistant: '/design-assistant',
  communityForum: '/community-forum',
  admin: '/admin',
  standards: '/standards',
  checks: '/checks',
  notices: '/notices',
  compare: '/compare',
} as const;

/**
 * The standards library's routes: a standard, one clause of it (citation deep links), and what
 * changed between two editions of one of its documents (`?title=&from=&to=`; the static segment
 * outranks `:ref` in the router, and no clause is called "changes").
 */
export const standardsRoutePaths = {
  standard: '/standards/:code',
  clause: '/standards/:code/:ref',
  changes: '/standards/:code/changes',
} as const;

/** The knowledge hub's detail route: one article or whitepaper. */
export const knowledgeRoutePaths = {
  material: '/knowledge-hub/:id',
} as const;

/** The document check's page for one check (reopened from the list of earlier checks). */
export const checksRoutePaths = {
  check: '/checks/:id',
} as const;

/** The community forum's topic page. */
export const forumRoutePaths = {
  topic: '/community-forum/:id',
} as const;

const PATTERNS = [
  ...Object.values(paths),
  ...Object.values(standardsRoutePaths),
  ...Object.values(knowledgeRoutePaths),
  ...Object.values(forumRoutePaths),
  ...Object.values(checksRoutePaths),
].map((route) => new RegExp(`^${escapeRegExp(route).replace(/:[a-z]+/gi, '[^/]+')}/?$`, 'i'));

/** Whether a page path (no query) is one of the app's routes, matched as the client's router matches them: any case, a trailing slash allowed. */
export function isAppRoute(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
