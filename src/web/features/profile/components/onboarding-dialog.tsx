import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { STORAGE_KEYS } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { isProfileFieldValid, type ProfileFieldName } from '../../../../shared/profile-completion';
import { profileFormSchema, type Profile } from '../../../../shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { FIELD_LABELS } from '../lib/profile-form';

const o = assistantMessages.onboarding;

interface OnboardingStep {
  id: 'personal' | 'professional' | 'contact';
  title: string;
  description: string;
  fields: ProfileFieldName[];
}

/** SPEC §4 Onboarding steps, in order. */
const ALL_STEPS: readonly OnboardingStep[] = [
  { id: 'personal', title: o.personalTitle, description: 'Tell us your full name so we know how to address you.', fields: ['fullName'] },
  {
    id: 'professional',
    title: o.professionalTitle,
    description: 'Your company and job title help tailor answers to your work.',
    fields: ['companyName', 'jobTitle'],
  },
  { id: 'contact', title: o.contactTitle, description: 'A phone number lets our engineers reach you if needed.', fields: ['phoneNumber'] },
];

/** The steps whose fields are not yet filled and valid. */
export function onboardingSteps(profile: Profile): OnboardingStep[] {
  return ALL_STEPS.filter((step) => step.fields.some((name) => !isProfileFieldValid(name, profile[name])));
}

function isOnboardingCompleted(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.onboardingCompleted) !== null;
  } catch {
    return false;
  }
}

function markOnboardingCompleted(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.onboardingCompleted, 'true');
  } catch {
    // Blocked storage: the dialog simply shows again next time.
  }
}

/** The field's error under the form rules, or undefined; empty optional fields are fine. */
function fieldError(name: ProfileFieldName, value: string): string | undefined {
  const result = profileFormSchema.shape[name].safeParse(value);
  if (!result.success) return result.error.issues[0]?.message;
  if ((name === 'companyName' || name === 'jobTitle') && value.trim() !== '' && !isProfileFieldValid(name, value)) {
    return `${FIELD_LABELS[name]} must be at least 2 characters`;
  }
  return undefined;
}

const fieldType: Partial<Record<ProfileFieldName, { type: string; autoComplete: string }>> = {
  fullName: { type: 'text', autoComplete: 'name' },
  companyName: { type: 'text', autoComplete: 'organization' },
  jobTitle: { type: 'text', autoComplete: 'organization-title' },
  phoneNumber: { type: 'tel', autoComplete: 'tel' },
};

function OnboardingFlow({ profile, onFinish }: { profile: Profile; onFinish: () => void }) {
  const [steps] = useState(() => onboardingSteps(profile));
  const [index, setIndex] = useState(0);
  const [values, setValues] = useState<Partial<Record<ProfileFieldName, string>>>(() => ({
    fullName: profile.fullName ?? '',
    companyName: profile.companyName ?? '',
    jobTitle: profile.jobTitle ?? '',
    phoneNumber: profile.phoneNumber ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<ProfileFieldName, string>>>({});
  const update = useUpdateProfile();
  const formId = useId();

  // SPEC §4: when no step applies, the dialog closes at once and sets the flag.
  useEffect(() => {
    if (steps.length === 0) onFinish();
  }, [steps, onFinish]);

  const step = steps[index];
  if (!step) return null;
  const isLast = index === steps.length - 1;

  const goNext = () => {
    setErrors({});
    if (isLast) onFinish();
    else setIndex((i) => i + 1);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const stepErrors: Partial<Record<ProfileFieldName, string>> = {};
    for (const name of step.fields) {
      const error = fieldError(name, values[name] ?? '');
      if (error) stepErrors[name] = error;
    }
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) return;

    // Empty optional fields are sent as '' (the shared schema stores them as null).
    const changes: Partial<Record<ProfileFieldName, string>> = {};
    for (const name of step.fields) {
      const value = (values[name] ?? '').trim();
      if (value !== (profile[name] ?? '')) changes[name] = value;
    }
    if (Object.keys(changes).length > 0) {
      try {
        await update.mutateAsync(changes);
      } catch {
        toast.error(messages.toast.errorTitle, { description: assistantMessages.profile.updateFailed });
        return;
      }
    }
    if (isLast) toast.success(assistantMessages.profile.updatedTitle, { description: assistantMessages.profile.updatedDescription });
    goNext();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onFinish())}>
      <DialogContent aria-describedby={`${formId}-description`}>
        <DialogHeader>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            Step {index + 1} of {steps.length}
          </p>
          <DialogTitle>{step.title}</DialogTitle>
          <DialogDescription id={`${formId}-description`}>{step.description}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={(e) => void handleSubmit(e)} className="grid gap-4">
          {step.fields.map((name) => (
            <TextField
              key={name}
              label={FIELD_LABELS[name]}
              name={name}
              type={fieldType[name]?.type}
              autoComplete={fieldType[name]?.autoComplete}
              value={values[name] ?? ''}
              error={errors[name]}
              reserveErrorSpace
              onChange={(e) => {
                const value = e.target.value;
                setValues((v) => ({ ...v, [name]: value }));
                // Once a field has been checked, it is re-checked as the user types, so the
                // message clears while correcting instead of on the click that leaves the field.
                if (name in errors) setErrors((er) => ({ ...er, [name]: fieldError(name, value) }));
              }}
              onBlur={(e) => setErrors((er) => ({ ...er, [name]: fieldError(name, e.target.value) }))}
            />
          ))}
        </form>
        <DialogFooter className="gap-2 sm:justify-between">
          <div className="flex gap-2">
            {index > 0 ? (
              <Button variant="outline" onClick={() => setIndex((i) => i - 1)} disabled={update.isPending}>
                Back
              </Button>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" onClick={goNext} disabled={update.isPending}>
              Skip for now
            </Button>
            <Button type="submit" form={formId} disabled={update.isPending}>
              {update.isPending ? 'Saving...' : isLast ? 'Complete' : 'Next'}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * SPEC §4 Onboarding dialog: shown once, when required profile fields are missing and the
 * onboardingCompleted flag is unset. Finishing, skipping the last step or closing it sets
 * the flag.
 */
export function OnboardingDialog() {
  const profile = useProfile();
  const [isDone, setIsDone] = useState(isOnboardingCompleted);
  const [started, setStarted] = useState<Profile | null>(null);

  const shouldStart = !isDone && !started && profile.data !== undefined && profile.data.completion.missingRequired.length > 0;
  // Latched on first sight: saving a step completes the profile, which must not close the dialog.
  if (shouldStart && profile.data) setStarted(profile.data);

  if (isDone || !started) return null;
  return (
    <OnboardingFlow
      profile={started}
      onFinish={() => {
        markOnboardingCompleted();
        setIsDone(true);
      }}
    />
  );
}
