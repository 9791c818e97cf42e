import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { whitelistAddSchema, type WhitelistAddInput } from '../../../../shared/schemas/user-admin';
import { QueryList } from '../../../components/load-state';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors, serverMessage } from '../../../lib/server-errors';
import { useAddToWhitelist } from '../api/add-to-whitelist';
import { useWhitelist } from '../api/get-whitelist';
import { useRemoveFromWhitelist } from '../api/remove-from-whitelist';
import { TitledCard } from './titled-card';

/** Admin › Users › the "Make Me Admin" whitelist (SPEC §6): e-mails that may grant themselves the admin role. */
export function WhitelistCard({ className }: { className?: string }) {
  const whitelist = useWhitelist();
  const add = useAddToWhitelist();
  const remove = useRemoveFromWhitelist();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WhitelistAddInput>({ resolver: zodResolver(whitelistAddSchema), defaultValues: { email: '' } });

  const handleAdd = async ({ email }: WhitelistAddInput) => {
    try {
      await add.mutateAsync({ email });
      toast.success('Added to the whitelist', { description: email });
      reset();
    } catch (error) {
      const message = serverMessage(error, 'Failed to add the e-mail');
      setError('email', { message: serverFieldErrors(error)['email'] ?? message }, { shouldFocus: true });
      toast.error(messages.toast.errorTitle, { description: message });
    }
  };

  const handleRemove = async (email: string) => {
    try {
      await remove.mutateAsync(email);
      toast.success('Removed from the whitelist', { description: email });
    } catch (error) {
      toast.error(messages.toast.errorTitle, { description: serverMessage(error, 'Failed to remove the e-mail') });
    }
  };

  return (
    <TitledCard
      className={className}
      title="Make Me Admin whitelist"
      description="People with these e-mails see a “Make Me Admin” button on their profile and can grant themselves the admin role. Removing an e-mail does not take back a role already granted."
    >
      <div className="grid gap-4">
        <form noValidate aria-label="Add to the whitelist" className="grid gap-3" onSubmit={handleSubmit(handleAdd)}>
          <TextField label="Whitelisted email" type="email" autoComplete="off" error={errors.email?.message} readOnly={isSubmitting} {...register('email')} />
          <div>
            <Button type="submit" variant="outline" disabled={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <PlusIcon aria-hidden />}
              {isSubmitting ? 'Adding...' : 'Add to whitelist'}
            </Button>
          </div>
        </form>
        <QueryList query={whitelist} loading="Loading the whitelist..." failed="Failed to load the whitelist" empty="No e-mails are whitelisted.">
          {(entries) => (
            <ul aria-label="Whitelisted e-mails" className="grid divide-y rounded-md border">
              {entries.map((entry) => (
                <li key={entry.email} className="flex items-center justify-between gap-2 py-1 pl-3 pr-1 text-sm">
                  <span className="min-w-0 wrap-anywhere">{entry.email}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2 text-muted-foreground hover:text-destructive"
                    aria-label={`Remove ${entry.email} from the whitelist`}
                    onClick={() => void handleRemove(entry.email)}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryList>
      </div>
    </TitledCard>
  );
}
