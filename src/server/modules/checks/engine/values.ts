/**
 * Numbers as documents write them: `7.25`, `7 1/4`, `1°30'`, `57.69 in`, `N/A`; and the unit
 * conversions the check makes to compare a value with a limit stated in inches, feet or mph.
 */

/** The units a limit is stated in, and what each document unit converts to. */
const CONVERSIONS: Readonly<Record<string, { to: string; factor: number }>> = {
  in: { to: 'in', factor: 1 },
  inch: { to: 'in', factor: 1 },
  inches: { to: 'in', factor: 1 },
  '"': { to: 'in', factor: 1 },
  mm: { to: 'in', factor: 1 / 25.4 },
  cm: { to: 'in', factor: 1 / 2.54 },
  ft: { to: 'ft', factor: 1 },
  feet: { to: 'ft', factor: 1 },
  m: { to: 'ft', factor: 1 / 0.3048 },
  mph: { to: 'mph', factor: 1 },
  'm/s': { to: 'mph', factor: 1 / 0.44704 },
  'km/h': { to: 'mph', factor: 1 / 1.609344 },
  kmh: { to: 'mph', factor: 1 / 1.609344 },
  kph: { to: 'mph', factor: 1 / 1.609344 },
  deg: { to: 'deg', factor: 1 },
  '°': { to: 'deg', factor: 1 },
  crossties: { to: 'crossties', factor: 1 },
  // Durations compare in days; a month and a year are their calendar averages (an 18-month cycle is 548 days).
  seconds: { to: 'seconds', factor: 1 },
  minutes: { to: 'seconds', factor: 60 },
  hours: { to: 'hours', factor: 1 },
  days: { to: 'days', factor: 1 },
  weeks: { to: 'days', factor: 7 },
  months: { to: 'days', factor: 365.25 / 12 },
  years: { to: 'days', factor: 365.25 },
  'per week': { to: 'per week', factor: 1 },
  'per month': { to: 'per month', factor: 1 },
  'per calendar year': { to: 'per calendar year', factor: 1 },
};

/** Units whose conversion is exact by definition, so a converted figure carries no rounding of its own. */
const EXACT_UNITS = new Set(['minutes', 'weeks', 'months', 'years']);

/** True when converting `unit` loses nothing to the rounding of the figure as written (durations, unlike mm or km/h). */
export const isExactConversion = (unit: string) => EXACT_UNITS.has(unit) || CONVERSIONS[unit]?.factor === 1;

/**
 * A requirement's limit in the unit a stated value was converted to (a limit in months or weeks
 * compared with a value in days), or undefined where the two measure different things.
 */
export function limitIn(limit: { value: number; unit: string }, unit: string): number | undefined {
  if (limit.unit === unit) return limit.value;
  const conversion = CONVERSIONS[limit.unit];
  return conversion?.to === unit ? limit.value * conversion.factor : undefined;
}

/** A unit as written ("Inches", "km/h", "MM") in the form {@link CONVERSIONS} knows, or undefined. */
export function normaliseUnit(unit: string | null | undefined): string | undefined {
  if (!unit) return undefined;
  const u = unit.trim().toLowerCase().replace(/\.$/, '');
  if (u in CONVERSIONS) return u;
  if (u === 'km/hr' || u === 'km per hour') return 'km/h';
  if (u === 'degrees' || u === 'degree') return 'deg';
  if (u === 'metres' || u === 'meters' || u === 'metre' || u === 'meter') return 'm';
  if (u === 'millimetres' || u === 'millimeters') return 'mm';
  return undefined;
}

/** Converts `value` in `unit` to the unit limits are stated in (mm → in, m → ft, km/h → mph); undefined for an unknown unit. */
export function toLimitUnit(value: number, unit: string): { value: number; unit: string } | undefined {
  const conversion = CONVERSIONS[unit];
  if (!conversion) return undefined;
  return { value: value * conversion.factor, unit: conversion.to };
}

/** Feet in one of each length unit a document or model states lengths in. */
const FEET_PER: Readonly<Record<string, number>> = {
  ft: 1,
  feet: 1,
  in: 1 / 12,
  inch: 1 / 12,
  inches: 1 / 12,
  '"': 1 / 12,
  m: 1 / 0.3048,
  mm: 1 / 304.8,
  cm: 1 / 30.48,
};

/** A length in any unit of {@link FEET_PER} in feet (a radius in mm or m → ft); undefined for a unit that is no length. */
export function lengthInFeet(value: number, unit: string): number | undefined {
  const factor = FEET_PER[unit];
  return factor === undefined ? undefined : value * factor;
}

/** True when `unit` needs no conversion to compare with a limit. */
export const isLimitUnit = (unit: string) => CONVERSIONS[unit]?.factor === 1;

/** `7.25`, `7 1/4`, `3/4`, `-1.5`, `57.69 in`, `1,600` → the number; undefined for text, blanks and N/A. */
export function parseNumber(text: string): number | undefined {
  const t = text
    .trim()
    .replace(/,(?=\d{3}\b)/g, '')
    .replace(/\s*(?:in\.?|inches|mm|ft|mph|km\/h|"|″)$/i, '');
  const m = /^(-)?(\d+(?:\.\d+)?)?(?:\s*(\d+)\/(\d+))?$/.exec(t);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  if (m[2]?.includes('.') && m[3] !== undefined) return undefined;
  const whole = m[2] === undefined ? 0 : Number(m[2]);
  const fraction = m[3] === undefined ? 0 : Number(m[3]) / Number(m[4]);
  if (m[4] !== undefined && Number(m[4]) === 0) return undefined;
  return (m[1] ? -1 : 1) * (whole + fraction);
}

/** `1°30'`, `1° 30′`, `4°00'`, `2-30` is not read; `1.5` → 1.5 degrees. */
export function parseDegrees(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*°\s*(?:(\d+(?:\.\d+)?)\s*['′])?\s*(?:(\d+(?:\.\d+)?)\s*["″])?$/.exec(text.trim());
  if (m) return Number(m[1]) + (m[2] ? Number(m[2]) / 60 : 0) + (m[3] ? Number(m[3]) / 3600 : 0);
  return parseNumber(text);
}

/** § 213.57 and the answer key's convention: degree of curve from a radius in feet, D = 5729.58 / R. */
export function degreeFromRadiusFt(radiusFt: number): number | undefined {
  if (!(radiusFt > 0)) return undefined;
  return 5729.58 / radiusFt;
}

/** A number as a message shows it: at most three decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * A value as a cell states it: a number, with the unit written after it where there is one,
 * and a conversion in brackets after that ignored: `7.25`, `184 mm`, `7 1/4 in.`,
 * `60 mph (97 km/h)`. Undefined for anything else.
 */
export function readStated(text: string): { value: number; unit?: string } | undefined {
  const t = text.trim().replace(/\s*\([^()]*\)$/, '');
  const m = /^(.*?\d)\s*(in\.?|inches|mm|ft|mph|km\/h|"|″)?$/i.exec(t);
  if (!m?.[1]) return undefined;
  const value = parseNumber(m[1]);
  if (value === undefined) return undefined;
  const unit = normaliseUnit(m[2] === '″' ? '"' : m[2]);
  return unit ? { value, unit } : { value };
}
