import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { applyTheme, storeTheme, type Theme } from '../../lib/theme';
import { ThemeContext } from './use-theme';

/**
 * The `dark` class on <html> is the source of truth: index.html's inline script and main.tsx
 * set it before the first paint (from local storage `theme`, else the system preference,
 * SPEC §3). Pages rendered to HTML at build time are light, hence the server snapshot; React
 * switches to the real theme right after hydration.
 */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const currentTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');
const serverTheme = (): Theme => 'light';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribe, currentTheme, serverTheme);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    applyTheme(next);
  }, []);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
