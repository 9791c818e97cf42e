import { cn } from '../../../lib/utils';
import { initials } from '../lib/format';

/** A round badge with a member's initials (the forum stores no pictures). */
export function MemberAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary', className)}
    >
      {initials(name)}
    </span>
  );
}
