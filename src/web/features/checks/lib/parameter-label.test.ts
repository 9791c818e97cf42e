import { describe, expect, it } from 'vitest';
import { parameterLabel } from './parameter-label';

describe('parameterLabel', () => {
  it('names a parameter as the requirements library does, and spells out one it does not know', () => {
    expect(parameterLabel('outside_rail_elevation')).toBe('Elevation of the outside rail of a curve');
    expect(parameterLabel('max_operating_speed')).toBe('Maximum operating speed');
    expect(parameterLabel('ballast_depth')).toBe('Ballast depth');
    expect(parameterLabel('toString')).toBe('ToString');
  });
});
