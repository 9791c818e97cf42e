import { ResetPasswordPage } from '../features/auth/components/reset-password-page';

/** /reset-password: the recovery token from the hash, or `?token=` exchanged with verifyOtp. */
export function Component() {
  return <ResetPasswordPage variant="query" />;
}
