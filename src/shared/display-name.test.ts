import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName', () => {
  it('is the full name when the profile has one, trimmed', () => {
    expect(displayName('  Dana Whitfield ', 'dana@example.com')).toBe('Dana Whitfield');
  });

  it('is the part of the e-mail before the at-sign otherwise', () => {
    expect(displayName(null, 'dana.w@example.com')).toBe('dana.w');
    expect(displayName('   ', 'dana.w@example.com')).toBe('dana.w');
  });

  it('is empty with neither', () => {
    expect(displayName(undefined, undefined)).toBe('');
  });
});
