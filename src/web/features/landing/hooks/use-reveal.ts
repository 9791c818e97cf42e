import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from './use-prefers-reduced-motion';

/**
 * Reveal-on-scroll that never hides content without JavaScript: everything starts visible
 * (as the server renders it). Once IntersectionObserver reports the element entirely out of
 * view, it is hidden, and shown again (for good) when `threshold` of it is visible. With
 * reduced motion or without IntersectionObserver nothing is ever hidden.
 */
export function useReveal<T extends Element>(threshold: number) {
  const ref = useRef<T>(null);
  const [isHidden, setIsHidden] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    let isFirst = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const wasFirst = isFirst;
        isFirst = false;
        if (entry.isIntersecting && (wasFirst || entry.intersectionRatio >= threshold)) {
          // Already (partly) in view on arrival, or scrolled far enough into view: shown for good.
          setIsHidden(false);
          observer.disconnect();
        } else if (wasFirst && !entry.isIntersecting) {
          // Out of view on arrival: hide it, to fade in when reached.
          setIsHidden(true);
        }
      },
      { threshold: [0, threshold] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold]);

  return { ref, isHidden };
}
