import { useEffect, useRef, useState, type Ref } from 'react';
import type { SponsorLogo } from '../lib/content';

/** 'Your Logo' plus the last word of the alt text: what a logo that fails to load becomes (SPEC §2). */
export function fallbackLabel(alt: string): string {
  const lastWord = alt.trim().split(/\s+/).pop() ?? '';
  return lastWord ? `Your Logo ${lastWord}` : 'Your Logo';
}

const FACE = 'absolute inset-0 backface-hidden';

function LogoFace({ logo, hasFailed, onError, imageRef }: { logo: SponsorLogo; hasFailed: boolean; onError: () => void; imageRef?: Ref<HTMLImageElement> }) {
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
      alt={imageRef ? logo.alt : ''}
      width={240}
      height={100}
      loading="lazy"
      decoding="async"
      onError={onError}
      className="size-full rounded-xl bg-white object-contain shadow-md ring-1 ring-black/5"
    />
  );
}

/**
 * One logo of the ring, as a card with the logo on both sides: each side hides its back, so a
 * tile turned away from the viewer shows its other side, the right way round, and never the
 * mirror image of its front. The back repeats the front for the eye only (hidden from
 * assistive technology). An image that fails (even before hydration) is replaced on both
 * sides by a text tile.
 */
export function LogoTile({ logo }: { logo: SponsorLogo }) {
  const [hasFailed, setHasFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  const fail = () => setHasFailed(true);

  useEffect(() => {
    // An image that failed before React attached its handlers reports no error event.
    const image = imageRef.current;
    if (image && image.complete && image.naturalWidth === 0 && image.currentSrc) {
      queueMicrotask(() => setHasFailed(true));
    }
  }, []);

  return (
    <>
      <div className={FACE} data-face="front">
        <LogoFace logo={logo} hasFailed={hasFailed} onError={fail} imageRef={imageRef} />
      </div>
      <div className={`${FACE} [transform:rotateY(180deg)]`} data-face="back" aria-hidden>
        <LogoFace logo={logo} hasFailed={hasFailed} onError={fail} />
      </div>
    </>
  );
}
