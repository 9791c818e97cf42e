import { ShieldCheckIcon } from 'lucide-react';
import type { UserStatus } from '../../../../shared/schemas/user-admin';
import { cn } from '../../../lib/utils';

export const STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  invitation_expired: 'Invitation expired',
  disabled: 'Disabled',
};

const statusClass: Record<UserStatus, string> = {
  active: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  invited: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
  invitation_expired: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  disabled: 'bg-destructive/15 text-destructive',
};

const badge = 'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

/** An account's status: Active, Invited, Invitation expired or Disabled. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <span className={cn(badge, statusClass[status])}>{STATUS_LABELS[status]}</span>;
}

/** An account's role: Admin (with a shield) or User. */
export function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  return (
    <span className={cn(badge, isAdmin ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground')}>
      {isAdmin ? <ShieldCheckIcon className="size-3" aria-hidden /> : null}
      {isAdmin ? 'Admin' : 'User'}
    </span>
  );
}
