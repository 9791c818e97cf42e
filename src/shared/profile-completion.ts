import { PROFILE } from './constants';
import { profileFormSchema } from './schemas/profile';

export type ProfileFieldName = 'fullName' | 'email' | 'companyName' | 'jobTitle' | 'phoneNumber';
export type ProfileGroup = 'personal' | 'professional' | 'contact';

export interface ProfileFieldDefinition {
  name: ProfileFieldName;
  required: boolean;
  weight: number;
  group: ProfileGroup;
}

/** SPEC §3 Profile field definitions (weights add up to 100). */
export const PROFILE_FIELDS: readonly ProfileFieldDefinition[] = [
  { name: 'fullName', required: true, weight: 25, group: 'personal' },
  { name: 'email', required: true, weight: 25, group: 'personal' },
  { name: 'companyName', required: false, weight: 15, group: 'professional' },
  { name: 'jobTitle', required: false, weight: 15, group: 'professional' },
  { name: 'phoneNumber', required: false, weight: 20, group: 'contact' },
];

export type ProfileValues = Partial<Record<ProfileFieldName, string | null | undefined>>;

const minLength: Partial<Record<ProfileFieldName, number>> = {
  companyName: PROFILE.companyMin,
  jobTitle: PROFILE.jobTitleMin,
};

/** A field counts only if it is filled and passes its rule (SPEC §5 Completion scoring). */
export function isProfileFieldValid(name: ProfileFieldName, value: string | null | undefined): boolean {
  const text = value?.trim() ?? '';
  if (text === '') return false;
  const min = minLength[name];
  if (min !== undefined) return text.length >= min;
  return profileFormSchema.shape[name].safeParse(text).success;
}

export interface ProfileCompletion {
  percentage: number;
  isComplete: boolean;
  missingRequired: ProfileFieldName[];
}

/** The one completion score used by the API, the ring, the banner and onboarding. */
export function computeProfileCompletion(values: ProfileValues): ProfileCompletion {
  let score = 0;
  const missingRequired: ProfileFieldName[] = [];
  for (const field of PROFILE_FIELDS) {
    const valid = isProfileFieldValid(field.name, values[field.name]);
    if (valid) score += field.weight;
    else if (field.required) missingRequired.push(field.name);
  }
  const percentage = Math.round(score);
  return { percentage, isComplete: percentage === 100 && missingRequired.length === 0, missingRequired };
}

/** SPEC §9 completion colours. */
export function completionColour(percentage: number): 'green' | 'yellow' | 'orange' {
  if (percentage >= PROFILE.colourGreenFrom) return 'green';
  if (percentage >= PROFILE.colourYellowFrom) return 'yellow';
  return 'orange';
}
