import { LockIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { Button } from './ui/button';
import type { LoginLocationState } from '../lib/session/login-redirect';
import { cn } from '../lib/utils';

/**
 * For guests looking at a preview (SPEC §2 /knowledge-hub, /community-forum): 'Sign in to
 * continue', and back to this very page after signing in.
 */
export function SignInPrompt({ className, message }: { className?: string; message: string }) {
  const location = useLocation();
  const state: LoginLocationState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
    redirectAfterLogin: `${location.pathname}${location.search}${location.hash}`,
  };
  return (
    <aside
      aria-label="Sign in to continue"
      className={cn(
        'flex flex-col items-start gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <LockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        {message}
      </p>
      <Button asChild size="sm">
        <Link to={paths.login} state={state}>
          Sign in to continue
        </Link>
      </Button>
    </aside>
  );
}
