import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDownIcon, LockIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { messages } from '../../../../shared/messages';
import type { ProfileGroup } from '../../../../shared/profile-completion';
import { profileFormSchema, type ProfileFormInput, type ProfileUpdate } from '../../../../shared/schemas/profile';
import { PageLoader } from '../../../components/layout/page-loader';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/utils';
import { useSession } from '../../../lib/session/use-session';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { FIELD_LABELS, PROFILE_SECTIONS, profileToFormValues, unlockedSections, type ProfileFormValues } from '../lib/profile-form';

const t = assistantMessages.profile;

const fieldInput: Record<keyof ProfileFormValues, { type: string; autoComplete: string; placeholder?: string; hint?: string }> = {
  fullName: { type: 'text', autoComplete: 'name', hint: 'Your first and last name.' },
  // The account's e-mail, changed with "Change e-mail" (confirmed at the new address), never here.
  email: {
    type: 'email',
    autoComplete: 'email',
    placeholder: 'name@company.com',
    hint: 'Your sign-in address: change it with "Change e-mail" on your profile page.',
  },
  companyName: { type: 'text', autoComplete: 'organization' },
  jobTitle: { type: 'text', autoComplete: 'organization-title' },
  phoneNumber: { type: 'tel', autoComplete: 'tel', placeholder: '+61 3 9000 0000', hint: 'Optional: 6-20 digits, +, - and spaces.' },
};

function Section({
  id,
  title,
  description,
  unlocked,
  expanded,
  onToggle,
  children,
}: {
  id: ProfileGroup;
  title: string;
  description: string;
  unlocked: boolean;
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const contentId = `profile-section-${id}`;
  const isOpen = unlocked && expanded;
  return (
    <section aria-labelledby={`${contentId}-title`} className={cn('rounded-lg border', !unlocked && 'bg-muted/40')}>
      <h3 id={`${contentId}-title`} className="m-0">
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left disabled:cursor-not-allowed"
          aria-expanded={isOpen}
          aria-controls={contentId}
          disabled={!unlocked}
          onClick={onToggle}
        >
          <span className="grid gap-0.5">
            <span className="font-medium">{title}</span>
            <span className="text-sm font-normal text-muted-foreground">
              {unlocked ? description : 'Fill in the required fields above to open this section.'}
            </span>
          </span>
          {unlocked ? (
            <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', isOpen && 'rotate-180')} aria-hidden />
          ) : (
            <LockIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          )}
        </button>
      </h3>
      {isOpen ? (
        <div id={contentId} className="grid gap-4 border-t px-4 py-4">
          {children}
        </div>
      ) : null}
    </section>
  );
}

function ProfileFormFields({ defaults, onSaved }: { defaults: ProfileFormValues; onSaved?: (() => void) | undefined }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileFormSchema),
    // First checked when the field is left, then on every keystroke: a corrected field
    // enables Save at once rather than when it loses focus.
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const values = useWatch({ control }) as Partial<ProfileFormValues>;
  const unlocked = unlockedSections(values);
  const [expanded, setExpanded] = useState<Record<ProfileGroup, boolean>>({ personal: true, professional: true, contact: true });

  const handleSave = async (data: ProfileUpdate) => {
    try {
      await update.mutateAsync(data);
      toast.success(t.updatedTitle, { description: t.updatedDescription });
      onSaved?.();
    } catch {
      toast.error(messages.toast.errorTitle, { description: t.updateFailed });
    }
  };

  const isSaving = isSubmitting || update.isPending;

  return (
    <form noValidate aria-label="Profile" onSubmit={handleSubmit(handleSave)} className="grid gap-4">
      {PROFILE_SECTIONS.map((section) => (
        <Section
          key={section.id}
          id={section.id}
          title={section.title}
          description={section.description}
          unlocked={unlocked[section.id]}
          expanded={expanded[section.id]}
          onToggle={() => setExpanded((e) => ({ ...e, [section.id]: !e[section.id] }))}
        >
          {section.fields.map((name) => {
            const input = fieldInput[name];
            return (
              <TextField
                key={name}
                label={`${FIELD_LABELS[name]}${name === 'fullName' || name === 'email' ? ' *' : ''}`}
                type={input.type}
                autoComplete={input.autoComplete}
                placeholder={input.placeholder}
                hint={input.hint}
                required={name === 'fullName' || name === 'email'}
                error={errors[name]?.message}
                reserveErrorSpace
                readOnly={name === 'email'}
                {...register(name)}
              />
            );
          })}
        </Section>
      ))}
      <p className="text-xs text-muted-foreground">* Required</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={!isValid || isSaving}>
          {isSaving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/**
 * SPEC §4/§5 Profile form: sections open progressively, fields validate when left (then as typed) with the
 * shared `profileFormSchema`, Save stays disabled until the form is valid or while saving.
 */
export function ProfileForm({ onSaved }: { onSaved?: () => void }) {
  const { user } = useSession();
  const profile = useProfile();
  if (profile.isPending) return <PageLoader label="Loading profile..." />;
  const defaults = profileToFormValues(profile.data, user?.email);
  // Keyed by the saved values so a reload (or another tab's save) starts a fresh form.
  return <ProfileFormFields key={profile.data?.updatedAt ?? 'new'} defaults={defaults} onSaved={onSaved} />;
}
