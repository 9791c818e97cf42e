import { ResetPasswordPage } from '../features/auth/components/reset-password-page';

/** /account/reset-password: where recovery e-mails land (hash with the session or the error). */
export function Component() {
  return <ResetPasswordPage variant="account" />;
}
