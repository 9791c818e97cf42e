import { zodResolver } from '@hookform/resolvers/zod';
import { InfoIcon, LoaderCircleIcon, SendIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { inviteFormSchema, type InviteFormInput } from '../../../../shared/schemas/user-admin';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors, serverMessage } from '../../../lib/server-errors';
import { useInviteSettings } from '../api/get-invite-settings';
import { useInviteUser } from '../api/invite-user';
import { TitledCard } from './titled-card';

/** Admin › Users › Invite: an e-mail in, an invitation link out (by e-mail, or to the server log without SMTP). */
export function InviteCard({ className }: { className?: string }) {
  const invite = useInviteUser();
  const settings = useInviteSettings();
  const days = settings.data?.invitation_days ?? 7;
  const logged = settings.data?.mail_delivery === 'log';
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteFormInput>({ resolver: zodResolver(inviteFormSchema), defaultValues: { email: '' } });

  const handleInvite = async ({ email }: InviteFormInput) => {
    try {
      const user = await invite.mutateAsync(email);
      toast.success(logged ? 'Invitation written to the server log' : 'Invitation sent', { description: user.email });
      reset();
    } catch (error) {
      const message = serverMessage(error, 'Failed to send the invitation');
      const fields = serverFieldErrors(error);
      setError('email', { message: fields['email'] ?? message }, { shouldFocus: true });
      toast.error(messages.toast.errorTitle, { description: message });
    }
  };

  return (
    <TitledCard
      className={className}
      title="Invite a colleague"
      description={`They get a link, valid ${days} days, where they choose a password. Inviting someone whose invitation is still open sends them a new link.`}
    >
      <form noValidate aria-label="Invite a colleague" className="grid gap-4" onSubmit={handleSubmit(handleInvite)}>
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} readOnly={isSubmitting} {...register('email')} />
        {logged ? (
          <p role="note" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              No mail server is set up (<code>SMTP_URL</code>), so the invitation e-mail and its link are written to the server log instead of sent. Whoever
              runs the server can pass the link on.
            </span>
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
            {isSubmitting ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
