import { zodResolver } from '@hookform/resolvers/zod';
import { FlagIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { flagInputSchema, type FlagInput } from '../../../../shared/schemas/forum';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import type { PostTarget } from '../api/endpoints';
import { useFlagPost } from '../api/flag-post';
import { ReasonField } from './reason-field';

function ReportForm({ target, onDone }: { target: PostTarget; onDone: () => void }) {
  const id = useId();
  const flag = useFlagPost();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FlagInput>({ resolver: zodResolver(flagInputSchema), defaultValues: { reason: '' } });

  const handleReport = async (input: FlagInput) => {
    try {
      await flag.mutateAsync({ target, input });
      toast.success(messages.forum.reported);
      onDone();
    } catch {
      // The API client has shown why (already reported, own post, …).
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleReport)} className="grid gap-4">
      <ReasonField
        id={`${id}-reason`}
        error={errors.reason?.message}
        placeholder="e.g. Spam, abusive language, unsafe advice"
        registration={register('reason')}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          {isSubmitting ? 'Reporting…' : 'Report'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Report (flag) a topic or reply with a reason; three reports hide a post until an admin reviews it. */
export function ReportDialog({ target, label }: { target: PostTarget; label: string }) {
  const [open, setOpen] = useState(false);
  const noun = target.kind === 'topic' ? 'topic' : 'reply';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={label}>
          <FlagIcon aria-hidden />
          Report
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this {noun}</DialogTitle>
          <DialogDescription>Tell the moderators what is wrong. Your report is private.</DialogDescription>
        </DialogHeader>
        <ReportForm target={target} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
