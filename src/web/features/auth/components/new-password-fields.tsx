import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ResetPasswordFormInput } from '../../../../shared/schemas/auth';
import { TextField } from '../../../components/ui/text-field';

interface NewPasswordFieldsProps {
  register: UseFormRegister<ResetPasswordFormInput>;
  errors: FieldErrors<ResetPasswordFormInput>;
  /** "New password" where one is replaced, "Password" where the first is chosen. */
  passwordLabel: string;
}

/** A new password and its confirmation, as every form that sets one asks for them. */
export function NewPasswordFields({ register, errors, passwordLabel }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
