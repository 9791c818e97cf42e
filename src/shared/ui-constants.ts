/**
 * SPEC §9 constants that the web app's entry chunk needs (toasts, menus, local-storage keys),
 * in a module of their own so that chunk does not carry the rest of constants.ts, which
 * re-exports these.
 */

export const TOAST = { durationMs: 5000, tooltipDelayMs: 700, visibleToasts: 1 } as const;

export const MENU = { hoverDelayMs: 200, skipDelayMs: 300, closeDelayMs: 150 } as const;

/** Local-storage keys of SPEC §7 Other. */
export const STORAGE_KEYS = {
  theme: 'theme',
  initialQuestion: 'initialQuestion',
  onboardingCompleted: 'onboardingCompleted',
  bannerDismissal: 'profileBannerDismissal',
  chatHistory: 'chatHistory',
} as const;
