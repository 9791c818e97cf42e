import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon, SendIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useLocation } from 'react-router';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCreateLead } from '../api/create-lead';
import { serverFieldErrors } from '../../../lib/server-errors';
import { contactFormSchema, sendFailedMessage, type ContactFormInput, type ContactFormValues } from '../lib/lead-form';
import { FormAlert, HoneypotField, SentConfirmation, TextareaField } from './form-parts';

const EMPTY: ContactFormInput = { name: '', email: '', company: '', role: '', message: '', website: '' };
const FIELDS = ['name', 'email', 'company', 'role', 'message'] as const;

/** The plan a visitor chose on /pricing, if they came from there. */
function planFromState(state: unknown): string | undefined {
  const plan = (state as { plan?: unknown } | null)?.plan;
  return typeof plan === 'string' && plan.length <= 40 ? plan : undefined;
}

/**
 * SPEC §2 /contact, our own form: name, e-mail, company, role and message, checked by the
 * shared `contactRequestSchema` and sent to `POST /api/leads`.
 */
export function ContactForm() {
  const createLead = useCreateLead();
  const location = useLocation();
  const [isSent, setIsSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: EMPTY });

  // Coming from a plan on /pricing: start the message for them (after hydration, never during render).
  const plan = planFromState(location.state);
  useEffect(() => {
    if (plan && !getValues('message')) setValue('message', `I'm interested in the ${plan} plan.`);
  }, [plan, getValues, setValue]);

  const handleSend = async (values: ContactFormValues) => {
    setFormError(null);
    try {
      await createLead.mutateAsync({ kind: 'contact', ...values, website: values.website || undefined });
      setIsSent(true);
      reset(EMPTY);
    } catch (error) {
      const fields = serverFieldErrors(error);
      const invalid = FIELDS.filter((name) => fields[name]);
      invalid.forEach((name, index) => setError(name as Path<ContactFormInput>, { message: fields[name] }, { shouldFocus: index === 0 }));
      setFormError(invalid.length ? null : sendFailedMessage(error));
    }
  };

  if (isSent) {
    return (
      <SentConfirmation title="Message sent" message={messages.leads.contactReceived} againLabel="Send another message" onAgain={() => setIsSent(false)} />
    );
  }

  return (
    <form noValidate aria-label="Contact us" onSubmit={handleSubmit(handleSend)} className="relative grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" aria-required="true" maxLength={120} error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" autoComplete="email" aria-required="true" maxLength={254} error={errors.email?.message} {...register('email')} />
        <TextField label="Company (optional)" autoComplete="organization" maxLength={160} error={errors.company?.message} {...register('company')} />
        <TextField label="Role (optional)" autoComplete="organization-title" maxLength={160} error={errors.role?.message} {...register('role')} />
      </div>
      <TextareaField
        label="Message"
        rows={6}
        aria-required="true"
        maxLength={5000}
        placeholder="Tell us about your project, your discipline and what you would like help with."
        error={errors.message?.message}
        {...register('message')}
      />
      <HoneypotField {...register('website')} />
      <FormAlert message={formError} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-fit">
        {isSubmitting ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
