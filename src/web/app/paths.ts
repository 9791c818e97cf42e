/** Every route of SPEC §2's table, as data (no route parameters exist). */
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
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Where a sign-in lands when nothing else was asked for (SPEC §2 /login). */
export const DEFAULT_AFTER_LOGIN = paths.chat;
