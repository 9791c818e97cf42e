import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages';
import { paths } from '../../../app/paths';
import { AuthCard } from '../../../components/layout/auth-card';
import { PageLoader } from '../../../components/layout/page-loader';
import { Button } from '../../../components/ui/button';
import { auth } from '../../../lib/auth-client';
import { parseRecoveryParams, useRecoverySession } from '../hooks/use-recovery-session';

/**
 * Issue 19, the change-of-e-mail link's page: the link has already moved the account to the new
 * address and opened a session for it (GoTrue's email_change flow), or it says why not. Like the
 * invitation page it reads the link once and clears it from the address bar.
 */
export function ConfirmEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useState(() => parseRecoveryParams(location.hash, location.search, 'email_change'));
  const confirmation = useRecoverySession(params, 'email_change');
  const [email, setEmail] = useState<string | undefined>();

  useEffect(() => {
    if (params.kind === 'none') return;
    void navigate({ pathname: location.pathname }, { replace: true });
    // Only once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  useEffect(() => {
    if (confirmation.status !== 'ready') return;
    void auth.getSession().then(({ data }) => setEmail(data.session?.user.email));
  }, [confirmation.status]);

  switch (confirmation.status) {
    case 'checking':
      return <PageLoader label="Confirming your new e-mail address..." />;
    case 'ready':
      return (
        <AuthCard title="E-mail address changed">
          <div className="grid gap-4 text-sm" role="status">
            <CircleCheckIcon className="size-10 text-green-600 dark:text-green-400" aria-hidden />
            <p>
              {email ? messages.emailChange.changed(email) : 'Your e-mail address has been changed.'} Sign in with it from now on; your password stays the same.
            </p>
            <Button asChild>
              <Link to={paths.profile}>Back to your profile</Link>
            </Button>
          </div>
        </AuthCard>
      );
    case 'invalid':
    case 'expired':
      return (
        <AuthCard title="Confirm your new e-mail address">
          <div className="grid gap-4">
            <div role="alert" className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
              <p>{confirmation.message}</p>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.profile}>Go to your profile</Link>
            </Button>
          </div>
        </AuthCard>
      );
  }
}
