import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyTheme, initialTheme, storeTheme, type Theme } from '../../lib/theme';
import { ThemeContext } from './use-theme';

/** Light/dark theme: stored under `theme`, initially the system preference (SPEC §3). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(initialTheme);

  useEffect(() => applyTheme(theme), [theme]);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    setThemeState(next);
  }, []);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
