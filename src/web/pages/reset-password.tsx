import { ResetPasswordPage } from '../features/auth/components/reset-password-page';

/** /reset-password: the same page as /account/reset-password (SPEC §2 lists both). */
export function Component() {
  return <ResetPasswordPage />;
}
