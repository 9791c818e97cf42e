import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages';
import { loginSchema, type LoginInput } from '../../../../shared/schemas/auth';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { loadAuth } from '../../../lib/load-auth';
import { awaitsSecondFactor } from '../../../lib/session/second-factor';
import { useSession } from '../../../lib/session/use-session';
import { toast } from '../../../lib/toast';
import { SecondFactorForm } from './second-factor-form';

const t = messages.toast;

/**
 * SPEC §2 /login: e-mail and password, validated by the shared `loginSchema`; then, for an account
 * with MFA (the session at aal1 while aal2 is due), the code step before going on.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { pendingSecondFactor } = useSession();
  const [askCode, setAskCode] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const handleLogin = async ({ email, password }: LoginInput) => {
    try {
      // auth-js loads with the first sign-in, not with the page.
      const { data, error } = await (await loadAuth()).signInWithPassword({ email, password });
      if (error) {
        toast.error(t.loginFailedTitle, { description: error.message || t.unexpected });
        return;
      }
      if (awaitsSecondFactor(data.session)) {
        setAskCode(true);
        return;
      }
      toast.success(t.loginSuccessTitle, { description: t.loginSuccessDescription });
      onSuccess();
    } catch (error) {
      toast.error(t.loginFailedTitle, { description: error instanceof Error && error.message ? error.message : t.unexpected });
    }
  };

  // A session waiting for its code (just signed in, or found on reload) gets the code step.
  if (askCode || pendingSecondFactor) {
    return (
      <SecondFactorForm
        onSuccess={() => {
          toast.success(t.loginSuccessTitle, { description: t.loginSuccessDescription });
          onSuccess();
        }}
        onCancel={() => {
          setAskCode(false);
          void loadAuth().then((auth) => auth.signOut({ scope: 'local' }));
        }}
      />
    );
  }

  return (
    // auth-js starts loading as soon as the visitor starts filling the form in.
    <form noValidate onSubmit={handleSubmit(handleLogin)} onFocus={() => void loadAuth()} className="grid gap-4" aria-label="Login">
      <TextField label="Email" type="email" autoComplete="email" placeholder="name@company.com" error={errors.email?.message} {...register('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.forgotPassword} className="text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
