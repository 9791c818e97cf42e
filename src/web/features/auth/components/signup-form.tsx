import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { messages } from '../../../../shared/messages';
import { signupFormSchema, type SignupFormInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { loadAuth } from '../../../lib/load-auth';
import { toast } from '../../../lib/toast';

const t = messages.toast;

/** SPEC §2 Sign Up tab, used only when the server has sign-up switched on. */
export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const handleSignup = async ({ email, password }: SignupFormInput) => {
    try {
      const { error } = await (await loadAuth()).signUp({ email, password });
      if (error) {
        toast.error(t.signupFailedTitle, { description: error.message || t.unexpected });
        return;
      }
      toast.success(t.accountCreatedTitle, { description: t.accountCreatedDescription });
      reset();
      onSuccess();
    } catch (error) {
      toast.error(t.signupFailedTitle, { description: error instanceof Error && error.message ? error.message : t.unexpected });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleSignup)} className="grid gap-4" aria-label="Sign Up">
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'signup-terms-error' : undefined}
            {...register('terms')}
          />
          <span>I agree to the terms and conditions</span>
        </label>
        {errors.terms?.message ? (
          <p id="signup-terms-error" role="alert" className="text-sm font-medium text-destructive">
            {errors.terms.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
