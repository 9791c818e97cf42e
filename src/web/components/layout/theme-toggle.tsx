import { MoonIcon, SunIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { TOAST } from '../../../shared/ui-constants';
import { Button } from '../ui/button';
import { useTheme } from './use-theme';

/** SPEC §9: the hint shows after 700 ms of hover or keyboard focus. */
const hintDelay = { '--hint-delay': `${TOAST.tooltipDelayMs}ms` } as CSSProperties;

/**
 * Light/dark switch with its hint. The hint is CSS only: the button carries the same words
 * as its accessible name, and the site header stays free of a positioning library.
 */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <span className="group relative inline-flex" style={hintDelay}>
      <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label}>
        {theme === 'dark' ? <SunIcon aria-hidden /> : <MoonIcon aria-hidden />}
      </Button>
      <span
        aria-hidden
        className="pointer-events-none absolute right-0 top-full z-50 mt-1.5 whitespace-nowrap rounded-md bg-foreground px-3 py-1.5 text-xs text-background opacity-0 shadow-md transition-opacity group-hover:opacity-100 group-hover:[transition-delay:var(--hint-delay)] group-has-[:focus-visible]:opacity-100 group-has-[:focus-visible]:[transition-delay:var(--hint-delay)] motion-reduce:transition-none"
      >
        {label}
      </span>
    </span>
  );
}
