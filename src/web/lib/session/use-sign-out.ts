import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toastMessages } from '../../../shared/common-messages';
import { paths } from '../../app/paths';
import { loadAuth } from '../load-auth';
import { toast } from '../toast';

const t = toastMessages;

/** Goes home and signs out everywhere (scope global), with the SPEC §2 toasts. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      // Leave first: on a protected page, the guard would otherwise react to SIGNED_OUT
      // by sending the user to /login before we could send them home.
      await navigate(paths.home);
      const auth = await loadAuth();
      const { error } = await auth.signOut({ scope: 'global' });
      if (error) {
        toast.error(t.logoutFailedTitle, { description: error.message || t.logoutFailedDescription });
        return;
      }
      toast.success(t.signedOutTitle, { description: t.signedOutDescription });
    } catch {
      toast.error(t.logoutFailedTitle, { description: t.logoutFailedDescription });
    }
  }, [navigate]);
}
