import { useIsAdmin } from '../../lib/session/get-roles';
import { useSession } from '../../lib/session/use-session';
import { useAppConfig } from '../../lib/app-config';

/** What the navigation bar and the mobile menu show depends on: the session, the role, the external sites. */
export function useNavState() {
  const { status, user } = useSession();
  const isAdmin = useIsAdmin();
  const { externalUrls } = useAppConfig();
  const isSignedIn = status === 'signed-in';
  return { status, user, isSignedIn, isAdmin: isSignedIn && isAdmin, externalUrls };
}
