import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { FINDING_NOTE_MAX, overrideFindingBodySchema, type CheckFinding, type OverrideFindingBody } from '../../../../shared/schemas/checks';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/text-field';
import { Textarea } from '../../../components/ui/textarea';
import { useOverrideFinding } from '../api/override-finding';
import { parameterLabel } from '../lib/parameter-label';
import { VERDICTS, effectiveVerdict, verdictLabel } from '../lib/verdicts';

const text = messages.checkPage.review;

function OverrideForm({ checkId, viewer, finding, onDone }: { checkId: string; viewer: string | null; finding: CheckFinding; onDone: () => void }) {
  const id = useId();
  const override = useOverrideFinding(checkId, viewer);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OverrideFindingBody>({
    resolver: zodResolver(overrideFindingBodySchema),
    defaultValues: { verdict: effectiveVerdict(finding), note: '' },
  });

  const handleSave = async (body: OverrideFindingBody) => {
    try {
      await override.mutateAsync({ findingId: finding.id, body });
      toast.success(text.saved);
      onDone();
    } catch {
      // The API client has shown the server's reason.
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{text.verdictLabel}</legend>
        {VERDICTS.map((verdict) => (
          <label key={verdict} className="flex items-center gap-2 text-sm">
            <input type="radio" value={verdict} className="size-4 accent-primary" {...register('verdict')} />
            {verdictLabel(verdict)}
          </label>
        ))}
      </fieldset>
      <Field id={`${id}-note`} label={text.noteLabel} error={errors.note?.message}>
        {(describedBy) => (
          <Textarea
            id={`${id}-note`}
            rows={4}
            maxLength={FINDING_NOTE_MAX}
            placeholder={text.notePlaceholder}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy}
            aria-required
            {...register('note')}
          />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? text.saving : text.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The reviewer's override of one finding: a verdict and the note saying why (both kept in the audit trail). */
export function OverrideDialog({ checkId, viewer, finding, where }: { checkId: string; viewer: string | null; finding: CheckFinding; where: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={text.buttonOf(parameterLabel(finding.parameter), where)}>
          {text.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>
            {parameterLabel(finding.parameter)} · {where}. {text.description}
          </DialogDescription>
        </DialogHeader>
        <OverrideForm checkId={checkId} viewer={viewer} finding={finding} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
