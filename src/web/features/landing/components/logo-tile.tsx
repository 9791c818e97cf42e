import { useEffect, useRef, useState } from 'react';
import type { SponsorLogo } from '../lib/content';

/** 'Your Logo' plus the last word of the alt text: what a logo that fails to load becomes (SPEC §2). */
export function fallbackLabel(alt: string): string {
  const lastWord = alt.trim().split(/\s+/).pop() ?? '';
  return lastWord ? `Your Logo ${lastWord}` : 'Your Logo';
}

/** One logo of the ring; an image that fails (even before hydration) is replaced by a text tile. */
export function LogoTile({ logo }: { logo: SponsorLogo }) {
  const [hasFailed, setHasFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // An image that failed before React attached its handlers reports no error event.
    const image = imageRef.current;
    if (image && image.complete && image.naturalWidth === 0 && image.currentSrc) {
      queueMicrotask(() => setHasFailed(true));
    }
  }, []);

  if (hasFailed) {
    return (
      <span
        data-testid="logo-fallback"
        className="flex size-full items-center justify-center rounded-xl border-2 border-dashed border-primary/50 bg-card px-3 text-center text-sm font-semibold text-foreground"
      >
        {fallbackLabel(logo.alt)}
      </span>
    );
  }
  return (
    <img
      ref={imageRef}
      src={logo.src}
      alt={logo.alt}
      width={240}
      height={100}
      loading="lazy"
      decoding="async"
      onError={() => setHasFailed(true)}
      className="size-full rounded-xl bg-white object-contain shadow-md ring-1 ring-black/5"
    />
  );
}
