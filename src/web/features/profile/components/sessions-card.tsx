import { LogOutIcon, MonitorIcon, SmartphoneIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import type { SessionInfo } from '../../../../shared/schemas/sessions';
import { LoadFailed, Loading } from '../../../components/load-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatFull, formatRelative } from '../../../lib/format-date';
import { serverMessage } from '../../../lib/server-errors';
import { useRevokeSessions, useSessions } from '../api/sessions';

const m = messages.sessions;

const isMobile = (session: SessionInfo) => /\b(?:iPhone|iPad|Android)\b/.test(session.device);

/** One session: its browser and system, address and last use; "This device" for the one in use here. */
function SessionRow({ session, onSignOut, isBusy }: { session: SessionInfo; onSignOut: (session: SessionInfo) => void; isBusy: boolean }) {
  const Icon = isMobile(session) ? SmartphoneIcon : MonitorIcon;
  const labelId = useId();
  return (
    <li aria-labelledby={labelId} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border px-3 py-2">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 basis-48">
        <div className="flex flex-wrap items-center gap-2">
          <span id={labelId} className="font-medium" title={session.user_agent ?? undefined}>
            {session.device}
          </span>
          {session.current ? <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">This device</span> : null}
        </div>
        <span className="text-sm text-muted-foreground wrap-anywhere">
          {session.ip ?? 'Unknown address'}
          {' · '}
          {session.current ? (
            'Active now'
          ) : (
            <>
              Last used{' '}
              <time dateTime={session.last_used_at} title={formatFull(session.last_used_at)}>
                {formatRelative(session.last_used_at)}
              </time>
            </>
          )}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={isBusy}
          onClick={() => onSignOut(session)}
          aria-label={`Sign out ${session.device}${session.ip ? ` (${session.ip})` : ''}`}
        >
          <LogOutIcon aria-hidden />
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Profile › Sessions (issue 19): every browser signed in to this account, with a way to sign out
 * any other one or all of them. A signed-out browser's tokens stop working at once, so it is
 * back at the sign-in page on its next request.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const { one, others } = useRevokeSessions();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const isBusy = one.isPending || others.isPending;

  // The button pressed goes away with its row: focus returns to the card's heading, not the page's top.
  const refocus = () => titleRef.current?.focus();

  const handleSignOut = (session: SessionInfo) =>
    one.mutate(session.id, {
      onSuccess: () => {
        toast.success(m.signedOut, { description: m.signedOutOne });
        refocus();
      },
      onError: (error) => toast.error(m.signOutFailed, { description: serverMessage(error, m.signOutFailed) }),
    });
  const handleSignOutOthers = () =>
    others.mutate(undefined, {
      onSuccess: () => {
        toast.success(m.signedOut, { description: m.signedOutOthers });
        refocus();
      },
      onError: (error) => toast.error(m.signOutFailed, { description: serverMessage(error, m.signOutFailed) }),
    });

  let body;
  if (sessions.isPending) body = <Loading label="Loading sessions..." />;
  else if (sessions.isError) body = <LoadFailed error={sessions.error} fallback={m.loadFailed} onRetry={() => void sessions.refetch()} />;
  else {
    const hasOthers = sessions.data.some((s) => !s.current);
    body = (
      <div className="grid gap-4">
        <ul className="grid gap-2" aria-label="Signed-in sessions">
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} onSignOut={handleSignOut} isBusy={isBusy} />
          ))}
        </ul>
        {hasOthers ? (
          <div>
            <Button variant="destructive" onClick={handleSignOutOthers} disabled={isBusy}>
              <LogOutIcon aria-hidden />
              Sign out all other sessions
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">You are signed in on this device only.</p>
        )}
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} ref={titleRef} tabIndex={-1} className="outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm">
          Sessions
        </CardTitle>
        <CardDescription>
          Where your account is signed in. Sign out a browser you no longer use or do not recognise; changing your password signs out every other session.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
