import type { RequirementParameter } from '../../../../shared/schemas/requirements';
import { normaliseUnit } from './values';

/**
 * The words documents use for the quantities the requirements limit, and for the conditions
 * that pick a limit. One vocabulary for column titles ("Superelevation Ea (in)") and for the
 * names in a "Parameter" column ("Alinement 31 ft"), so a new document written the same way
 * is read by the same rules, never by per-file code.
 */

export type TrainType = 'freight' | 'passenger';
export type Geometry = 'tangent' | 'curve' | 'spiral';

/** A quantity named by a title or a parameter name. */
export interface QuantityName {
  parameter: RequirementParameter;
  /** The chord or line it is measured over ("Alinement 31 ft" → 31). */
  chordFt?: number;
  /** A sub-case a requirement may name ("reverse elevation"). */
  aspect?: string;
  /** Geometry the quantity implies (reverse elevation is on curves). */
  geometry?: Geometry;
  /** Which bound the name speaks of: gage (wide) → the maximum, gage (tight) → the minimum. */
  bound?: 'max' | 'min';
  trainType?: TrainType;
}

const lower = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** "freight" / "passenger" when the text names exactly one. */
export function trainTypeIn(text: string): TrainType | undefined {
  const t = lower(text);
  const freight = /\bfreight\b|\bfrt\b/.test(t);
  const passenger = /\bpassenger\b|\bpass\b|\bpax\b/.test(t);
  if (freight === passenger) return undefined;
  return freight ? 'freight' : 'passenger';
}

function chordIn(text: string): number | undefined {
  const m = /(\d+(?:\.\d+)?)\s*(?:-\s*)?(ft|feet|foot|m)\b/.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  return m[2] === 'm' ? Math.round(value / 0.3048) : value;
}

/** The quantity a title or parameter name speaks of, or undefined for anything else. */
export function quantityNamed(text: string): QuantityName | undefined {
  const t = lower(text);
  const trainType = trainTypeIn(t);
  // Cant deficiency exists only on curves: an Eu stated for a whole line (a design criterion) speaks of its curves.
  if (/\bcant deficiency\b|\bunbalance\b|\beu\b/.test(t) && !/\bbasis\b|\bapprov/.test(t))
    return { parameter: 'cant_deficiency', trainType, geometry: 'curve' };
  if (/\bspeed\b|\bvmax\b|\bmas\b/.test(t) && !/\bbasis\b|\bapprov|\bremark/.test(t)) return { parameter: 'max_operating_speed', trainType };
  if (/\breverse elevation\b/.test(t)) return { parameter: 'crosslevel_deviation', aspect: 'reverse elevation', geometry: 'curve' };
  if (/\bsuperelevation\b|\bcant\b|\belevation of (?:the )?outside rail\b|\bcurve elevation\b|\bea\b/.test(t)) return { parameter: 'outside_rail_elevation' };
  if (/\bwarp\b|\btwist\b|\bdifference in cross ?level\b/.test(t)) return { parameter: 'crosslevel_difference', chordFt: chordIn(t) };
  if (/\bcross ?level\b/.test(t)) return { parameter: 'crosslevel_deviation' };
  if (/\balinement\b|\balignment\b/.test(t) && !/\bid\b/.test(t)) return { parameter: 'alinement_deviation', chordFt: chordIn(t) };
  if (/\bprofile\b|\bsurface\b/.test(t)) return { parameter: 'profile_deviation', chordFt: chordIn(t) };
  if (/\bgage\b|\bgauge\b/.test(t) && !/\bchange\b|\bguard\b|\bcheck\b/.test(t)) {
    const bound = /\bwide\b|\bmax/.test(t) ? 'max' : /\btight\b|\bnarrow\b|\bmin/.test(t) ? 'min' : undefined;
    return bound ? { parameter: 'gage', bound } : { parameter: 'gage' };
  }
  return undefined;
}

/** What a column of a table holds, recognised from its title and unit. */
export type ColumnRole =
  | { kind: 'trackClass' }
  | { kind: 'geometry' }
  | { kind: 'degree' }
  | { kind: 'radius'; unit: string | undefined }
  | { kind: 'approval'; trainType?: TrainType }
  | { kind: 'parameterName' }
  | { kind: 'measuredValue' }
  | { kind: 'unit' }
  | { kind: 'quantity'; name: QuantityName; unit: string | undefined };

