import { useId } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { Loading } from '../../../components/load-state';
import { serverMessage } from '../../../lib/server-errors';
import { useAdminMfaSettings, useSetAdminMfaSettings } from '../../../lib/admin-mfa-settings';
import { TitledCard } from './titled-card';

/** Admin › Users › "Require two-factor authentication for admins" (issue 19). */
export function AdminMfaCard({ className }: { className?: string }) {
  const settings = useAdminMfaSettings();
  const save = useSetAdminMfaSettings();
  const checkboxId = useId();
  const hintId = useId();

  const toggle = (on: boolean) =>
    save.mutate(
      { require_mfa_for_admins: on },
      {
        onSuccess: () => toast.success(on ? 'Admins must now use two-factor authentication' : 'Two-factor authentication is optional for admins again'),
        onError: (error) => toast.error(messages.toast.errorTitle, { description: serverMessage(error, messages.toast.unexpected) }),
      },
    );

  return (
    <TitledCard className={className} title="Two-factor authentication" description="Whether admins must sign in with a code from an authenticator app.">
      {settings.isPending ? (
        <Loading label="Loading..." />
      ) : (
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-1 size-4 accent-primary"
            checked={settings.data?.require_mfa_for_admins ?? false}
            disabled={save.isPending || settings.isError}
            aria-describedby={hintId}
            onChange={(e) => toggle(e.target.checked)}
          />
          <div className="grid gap-1">
            <label htmlFor={checkboxId} className="text-sm font-medium">
              Require two-factor authentication for admins
            </label>
            <p id={hintId} className="text-xs text-muted-foreground">
              Admins without it are kept out of the admin area until they set it up on their profile. Set it up on your own profile first.
            </p>
          </div>
        </div>
      )}
    </TitledCard>
  );
}
