import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { messages } from '../../../../shared/messages';
import { emailSchema } from '../../../../shared/schemas/auth';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { auth } from '../../../lib/auth-client';
import { useSession } from '../../../lib/session/use-session';

const m = messages.emailChange;

/**
 * Issue 19, "Change e-mail": `updateUser({ email })` mails a link to the new address (and a
 * notice to the old one); nothing changes until the link is followed, so the card shows the
 * address still waiting for confirmation.
 */
export function ChangeEmailCard() {
  const { user } = useSession();
  const titleId = useId();
  const current = user?.email ?? '';
  const [requested, setRequested] = useState<string | undefined>();
  const pending = requested ?? user?.new_email;
  const schema = z.object({ email: emailSchema.refine((value) => value !== current.toLowerCase(), m.sameEmail) });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const handleChange = async ({ email }: { email: string }) => {
    try {
      const { data, error } = await auth.updateUser({ email }, { emailRedirectTo: `${window.location.origin}${paths.confirmEmail}` });
      if (error) {
        toast.error(messages.toast.errorTitle, { description: error.message || messages.toast.unexpectedTryAgain });
        return;
      }
      setRequested(data.user?.new_email ?? email);
      reset({ email: '' });
    } catch {
      toast.error(messages.toast.errorTitle, { description: messages.toast.unexpectedTryAgain });
    }
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Change e-mail</CardTitle>
        <CardDescription>
          You sign in with <span className="font-medium text-foreground">{current}</span>. A new address is used once you follow the link we send to it; we also
          tell your current address.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {pending ? (
          <div role="status" className="flex gap-3 rounded-md border bg-muted/40 p-3 text-sm">
            <MailCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>{requested ? m.checkInbox(requested) : m.pending(pending)}</p>
          </div>
        ) : null}
        <form noValidate aria-label="Change e-mail" onSubmit={handleSubmit(handleChange)} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <TextField label="New e-mail address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <Button type="submit" disabled={isSubmitting} className="sm:mt-7">
            {isSubmitting ? 'Sending...' : 'Send confirmation link'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
