import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../../shared/schemas/auth';
import { paths } from '../../../app/paths';
import { AuthCard } from '../../../components/layout/auth-card';
import { PageLoader } from '../../../components/layout/page-loader';
import { Button } from '../../../components/ui/button';
import { auth } from '../../../lib/auth-client';
import { NewPasswordFields } from './new-password-fields';
import { parseRecoveryParams, useRecoverySession } from '../hooks/use-recovery-session';

const t = messages.toast;

function SetPasswordForm({ email, onDone }: { email: string | undefined; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const handleSetPassword = async ({ password }: ResetPasswordFormInput) => {
    try {
      const { error } = await auth.updateUser({ password });
      if (error) {
        toast.error(t.errorTitle, { description: error.message || t.unexpectedTryAgain });
        return;
      }
      onDone();
    } catch {
      toast.error(t.errorTitle, { description: t.unexpectedTryAgain });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleSetPassword)} className="grid gap-4" aria-label="Choose your password">
      {/* The account's e-mail, for password managers to save the new password under. */}
      {email ? <input type="email" name="email" autoComplete="username" value={email} readOnly hidden /> : null}
      <NewPasswordFields register={register} errors={errors} passwordLabel="Password" />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Setting password...' : 'Set password'}
      </Button>
    </form>
  );
}

/**
 * Issue 19, the invitation link's page (GoTrue's invite flow): the link opens a session for the
 * invitee, who chooses a password here and is then signed in. Like the reset page it reads the
 * session from the hash (or a token from the query) once and clears it from the address bar:
 * checking → invalid or used link | form → done.
 */
export function AcceptInvitePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useState(() => parseRecoveryParams(location.hash, location.search, 'invite'));
  const invitation = useRecoverySession(params, 'invite');
  const [email, setEmail] = useState<string | undefined>();
  const [isDone, setIsDone] = useState(false);

  useEffect(() => {
    if (params.kind === 'none') return;
    void navigate({ pathname: location.pathname }, { replace: true });
    // Only once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  useEffect(() => {
    if (invitation.status !== 'ready') return;
    void auth.getSession().then(({ data }) => setEmail(data.session?.user.email));
  }, [invitation.status]);

  if (isDone) {
    return (
      <AuthCard title="Your account is ready">
        <div className="grid gap-4 text-sm" role="status">
          <CircleCheckIcon className="size-10 text-green-600 dark:text-green-400" aria-hidden />
          <p>Your password is set and you are signed in{email ? ` as ${email}` : ''}. Next time, sign in with your e-mail and this password.</p>
          <Button asChild>
            <Link to={paths.chat}>Continue to Trackside</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  switch (invitation.status) {
    case 'checking':
      return <PageLoader label="Checking your invitation..." />;
    case 'ready':
      return (
        <AuthCard
          title="Welcome to Trackside"
          description={email ? `Choose a password for ${email} to finish setting up your account.` : 'Choose a password to finish setting up your account.'}
        >
          <SetPasswordForm email={email} onDone={() => setIsDone(true)} />
        </AuthCard>
      );
    case 'invalid':
    case 'expired':
      return (
        <AuthCard title="Accept your invitation">
          <div className="grid gap-4">
            <div role="alert" className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
              <p>{invitation.message}</p>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.login}>Back to Login</Link>
            </Button>
          </div>
        </AuthCard>
      );
  }
}
