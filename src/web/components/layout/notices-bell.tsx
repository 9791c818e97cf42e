import { BellIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { useUnreadNotices } from '../../lib/notices-api';
import { useSession } from '../../lib/session/use-session';
import { Button } from '../ui/button';

/**
 * The header's way to the notices (new editions of followed standards): a bell, signed in only,
 * with the unread count on it, in its accessible name too.
 */
export function NoticesBell() {
  const { status } = useSession();
  const unread = useUnreadNotices();
  if (status !== 'signed-in') return null;
  const count = unread.data?.unread ?? 0;
  const label = count === 0 ? 'Notices' : `Notices, ${count} unread`;
  return (
    <Button variant="ghost" size="icon" className="relative" asChild>
      <Link to={paths.notices} aria-label={label} title={label}>
        <BellIcon aria-hidden />
        {count > 0 ? (
          <span
            aria-hidden
            className="absolute right-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] font-semibold leading-none text-destructive-foreground"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
