import { isProfileFieldValid, PROFILE_FIELDS, type ProfileFieldName, type ProfileGroup } from '../../../../shared/profile-completion';
import type { Profile } from '../../../../shared/schemas/profile';

export type ProfileFormValues = Record<ProfileFieldName, string>;

export interface ProfileSectionDefinition {
  id: ProfileGroup;
  title: string;
  description: string;
  fields: ProfileFieldName[];
}

/** SPEC §4: personal, professional and contact sections, in this order. */
export const PROFILE_SECTIONS: readonly ProfileSectionDefinition[] = [
  { id: 'personal', title: 'Personal information', description: 'Your name and e-mail address.', fields: ['fullName', 'email'] },
  { id: 'professional', title: 'Professional details', description: 'Where you work and what you do.', fields: ['companyName', 'jobTitle'] },
  { id: 'contact', title: 'Contact information', description: 'How we can reach you.', fields: ['phoneNumber'] },
];

export const FIELD_LABELS: Record<ProfileFieldName, string> = {
  fullName: 'Full name',
  email: 'Email',
  companyName: 'Company name',
  jobTitle: 'Job title',
  phoneNumber: 'Phone number',
};

/** True when every required field of the section is filled and valid. */
export function sectionRequiredFilled(section: ProfileGroup, values: Partial<ProfileFormValues>): boolean {
  return PROFILE_FIELDS.filter((f) => f.group === section && f.required).every((f) => isProfileFieldValid(f.name, values[f.name]));
}

/**
 * SPEC §4: a section opens only once every earlier section's required fields are filled.
 * Returns the unlocked state of each section, in order.
 */
export function unlockedSections(values: Partial<ProfileFormValues>): Record<ProfileGroup, boolean> {
  const result = {} as Record<ProfileGroup, boolean>;
  let open = true;
  for (const section of PROFILE_SECTIONS) {
    result[section.id] = open;
    open = open && sectionRequiredFilled(section.id, values);
  }
  return result;
}

/** The form's string values for a profile (nulls become empty strings). */
export function profileToFormValues(profile: Profile | undefined, fallbackEmail?: string | null): ProfileFormValues {
  return {
    fullName: profile?.fullName ?? '',
    email: profile?.email ?? fallbackEmail ?? '',
    companyName: profile?.companyName ?? '',
    jobTitle: profile?.jobTitle ?? '',
    phoneNumber: profile?.phoneNumber ?? '',
  };
}
