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
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { auth } from '../../../lib/auth-client';
import { NewPasswordFields } from './new-password-fields';
import { parseRecoveryParams, useRecoverySession } from '../hooks/use-recovery-session';

const t = messages.toast;

function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const handleReset = async ({ password }: ResetPasswordFormInput) => {
    try {
      const { error } = await auth.updateUser({ password });
      if (error) {
        toast.error(t.errorTitle, { description: error.message || t.resetFailed });
        return;
      }
      toast.success(t.passwordUpdatedTitle, { description: t.passwordUpdatedDescription });
      // The recovery session has done its job; the user signs in with the new password.
      await auth.signOut({ scope: 'local' });
      onDone();
    } catch {
      toast.error(t.errorTitle, { description: t.resetFailed });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleReset)} className="grid gap-4" aria-label="Reset password">
      <NewPasswordFields register={register} errors={errors} passwordLabel="New password" />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Updating password...' : 'Reset password'}
      </Button>
    </form>
  );
}

function ExpiredLinkDialog() {
  const [open, setOpen] = useState(true);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset Link Expired</AlertDialogTitle>
          <AlertDialogDescription>{messages.reset.linkExpired}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Link to={paths.login}>Back to Login</Link>
          </AlertDialogCancel>
          <AlertDialogAction asChild>
            <Link to={paths.forgotPassword}>Request New Link</Link>
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="grid gap-4">
      <div role="alert" className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
        <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <p>{message}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild className="flex-1">
          <Link to={paths.forgotPassword}>Request New Link</Link>
        </Button>
        <Button asChild variant="outline" className="flex-1">
          <Link to={paths.login}>Back to Login</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * SPEC §2 Reset password and §4: checking → invalid link | form → success; an expired link
 * (otp_expired) adds the 'Reset Link Expired' dialog.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read the link once: the tokens are then removed from the address bar and history.
  const [params] = useState(() => parseRecoveryParams(location.hash, location.search));
  const recovery = useRecoverySession(params);
  const [isDone, setIsDone] = useState(false);

  useEffect(() => {
    if (params.kind === 'none') return;
    void navigate({ pathname: location.pathname }, { replace: true });
    // Only once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  if (isDone) {
    return (
      <AuthCard title="Password updated">
        <div className="grid gap-4 text-sm" role="status">
          <CircleCheckIcon className="size-10 text-green-600 dark:text-green-400" aria-hidden />
          <p>{t.passwordUpdatedDescription}</p>
          <Button asChild>
            <Link to={paths.login}>Go to login</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  switch (recovery.status) {
    case 'checking':
      return <PageLoader label="Checking your reset link..." />;
    case 'ready':
      return (
        <AuthCard title="Reset your password" description="Choose a new password for your account.">
          <ResetPasswordForm onDone={() => setIsDone(true)} />
        </AuthCard>
      );
    case 'invalid':
    case 'expired':
      return (
        <AuthCard title="Reset your password">
          <InvalidLink message={recovery.message} />
          {recovery.status === 'expired' ? <ExpiredLinkDialog /> : null}
        </AuthCard>
      );
  }
}
