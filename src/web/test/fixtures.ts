import type { Profile } from '../../shared/schemas/profile';
import type { StandardSummary } from '../../shared/schemas/standards';
import { computeProfileCompletion } from '../../shared/profile-completion';

export const standardsFixture: StandardSummary[] = [
  { code: '49 CFR', name: '49 CFR (US Federal Railroad Administration)', jurisdiction: 'United States', enabled: true, clauseCount: 1200 },
  { code: 'Metro Trains Melbourne', name: 'Metro Trains Melbourne', jurisdiction: 'Victoria, Australia', enabled: false, clauseCount: 0 },
];

/** A library of the three jurisdictions the bundled standards come from, as `GET /api/standards` lists them. */
export const libraryFixture: StandardSummary[] = [
  { code: '49 CFR', name: '49 CFR (US Federal Railroad Administration)', jurisdiction: 'United States', enabled: true, clauseCount: 2991 },
  { code: '49 U.S.C.', name: '49 U.S.C. (US rail safety statutes, chapters 201–213)', jurisdiction: 'United States', enabled: true, clauseCount: 315 },
  {
    code: 'EU TSI CCS (Decision 2012/88/EU)',
    name: 'EU TSI Control-Command and Signalling (Decision 2012/88/EU, historical)',
    jurisdiction: 'European Union',
    enabled: true,
    clauseCount: 132,
  },
  { code: 'CA Grade Crossings Regulations', name: 'Grade Crossings Regulations (SOR/2014-275)', jurisdiction: 'Canada', enabled: true, clauseCount: 144 },
  { code: 'CA Railway Safety Act', name: 'Railway Safety Act (R.S.C., 1985, c. R-4.2)', jurisdiction: 'Canada', enabled: true, clauseCount: 244 },
  { code: 'Comparative Table', name: 'Comparative Table', jurisdiction: null, enabled: false, clauseCount: 0 },
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
