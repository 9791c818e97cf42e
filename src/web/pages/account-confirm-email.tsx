import { ConfirmEmailPage } from '../features/auth/components/confirm-email-page';

/** /account/confirm-email: where change-of-e-mail links land. */
export function Component() {
  return <ConfirmEmailPage />;
}
