import type { Profile } from '../../shared/schemas/profile';
import type { StandardSummary } from '../../shared/schemas/standards';
import { computeProfileCompletion } from '../../shared/profile-completion';

export const standardsFixture: StandardSummary[] = [
  { code: '49 CFR', name: '49 CFR (US Federal Railroad Administration)', jurisdiction: 'United States', enabled: true, clauseCount: 1200 },
  { code: 'Metro Trains Melbourne', name: 'Metro Trains Melbourne', jurisdiction: 'Victoria, Australia', enabled: false, clauseCount: 0 },
];

/** A profile with the completion the server would compute. */
export function profileFixture(values: Partial<Pick<Profile, 'fullName' | 'email' | 'companyName' | 'jobTitle' | 'phoneNumber'>> = {}): Profile {
  const fields = {
    fullName: null,
    email: 'ada.lovelace@example.com',
    companyName: null,
    jobTitle: null,
    phoneNumber: null,
    ...values,
  };
  return {
    id: '00000000-0000-4000-8000-000000000001',
    ...fields,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    completion: computeProfileCompletion(fields),
  };
}
