import { StarIcon } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** SPEC §4: a podcast or material is Featured or Standard by its featured flag. */
export function StatusBadge({ featured }: { featured: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium',
        featured ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300' : 'bg-muted text-muted-foreground',
      )}
    >
      {featured ? <StarIcon className="size-3" aria-hidden /> : null}
      {featured ? 'Featured' : 'Standard'}
    </span>
  );
}
