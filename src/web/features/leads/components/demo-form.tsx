import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheckIcon, LoaderCircleIcon } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { messages } from '../../../../shared/messages';
import { TEAM_SIZES } from '../../../../shared/schemas/leads';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCreateLead } from '../api/create-lead';
import { serverFieldErrors } from '../../../lib/server-errors';
import { demoFormSchema, sendFailedMessage, type DemoFormInput, type DemoFormValues } from '../lib/lead-form';
import { FormAlert, HoneypotField, SelectField, SentConfirmation, TextareaField } from './form-parts';

const EMPTY: DemoFormInput = { name: '', email: '', company: '', role: '', preferredDate: '', teamSize: '', message: '', website: '' };
const FIELDS = ['name', 'email', 'company', 'role', 'preferredDate', 'teamSize', 'message'] as const;

/** Today as YYYY-MM-DD in the visitor's time zone. */
function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

const noSubscription = () => () => undefined;
const noDate = () => undefined;

/**
 * SPEC §2 /request-demo, our own form: the contact fields plus a preferred date and the team
 * size, checked by the shared `demoRequestSchema` and sent to `POST /api/leads`.
 */
export function DemoForm() {
  const createLead = useCreateLead();
  const [isSent, setIsSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // The date picker's lower bound depends on the visitor's clock: none in the prerendered HTML and while hydrating.
  const minDate = useSyncExternalStore(noSubscription, localToday, noDate);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DemoFormInput, unknown, DemoFormValues>({ resolver: zodResolver(demoFormSchema), defaultValues: EMPTY });

  const handleSend = async (values: DemoFormValues) => {
    setFormError(null);
    try {
      await createLead.mutateAsync({ kind: 'demo', ...values, website: values.website || undefined });
      setIsSent(true);
      reset(EMPTY);
    } catch (error) {
      const fields = serverFieldErrors(error);
      const invalid = FIELDS.filter((name) => fields[name]);
      invalid.forEach((name, index) => setError(name as Path<DemoFormInput>, { message: fields[name] }, { shouldFocus: index === 0 }));
      setFormError(invalid.length ? null : sendFailedMessage(error));
    }
  };

  if (isSent) {
    return <SentConfirmation title="Demo requested" message={messages.leads.demoReceived} againLabel="Request another demo" onAgain={() => setIsSent(false)} />;
  }

  return (
    <form noValidate aria-label="Request a demo" onSubmit={handleSubmit(handleSend)} className="relative grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" aria-required="true" maxLength={120} error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" autoComplete="email" aria-required="true" maxLength={254} error={errors.email?.message} {...register('email')} />
        <TextField label="Company (optional)" autoComplete="organization" maxLength={160} error={errors.company?.message} {...register('company')} />
        <TextField label="Role (optional)" autoComplete="organization-title" maxLength={160} error={errors.role?.message} {...register('role')} />
        <TextField label="Preferred date (optional)" type="date" min={minDate} error={errors.preferredDate?.message} {...register('preferredDate')} />
        <SelectField label="Team size (optional)" error={errors.teamSize?.message} {...register('teamSize')}>
          <option value="">Select team size</option>
          {TEAM_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} people
            </option>
          ))}
        </SelectField>
      </div>
      <TextareaField
        label="Message (optional)"
        rows={4}
        maxLength={5000}
        placeholder="What would you like to see? Your disciplines, standards and projects help us prepare."
        error={errors.message?.message}
        {...register('message')}
      />
      <HoneypotField {...register('website')} />
      <FormAlert message={formError} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-fit">
        {isSubmitting ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <CalendarCheckIcon aria-hidden />}
        {isSubmitting ? 'Sending...' : 'Request Demo'}
      </Button>
    </form>
  );
}
