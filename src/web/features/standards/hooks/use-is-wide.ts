import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint, where the table of contents stands beside the clauses. */
const WIDE = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(WIDE);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;
}

/** Whether the screen is as wide as `lg` (true where it cannot be told, as in tests and on the server). */
export function useIsWide(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => true);
}