/** The role of a column from its title (and the unit the reader found in it); undefined for columns the check does not use. */
export function columnRole(title: string, unit: string | null): ColumnRole | undefined {
  const t = lower(title);
  const u = normaliseUnit(unit) ?? normaliseUnit(/\b(mph|km\/h|in|mm|ft|m)\b\.?$/.exec(t)?.[1]);
  if (/\bclass\b/.test(t) && !/\bvehicle\b|\bcar\b/.test(t)) return { kind: 'trackClass' };
  if (/^(?:location|geometry|alignment type|track geometry|curve\/tangent|tangent\/curve|element)$/.test(t)) return { kind: 'geometry' };
  if (/\bdegree of curv|^d\b|^dc\b|\bcurvature\b/.test(t)) return { kind: 'degree' };
  if (/\bradius\b/.test(t)) return { kind: 'radius', unit: u };
  if (/\beu basis\b|\bapproval\b|\bapproved\b|\bvehicle qualification\b/.test(t)) return { kind: 'approval', trainType: trainTypeIn(t) };
  if (/^(?:parameter|exception|exception type|defect|defect type|measurement)$/.test(t)) return { kind: 'parameterName' };
  if (/^(?:measured value|measured|value|amplitude|measurement value|max(?:imum)? value)$/.test(t.replace(/\s*\(.*\)$/, ''))) return { kind: 'measuredValue' };
  if (/^units?$/.test(t)) return { kind: 'unit' };
  const name = quantityNamed(t);
  if (name) return { kind: 'quantity', name, unit: u };
  return undefined;
}

/** A track class cell: `4`, `Class 4`, `4 (FRA)`, `Excepted`; undefined when none or several are named. */
export function trackClassIn(text: string): number | 'excepted' | undefined {
  const t = lower(text);
  if (/\bexcepted\b/.test(t)) return 'excepted';
  const digits = t.replace(/\bclass\b/g, '').match(/\b[1-9]\b/g);
  if (!digits || new Set(digits).size !== 1) return undefined;
  if (/[a-z]/.test(t.replace(/\bclass\b|\bfra\b|\btrack\b/g, ''))) return undefined;
  return Number(digits[0]);
}

/** A location cell: Curve, Tangent, Spiral (and their abbreviations); undefined otherwise. */
export function geometryIn(text: string): Geometry | undefined {
  const t = lower(text);
  if (/^(?:curve|curved|circular curve|body|cc|c)$/.test(t)) return 'curve';
  if (/^(?:tangent|straight|tan|t)$/.test(t)) return 'tangent';
  if (/^(?:spiral|transition|sp|s)$/.test(t)) return 'spiral';
  return undefined;
}

/**
 * A vehicle's cant-deficiency approval as a document states it: "FRA-approved Eu 4 in.", "FRA
 * letter …, Eu up to 4 in." → approved for 4 in.; "FRA application pending", "not approved" → not
 * approved; in an approval column, yes/no as well; anything else → unknown.
 */
export function approvalIn(text: string): { approved: boolean; euIn?: number } | undefined {
  const t = lower(text);
  if (!t || /^n\/?a$/.test(t)) return undefined;
  if (/\bpending\b|\bnot (?:yet )?approved\b|\bno (?:fra )?approval\b|\bunapproved\b|\bapplied for\b|\bapplication\b|^(?:no|false|none)$/.test(t))
    return { approved: false };
  // An approval is often cited by its letter or waiver ("FRA letter RSTS-2024-0318, Eu up to 4 in."), or a model states it as a yes/no property.
  if (/\bfra[- ]approved\b|\bapproved by fra\b|\bfra approval\b|\bfra (?:approval )?(?:letter|waiver)\b|^(?:yes|true|approved)$/.test(t)) {
    const m = /\beu\s*(?:=|up to|of|to|≤|<=)?\s*(\d+(?:\.\d+)?)\s*(?:in\b|inch|")/.exec(t) ?? /(\d+(?:\.\d+)?)\s*(?:in\b|inch)/.exec(t);
    return m ? { approved: true, euIn: Number(m[1]) } : { approved: true };
  }
  return undefined;
}

/**
 * A track class declared for what follows, as a title block or heading states it: "Track class: 4",
 * "FRA track class 3", "Class of track – 2". Prose that merely mentions a class is not a declaration.
 */
export function declaredTrackClass(text: string): number | 'excepted' | undefined {
  const m = /^(?:fra\s+)?(?:track class|class of track)\s*[:=\-–—]?\s*(excepted|[1-9])\s*\.?$/i.exec(text.trim());
  if (!m?.[1]) return undefined;
  return /excepted/i.test(m[1]) ? 'excepted' : Number(m[1]);
}
