import { ArrowLeftRightIcon, CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useState, type Ref } from 'react';
import { cn } from '../../../lib/utils';
import type { SolutionCardContent } from '../lib/content';

/** SPEC §2 Solution card: a button that toggles between the problem and Trackside's solution. */
export function SolutionCard({ card, buttonRef }: { card: SolutionCardContent; buttonRef?: Ref<HTMLButtonElement> }) {
  const [showSolution, setShowSolution] = useState(false);
  const Icon = showSolution ? CircleCheckIcon : CircleAlertIcon;
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={() => setShowSolution((value) => !value)}
      data-view={showSolution ? 'solution' : 'problem'}
      className={cn(
        'flex h-full min-h-56 w-full flex-col gap-4 rounded-xl border bg-card p-6 text-left text-card-foreground shadow-sm transition-colors hover:border-primary/60 hover:shadow-md',
        showSolution && 'border-emerald-600/40 bg-emerald-50 dark:bg-emerald-950/40',
      )}
    >
      <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <span className="rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold text-primary">{card.tag}</span>
        <span
          className={cn(
            'flex items-center gap-1.5 text-sm font-semibold',
            showSolution ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300',
          )}
        >
          <Icon className="size-4" aria-hidden />
          {showSolution ? 'Solution' : 'Problem'}
        </span>
      </span>
      <span className="flex-1 text-pretty text-base leading-relaxed">{showSolution ? card.solution : card.problem}</span>
      <span className="flex items-center gap-1.5 text-sm font-medium text-primary">
        <ArrowLeftRightIcon className="size-4" aria-hidden />
        {showSolution ? 'Show the problem' : 'Show the solution'}
      </span>
    </button>
  );
}
