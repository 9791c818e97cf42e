import { BellIcon, BellOffIcon, HistoryIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { paths, standardChangesPath } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/use-session';
import { useFollows, useSetFollowing } from '../api/follows';

/**
 * Beside a standard in the library: "What changed" (comparing two editions of one of its
 * documents) and, signed in, Follow / Unfollow (a new edition of one of its documents then brings
 * a notice). Its height is kept while the standard and the session load, so nothing moves.
 */
export function StandardFollowBar({ code, name }: { code: string | undefined; name: string | undefined }) {
  const { status } = useSession();
  const location = useLocation();
  const follows = useFollows();
  const setFollowing = useSetFollowing();
  const isFollowing = Boolean(code && follows.data?.standards.some((s) => s.code === code));
  const label = name ?? code ?? '';

  const handleToggle = () => {
    if (!code) return;
    const follow = !isFollowing;
    setFollowing.mutate(
      { code, follow },
      {
        onSuccess: () =>
          toast.success(follow ? `Following ${label}` : `No longer following ${label}`, {
            description: follow ? 'A new edition of one of its documents will bring you a notice.' : undefined,
          }),
      },
    );
  };

  return (
    <div className="flex min-h-9 flex-wrap items-center gap-2">
      {code ? (
        <>
          <Button variant="outline" size="sm" asChild>
            <Link to={standardChangesPath(code)}>
              <HistoryIcon aria-hidden />
              What changed
            </Link>
          </Button>
          {status === 'signed-in' ? (
            <Button
              variant={isFollowing ? 'secondary' : 'outline'}
              size="sm"
              onClick={handleToggle}
              disabled={follows.isPending || setFollowing.isPending}
              aria-label={`${isFollowing ? 'Unfollow' : 'Follow'} ${label}`}
            >
              {isFollowing ? <BellOffIcon aria-hidden /> : <BellIcon aria-hidden />}
              {isFollowing ? 'Unfollow' : 'Follow'}
            </Button>
          ) : status === 'signed-out' ? (
            <Button variant="ghost" size="sm" asChild>
              <Link to={paths.login} state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}>
                <BellIcon aria-hidden />
                Sign in to follow
              </Link>
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
