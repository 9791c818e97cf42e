/**
 * Taps made on a prerendered page before React has hydrated it would be lost: the buttons
 * are on screen, but their handlers are not attached yet. main.tsx starts recording taps on
 * elements marked `data-early-tap="<name>"` before it hydrates; the component that owns such
 * a button takes its tap up once it has mounted (the mobile menu opens).
 */
const tapped = new Set<string>();
let stop: (() => void) | undefined;

export function recordEarlyTaps(): void {
  if (stop || typeof document === 'undefined') return;
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('[data-early-tap]') : null;
    const name = target?.getAttribute('data-early-tap');
    if (name) tapped.add(name);
  };
  document.addEventListener('click', onClick, true);
  stop = () => document.removeEventListener('click', onClick, true);
}

/** Stops recording (the page is interactive now) and says whether `name` was tapped meanwhile. */
export function takeEarlyTap(name: string): boolean {
  stop?.();
  stop = undefined;
  return tapped.delete(name);
}
