import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AUTH } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../../../shared/schemas/auth';
import { paths } from '../../../app/paths';
import { AuthCard } from '../../../components/layout/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { auth, recoveryRedirectUrl } from '../../../lib/auth-client';

const t = messages.toast;

/** SPEC §2 /forgot-password and §4: form, then sent (with "Send again" back to the form). */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const handleSend = async ({ email }: ForgotPasswordInput) => {
    try {
      const { error } = await auth.resetPasswordForEmail(email, { redirectTo: recoveryRedirectUrl() });
      if (error) {
        toast.error(t.errorTitle, { description: error.message || t.resetEmailFailed });
        return;
      }
      toast.success(t.resetEmailSentTitle, { description: t.resetEmailSentDescription });
      setSentTo(email);
    } catch {
      toast.error(t.errorTitle, { description: t.unexpectedTryAgain });
    }
  };

  const handleSendAgain = () => {
    reset({ email: '' });
    setSentTo(null);
  };

  if (sentTo !== null) {
    return (
      <AuthCard title="Check your inbox">
        <div className="grid gap-4 text-sm" role="status">
          <MailCheckIcon className="size-10 text-primary" aria-hidden />
          <p>
            If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent it a link to reset the password. The link is valid for{' '}
            {AUTH.recoveryLinkMinutes} minutes.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild className="flex-1">
              <Link to={paths.login}>Return to login</Link>
            </Button>
            <Button variant="outline" className="flex-1" onClick={handleSendAgain}>
              Send again
            </Button>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" description="Enter your e-mail address and we will send you a reset link.">
      <form noValidate onSubmit={handleSubmit(handleSend)} className="grid gap-4" aria-label="Forgot password">
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.login} className="text-primary underline-offset-4 hover:underline">
            Return to login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
