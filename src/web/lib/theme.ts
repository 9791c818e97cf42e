import { STORAGE_KEYS } from './storage-keys';

export type Theme = 'light' | 'dark';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The stored choice (local storage `theme`), else the system preference. */
export function initialTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.theme);
    if (isTheme(stored)) return stored;
  } catch {
    // Storage can be blocked (privacy mode); fall back to the system preference.
  }
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Puts the theme on <html> (the `dark` class drives Tailwind's dark variant). */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Not persisted; the choice still holds for this page view.
  }
}
