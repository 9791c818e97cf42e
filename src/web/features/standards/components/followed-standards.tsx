import { BellOffIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths, standardPath } from '../../../app/paths';
import { Loading, LoadFailed } from '../../../components/load-state';
import { Button } from '../../../components/ui/button';
import { useFollows, useSetFollowing } from '../api/follows';

/** The standards the signed-in user follows (on the profile), each with a way to stop following it. */
export function FollowedStandards() {
  const follows = useFollows();
  const setFollowing = useSetFollowing();
  if (follows.isPending) return <Loading label="Loading followed standards..." />;
  if (follows.isError) return <LoadFailed error={follows.error} fallback="Your followed standards could not be loaded." onRetry={() => void follows.refetch()} />;
  const { standards } = follows.data;
  if (standards.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        You follow no standard yet. Follow one on its page in the{' '}
        <Link to={paths.standards} className="text-primary underline-offset-2 hover:underline">
          Standards Library
        </Link>{' '}
        to be told when one of its documents has a new edition.
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Followed standards">
      {standards.map((s) => (
        <li key={s.code} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
          <div className="grid min-w-0">
            <Link to={standardPath(s.code)} className="truncate font-medium text-primary underline-offset-2 hover:underline">
              {s.name}
            </Link>
            {s.jurisdiction ? <span className="text-xs text-muted-foreground">{s.jurisdiction}</span> : null}
          </div>
          <Button variant="outline" size="sm" disabled={setFollowing.isPending} onClick={() => setFollowing.mutate({ code: s.code, follow: false })} aria-label={`Unfollow ${s.name}`}>
            <BellOffIcon aria-hidden />
            Unfollow
          </Button>
        </li>
      ))}
    </ul>
  );
}
