import { AcceptInvitePage } from '../features/auth/components/accept-invite-page';

/** /account/accept-invite: where invitation e-mails land; the invitee sets a password. */
export function Component() {
  return <AcceptInvitePage />;
}
