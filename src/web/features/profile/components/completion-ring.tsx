import { UserRoundIcon } from 'lucide-react';
import { completionColour } from '../../../../shared/profile-completion';
import { cn } from '../../../lib/utils';
import { useProfile } from '../api/get-profile';

const strokeClass = {
  green: 'stroke-green-500',
  yellow: 'stroke-yellow-500',
  orange: 'stroke-orange-500',
} as const;

const RADIUS = 17;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * SPEC §2 /chat profile-completion avatar ring: an avatar circled by the completion score,
 * green from 80 %, yellow from 50 %, orange below (SPEC §9). Opens the profile drawer.
 */
export function CompletionRing({ onClick, className }: { onClick: () => void; className?: string }) {
  const profile = useProfile();
  const percentage = profile.data?.completion.percentage ?? 0;
  const colour = completionColour(percentage);
  const label = profile.data ? `Profile ${percentage}% complete. Open profile` : 'Open profile';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-colour={colour}
      className={cn('relative flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-accent', className)}
    >
      <svg viewBox="0 0 40 40" className="absolute inset-0 size-10 -rotate-90" aria-hidden>
        <circle cx="20" cy="20" r={RADIUS} fill="none" strokeWidth="3" className="stroke-muted" />
        <circle
          cx="20"
          cy="20"
          r={RADIUS}
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percentage / 100)}
          className={cn(strokeClass[colour], 'transition-[stroke-dashoffset]')}
        />
      </svg>
      <UserRoundIcon className="size-4 text-muted-foreground" aria-hidden />
      {profile.data ? (
        <span className="absolute -bottom-1 -right-1 rounded-full border bg-background px-1 text-[10px] font-semibold leading-4 tabular-nums">
          {percentage}%
        </span>
      ) : null}
    </button>
  );
}
