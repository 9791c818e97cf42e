import { PauseIcon, PlayIcon } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { Button } from '../../../components/ui/button';
import { LAYOUT, type SponsorLogo } from '../lib/content';
import { LogoTile } from './logo-tile';

// The ring's turn, declared beside it (plain CSS, so the server's HTML already animates).
const RING_KEYFRAMES = '@keyframes landing-logo-ring{from{transform:rotateY(0deg)}to{transform:rotateY(-360deg)}}';

const TILE_WIDTH = 176;
const TILE_HEIGHT = 74;
/** The ring is seen from above, so it reads as a ring rather than a row, and fills its height. */
const TILT_DEGREES = -30;
const PERSPECTIVE_PX = 1000;
const FLOOR_SIZE = 2 * LAYOUT.ringRadiusPx + 40;
/**
 * Seen from above, the ring's picture reaches further below its centre (the near tiles, larger)
 * than above it: it is lifted by this much so that it sits in the middle of its stage.
 */
const LIFT_PX = 37;

/**
 * SPEC §2 partners: sponsor logos on a ring turning in 3D (CSS transforms; one turn in
 * 20 s, radius 180 px, at least 400 px tall with its pause button). It pauses on hover, on
 * keyboard focus, with its pause button, and does not move under reduced motion. Each tile
 * shows its logo on both sides (LogoTile), so no logo is ever seen mirrored. Narrower than
 * 640 px the whole ring is drawn smaller, so that it fits a 375 px screen.
 */
export function LogoRing({ logos }: { logos: readonly SponsorLogo[] }) {
  const [isPaused, setIsPaused] = useState(false);

  if (logos.length === 0) {
    return (
      <p className="flex items-center justify-center rounded-xl border border-dashed p-10 text-muted-foreground" style={{ minHeight: LAYOUT.ringMinHeightPx }}>
        No sponsor logos available
      </p>
    );
  }

  const step = 360 / logos.length;
  const spinnerStyle: CSSProperties = {
    width: TILE_WIDTH,
    height: TILE_HEIGHT,
    animation: `landing-logo-ring ${LAYOUT.ringRotationSeconds}s linear infinite`,
    animationPlayState: isPaused ? 'paused' : undefined,
  };

  return (
    <div data-testid="logo-ring" className="flex flex-col items-center justify-center gap-4" style={{ minHeight: LAYOUT.ringMinHeightPx }}>
      <style>{RING_KEYFRAMES}</style>
      {/* The stage is as tall as the ring's picture and a little room (smaller below 640 px, as the
          ring is), so no band of empty space sits between the section's heading and the ring. */}
      <div
        tabIndex={0}
        role="group"
        aria-label="Partner logos (hover or focus to pause)"
        data-testid="logo-ring-stage"
        className="group/ring relative flex h-80 w-full items-center justify-center overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 max-sm:h-[260px]"
        style={{ perspective: PERSPECTIVE_PX }}
      >
        <div className="transform-3d max-sm:[scale:0.8_0.8_0.8]" style={{ transform: `translateY(${-LIFT_PX}px) rotateX(${TILT_DEGREES}deg)` }}>
          <div
            data-testid="logo-ring-spinner"
            className="relative transform-3d group-hover/ring:[animation-play-state:paused]! group-focus-within/ring:[animation-play-state:paused]! motion-reduce:animate-none!"
            style={spinnerStyle}
          >
            <div
              aria-hidden
              className="absolute rounded-full border-4 border-dashed border-primary/25"
              style={{
                width: FLOOR_SIZE,
                height: FLOOR_SIZE,
                left: (TILE_WIDTH - FLOOR_SIZE) / 2,
                top: (TILE_HEIGHT - FLOOR_SIZE) / 2,
                transform: `translateY(${TILE_HEIGHT / 2 + 18}px) rotateX(90deg)`,
              }}
            />
            <ul className="absolute inset-0 transform-3d">
              {logos.map((logo, i) => (
                <li
                  key={`${logo.src}-${i}`}
                  className="absolute inset-0 transform-3d"
                  style={{ transform: `rotateY(${i * step}deg) translateZ(${LAYOUT.ringRadiusPx}px)` }}
                >
                  <LogoTile logo={logo} />
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={() => setIsPaused((value) => !value)} className="motion-reduce:hidden">
        {isPaused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
        {isPaused ? 'Resume logo rotation' : 'Pause logo rotation'}
      </Button>
    </div>
  );
}
