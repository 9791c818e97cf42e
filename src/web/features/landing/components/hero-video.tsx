import { useState } from 'react';
import { cn } from '../../../lib/utils';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { HERO_POSTER } from '../lib/content';

/**
 * The sample video over the hero's poster image: muted, looping, decorative. It stays
 * transparent until it actually plays and is removed on any error, so a visitor sees the
 * poster, never a broken player. Not shown at all to visitors who prefer reduced motion.
 */
export function HeroVideo({ src }: { src: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const [state, setState] = useState<'loading' | 'playing' | 'failed'>('loading');
  if (reducedMotion || state === 'failed') return null;
  return (
    <video
      className={cn('absolute inset-0 -z-10 size-full object-cover transition-opacity duration-700', state === 'playing' ? 'opacity-100' : 'opacity-0')}
      src={src}
      poster={HERO_POSTER.src}
      autoPlay
      muted
      loop
      playsInline
      preload="metadata"
      aria-hidden
      tabIndex={-1}
      data-testid="hero-video"
      onPlaying={() => setState('playing')}
      onError={() => setState('failed')}
    />
  );
}
