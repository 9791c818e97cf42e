import { ResetPasswordPage } from '../features/auth/components/reset-password-page';

/** /account/reset-password: where recovery e-mails land. */
export function Component() {
  return <ResetPasswordPage />;
}
