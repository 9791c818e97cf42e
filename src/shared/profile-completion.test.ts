import { describe, expect, it } from 'vitest';
import { completionColour, computeProfileCompletion, isProfileFieldValid, PROFILE_FIELDS } from './profile-completion';

const full = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  companyName: 'Metro Rail',
  jobTitle: 'Engineer',
  phoneNumber: '+61 400-000 000',
};

describe('computeProfileCompletion', () => {
  it('weighs the fields 25/25/15/15/20, adding up to 100', () => {
    expect(Object.fromEntries(PROFILE_FIELDS.map((f) => [f.name, f.weight]))).toEqual({
      fullName: 25,
      email: 25,
      companyName: 15,
      jobTitle: 15,
      phoneNumber: 20,
    });
    expect(PROFILE_FIELDS.reduce((sum, f) => sum + f.weight, 0)).toBe(100);
    expect(PROFILE_FIELDS.filter((f) => f.required).map((f) => f.name)).toEqual(['fullName', 'email']);
  });

  it('scores an empty profile 0 with both required fields missing', () => {
    expect(computeProfileCompletion({})).toEqual({ percentage: 0, isComplete: false, missingRequired: ['fullName', 'email'] });
    expect(computeProfileCompletion({ fullName: null, email: '   ' })).toEqual({ percentage: 0, isComplete: false, missingRequired: ['fullName', 'email'] });
  });

  it.each([
    [{ email: full.email }, 25],
    [{ fullName: full.fullName }, 25],
    [{ fullName: full.fullName, email: full.email }, 50],
    [{ companyName: full.companyName }, 15],
    [{ jobTitle: full.jobTitle }, 15],
    [{ phoneNumber: full.phoneNumber }, 20],
    [{ fullName: full.fullName, email: full.email, companyName: full.companyName }, 65],
    [{ fullName: full.fullName, email: full.email, companyName: full.companyName, jobTitle: full.jobTitle }, 80],
    [full, 100],
  ])('scores %j as %i', (values, percentage) => {
    expect(computeProfileCompletion(values).percentage).toBe(percentage);
  });

  it('is complete only at 100 with nothing required missing', () => {
    expect(computeProfileCompletion(full)).toEqual({ percentage: 100, isComplete: true, missingRequired: [] });
    const { fullName: _omitted, ...withoutName } = full;
    expect(computeProfileCompletion(withoutName)).toEqual({ percentage: 75, isComplete: false, missingRequired: ['fullName'] });
    const { phoneNumber: _phone, ...withoutPhone } = full;
    expect(computeProfileCompletion(withoutPhone)).toEqual({ percentage: 80, isComplete: false, missingRequired: [] });
  });

  it('counts only valid values', () => {
    expect(computeProfileCompletion({ ...full, fullName: 'Ada' })).toMatchObject({ percentage: 75, missingRequired: ['fullName'] });
    expect(computeProfileCompletion({ ...full, email: 'ada@' })).toMatchObject({ percentage: 75, missingRequired: ['email'] });
    expect(computeProfileCompletion({ ...full, companyName: 'M' }).percentage).toBe(85);
    expect(computeProfileCompletion({ ...full, jobTitle: ' E ' }).percentage).toBe(85);
    expect(computeProfileCompletion({ ...full, phoneNumber: '12345' }).percentage).toBe(80);
  });

  it('rounds the sum to a whole percentage', () => {
    for (const values of [{}, full, { email: full.email, jobTitle: 'QA' }]) {
      const { percentage } = computeProfileCompletion(values);
      expect(Number.isInteger(percentage)).toBe(true);
    }
    expect(computeProfileCompletion({ email: full.email, jobTitle: 'QA' }).percentage).toBe(40);
  });
});

describe('isProfileFieldValid', () => {
  it('wants company and job title of at least 2 characters after trimming', () => {
    for (const name of ['companyName', 'jobTitle'] as const) {
      expect(isProfileFieldValid(name, 'AB')).toBe(true);
      expect(isProfileFieldValid(name, 'A')).toBe(false);
      expect(isProfileFieldValid(name, '  A  ')).toBe(false);
      expect(isProfileFieldValid(name, '')).toBe(false);
      expect(isProfileFieldValid(name, null)).toBe(false);
      expect(isProfileFieldValid(name, undefined)).toBe(false);
    }
  });

  it('wants a phone of 6-20 digits, +, - and spaces', () => {
    expect(isProfileFieldValid('phoneNumber', '123456')).toBe(true);
    expect(isProfileFieldValid('phoneNumber', '1'.repeat(20))).toBe(true);
    expect(isProfileFieldValid('phoneNumber', '+61 3-9000 0000')).toBe(true);
    expect(isProfileFieldValid('phoneNumber', '12345')).toBe(false);
    expect(isProfileFieldValid('phoneNumber', '1'.repeat(21))).toBe(false);
    expect(isProfileFieldValid('phoneNumber', '(03) 9000 0000')).toBe(false);
    expect(isProfileFieldValid('phoneNumber', 'abcdefg')).toBe(false);
    expect(isProfileFieldValid('phoneNumber', '123.456.789')).toBe(false);
  });

  it('wants a first and last name and a valid e-mail', () => {
    expect(isProfileFieldValid('fullName', 'Ada Lovelace')).toBe(true);
    expect(isProfileFieldValid('fullName', 'Ada  King  Lovelace')).toBe(true);
    expect(isProfileFieldValid('fullName', 'Ada')).toBe(false);
    expect(isProfileFieldValid('email', 'ada@example.com')).toBe(true);
    expect(isProfileFieldValid('email', 'ada.example.com')).toBe(false);
  });
});

describe('completionColour', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [50, 'yellow'],
    [49, 'orange'],
    [0, 'orange'],
  ] as const)('%i%% is %s', (percentage, colour) => {
    expect(completionColour(percentage)).toBe(colour);
  });
});
