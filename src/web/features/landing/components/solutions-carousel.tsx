import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useReveal } from '../hooks/use-reveal';
import { LAYOUT, type SolutionCardContent } from '../lib/content';
import { SolutionCard } from './solution-card';

/**
 * Up to 768 px wide, 768 included, the cards form a carousel; wider, a 3-column grid (SPEC §2
 * Solution cards, §9 Layout). Tailwind's `md` starts at 768 px, so it cannot draw that line: the
 * classes below use `max-[769px]:` (width < 769 px) and `min-[769px]:` (width >= 769 px), and
 * this query, which decides whether the arrow keys move the carousel, is the same line.
 */
const CAROUSEL_QUERY = '(width < 769px)';

function isCarouselLayout(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(CAROUSEL_QUERY).matches;
}

/**
 * SPEC §2 Solutions: one card at a time with previous/next buttons and the arrow keys up to
 * 768 px, a 3-column grid above. Pure CSS decides which layout shows, so the server's HTML
 * is right at every width and nothing moves when the page hydrates; cards fade in at 20 %
 * visibility, 150 ms apart.
 */
export function SolutionsCarousel({ cards }: { cards: readonly SolutionCardContent[] }) {
  const [index, setIndex] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const buttonRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const shouldFocusCard = useRef(false);
  const { ref: listRef, isHidden } = useReveal<HTMLDivElement>(LAYOUT.cardRevealThreshold);

  useEffect(() => {
    if (!shouldFocusCard.current) return;
    shouldFocusCard.current = false;
    buttonRefs.current[index]?.focus();
  }, [index]);

  const go = (step: number, focusCard = false) => {
    const next = (index + step + cards.length) % cards.length;
    shouldFocusCard.current = focusCard;
    setIndex(next);
    setAnnouncement(`Solution ${next + 1} of ${cards.length}: ${cards[next]?.tag ?? ''}`);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (!isCarouselLayout() || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target.closest('textarea, input, select')) return;
    event.preventDefault();
    // A focused card is hidden when its slide goes; focus follows to the new card.
    const isOnCard = buttonRefs.current.includes(target as HTMLButtonElement);
    go(event.key === 'ArrowLeft' ? -1 : 1, isOnCard);
  };

  return (
    <div role="region" aria-roledescription="carousel" aria-label="Problems and solutions" onKeyDown={handleKeyDown} className="grid gap-5">
      <div ref={listRef} className="grid gap-6 min-[769px]:grid-cols-3">
        {cards.map((card, i) => (
          <div
            key={card.tag}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${cards.length}`}
            data-active={i === index}
            className={cn('transition duration-600 ease-out', i !== index && 'max-[769px]:hidden', isHidden && 'translate-y-6 opacity-0')}
            style={{ transitionDelay: isHidden ? undefined : `${i * LAYOUT.cardRevealStaggerMs}ms` }}
          >
            <SolutionCard
              card={card}
              buttonRef={(element) => {
                buttonRefs.current[i] = element;
              }}
            />
          </div>
        ))}
      </div>
      <div className="flex items-center justify-center gap-4 min-[769px]:hidden">
        <Button variant="outline" size="icon" aria-label="Previous solution" onClick={() => go(-1)}>
          <ChevronLeftIcon aria-hidden />
        </Button>
        <p className="min-w-16 text-center text-sm font-medium text-muted-foreground" aria-hidden>
          {index + 1} / {cards.length}
        </p>
        <Button variant="outline" size="icon" aria-label="Next solution" onClick={() => go(1)}>
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
