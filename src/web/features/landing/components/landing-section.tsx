import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';
import { useReveal } from '../hooks/use-reveal';
import { LAYOUT } from '../lib/content';

interface LandingSectionProps {
  id: string;
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * One section of the landing page: a labelled region with an h2 that fades in over 0.6 s
 * when 10 % of it is visible (SPEC §2; never hidden without JavaScript or with reduced motion).
 */
export function LandingSection({ id, title, eyebrow, intro, className, children }: LandingSectionProps) {
  const { ref, isHidden } = useReveal<HTMLElement>(LAYOUT.sectionRevealThreshold);
  const headingId = `${id}-heading`;
  return (
    <section
      ref={ref}
      id={id}
      aria-labelledby={headingId}
      data-revealed={!isHidden}
      className={cn('scroll-mt-16 px-4 py-16 transition duration-600 ease-out sm:px-6 sm:py-24', isHidden && 'translate-y-6 opacity-0', className)}
    >
      <div className="mx-auto max-w-7xl">
        <header className="mx-auto mb-10 max-w-3xl text-center sm:mb-14">
          {eyebrow ? <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p> : null}
          <h2 id={headingId} className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-pretty text-lg text-muted-foreground">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
