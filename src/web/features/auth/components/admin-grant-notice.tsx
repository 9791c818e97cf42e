import { ShieldCheckIcon, ShieldIcon } from 'lucide-react';
import { toast } from 'sonner';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { AppError, ErrorCode } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useGrantSelfAdmin } from '../api/grant-admin';
import { useRoles } from '../../../lib/session/get-roles';

/**
 * SPEC §4 Admin on /profile: checking, then granted, or a 'Make Me Admin' button for a
 * whitelisted e-mail. Nothing shows for other users.
 */
export function AdminGrantNotice() {
  const roles = useRoles();
  const grant = useGrantSelfAdmin();

  if (roles.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Checking admin access...
      </p>
    );
  }
  if (roles.data?.admin) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm dark:border-green-800 dark:bg-green-950/40"
      >
        <ShieldCheckIcon className="size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
        <p>
          <span className="font-medium">Admin access granted.</span> You can manage content from the Admin dashboard.
        </p>
      </div>
    );
  }
  if (!roles.data?.whitelisted) return null;

  const handleGrant = async () => {
    try {
      await grant.mutateAsync();
      toast.success(messages.admin.roleGranted);
    } catch (error) {
      if (error instanceof AppError && (error.code === ErrorCode.notWhitelisted || error.status === 403)) {
        toast.error(assistantMessages.admin.accessDeniedTitle, { description: messages.admin.notWhitelisted });
      } else if (error instanceof AppError && error.status === 401) {
        toast.error(messages.toast.errorTitle, { description: messages.admin.mustBeLoggedIn });
      } else {
        toast.error(messages.toast.errorTitle, { description: messages.admin.addRoleFailed });
      }
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border px-4 py-3 text-sm sm:flex-row sm:items-center">
      <ShieldIcon className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden />
      <p className="flex-1">Your e-mail address is on the admin list. You can give yourself admin access.</p>
      <Button size="sm" onClick={() => void handleGrant()} disabled={grant.isPending}>
        {grant.isPending ? 'Granting...' : 'Make Me Admin'}
      </Button>
    </div>
  );
}
