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
  /** The element the quantity is of, in the library's `feature` words ("rail joint" for a mismatch). */
  feature?: string;
  /** The unit a bare number of it is in (a count of crossties). */
  impliedUnit?: string;
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
  if (/\b(?:cross)?ties\b/.test(t) && /\bmin|\beffective\b|\bper\b|\b39\b|\bnumber\b|\brequired\b/.test(t))
    return { parameter: 'crossties_per_39ft', impliedUnit: 'crossties' };
  if (/\bmismatch\b/.test(t)) {
    const aspect = /\bgage\b|\bgauge\b/.test(t) ? 'gage side' : /\btread\b|\btop\b/.test(t) ? 'tread' : undefined;
    return aspect ? { parameter: 'rail_end_mismatch', feature: 'rail joint', aspect } : { parameter: 'rail_end_mismatch', feature: 'rail joint' };
  }
  if (/\bwarning time\b/.test(t)) return { parameter: 'crossing_warning_time', feature: 'crossing warning system', impliedUnit: 'seconds' };
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
  // Report generators abbreviate the title ("FRA Cls", "Trk cl.").
  if (/\bclass\b|\bcls\b|\bcl\b\.?$/.test(t) && !/\bvehicle\b|\bcar\b/.test(t)) return { kind: 'trackClass' };
  if (/^(?:location|geometry|alignment type|track geometry|curve\/tangent|tangent\/curve|element|track condition|condition|track type)$/.test(t))
    return { kind: 'geometry' };
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
  // "Segment A, Class 4": a cell that names its segment beside the class.
  const named = new Set([...t.matchAll(/\bclass\s+([1-9])\b/g)].map((m) => m[1]));
  if (named.size === 1 && !/\bclasses\b|\bor\b|\band\b/.test(t)) return Number([...named][0]);
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

const NOT_APPROVED =
  /\bpending\b|\bnot (?:yet )?(?:been )?(?:fra[- ])?approved\b|\bno (?:fra )?approval\b|\bwithout (?:fra )?approval\b|\bunapproved\b|\bapplied for\b|\bapplication\b|\b(?:will|to|shall|intends to) apply\b|\bawait(?:ing|ed)\b|\brequested\b|\boutstanding\b|\bunder review\b|\bsought\b|\bto be (?:obtained|sought|requested)\b|\bbefore (?:fra )?approval\b|^(?:no|false|none)$/;
const APPROVED =
  /\bfra[- ](?:approved|qualified)\b|\bqualified by (?:the )?(?:fra|federal railroad administration)\b|\bapproved by (?:the )?(?:fra|federal railroad administration)\b|\bfra approval\b|\bhas been approved\b|\bwas approved\b|\bapproved for\b|\bfra (?:approval )?(?:letter|waiver)\b|^(?:yes|true|approved)$/;

/**
 * A vehicle's cant-deficiency approval as a document states it: "FRA-approved Eu 4 in.", "FRA
 * letter …, Eu up to 4 in." → approved for 4 in.; "FRA application pending", "not approved" → not
 * approved; in an approval column, yes/no as well; anything else → unknown.
 */
export function approvalIn(text: string): { approved: boolean; euIn?: number } | undefined {
  const t = lower(text);
  if (!t || /^n\/?a$/.test(t)) return undefined;
  if (NOT_APPROVED.test(t)) return { approved: false };
  // An approval is often cited by its letter or waiver ("FRA letter RSTS-2024-0318, Eu up to 4 in."), or a model states it as a yes/no property.
  if (APPROVED.test(t)) {
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

/**
 * The track a condition cell or a sentence describes: "Tangent track and curves of 2° or less"
 * → degree of curve 0–2; "Turnouts and curves greater than 2°" → a turnout or a curve over 2°.
 */
export interface TrackCondition {
  geometry?: Geometry;
  /** The degrees of curve the words cover (tangent track is 0°). */
  degreeRange?: { gt?: number; gte?: number; lt?: number; lte?: number };
  turnout?: boolean;
}

/** The track condition words state, or undefined where they state none. */
export function trackConditionIn(text: string): TrackCondition | undefined {
  const short = geometryIn(text);
  if (short) return { geometry: short };
  const t = lower(text);
  const condition: TrackCondition = {};
  const degree =
    /(?:curves?|curvature|curved track)\s+(?:of\s+)?(greater than|more than|over|above|exceeding|sharper than|of|less than|under|up to|not (?:more|greater) than)?\s*(\d+(?:\.\d+)?)\s*(?:°|deg(?:rees?)?)\s*(or less|or more|or greater|and (?:sharper|over|more|above)|and (?:less|under|flatter))?/.exec(
      t,
    );
  if (degree) {
    const value = Number(degree[2]);
    const before = degree[1] ?? '';
    const after = degree[3] ?? '';
    if (/greater|more than|over|above|exceeding|sharper/.test(before)) condition.degreeRange = { gt: value };
    else if (/less than|under/.test(before)) condition.degreeRange = { lt: value };
    else if (/up to|not (?:more|greater)/.test(before) || /or less|less|under|flatter/.test(after)) condition.degreeRange = { lte: value };
    else if (/or more|or greater|sharper|over|more|above/.test(after)) condition.degreeRange = { gte: value };
    // "Tangent track and curves of 2° or less" spans 0–2°; a curve range alone is curved track.
    if (condition.degreeRange && !/\btangent\b/.test(t)) condition.geometry = 'curve';
  } else if (/\btangent\b/.test(t) && !/\bcurve/.test(t)) condition.geometry = 'tangent';
  else if (/\bcurves?\b|\bcurved\b/.test(t) && !/\btangent\b/.test(t)) condition.geometry = 'curve';
  if (/\bturnouts?\b/.test(t)) condition.turnout = true;
  return Object.keys(condition).length > 0 ? condition : undefined;
}

/**
 * Conditions the library states in words (`qualifier`) that a document's words can settle: true
 * or false where the statement settles it, undefined where it does not. Keyed to the library's
 * words, so a changed edition falls back to needs-review rather than a guess.
 */
export function qualifierHolds(qualifier: string, condition: TrackCondition, trackClass?: number | 'excepted'): boolean | undefined {
  // "Class 3 only with regularly scheduled passenger trains …": words that govern only the classes they name leave the
  // requirement's other classes unconditioned.
  const only = /^class(?:es)?\s+([1-9](?:\s*(?:,|and|or)\s*[1-9])*)\s+only\b/i.exec(qualifier.trim());
  if (only && typeof trackClass === 'number' && !only[1]!.match(/[1-9]/g)!.map(Number).includes(trackClass)) return true;
  if (/^turnouts, and curved track greater than 2 degrees$/i.test(qualifier.trim())) {
    if (condition.turnout) return true;
    const range = condition.degreeRange;
    if (range?.gt !== undefined && range.gt >= 2) return true;
    if (range?.gte !== undefined && range.gte > 2) return true;
    if ((range?.lte !== undefined && range.lte <= 2) || (range?.lt !== undefined && range.lt <= 2)) return false;
    if (condition.geometry === 'tangent') return false;
    return undefined;
  }
  return undefined;
}

/** A quantity a sentence names, with the units its values are stated in (the units its limits use). */
export type ProseParameter = RequirementParameter | 'stated_vmax' | 'inspection';

export interface ParameterMention {
  parameter: ProseParameter;
  start: number;
  end: number;
}

/**
 * The words that name each quantity in prose, with the limit units a value of it is stated in.
 * `stated_vmax` is a Vmax the document computed (never a design value of its own); `inspection`
 * is resolved to a frequency, an interval or days between inspections by the value's unit and bound.
 */
export const PROSE_PARAMETERS: readonly { parameter: ProseParameter; words: RegExp; units: readonly string[] }[] = [
  { parameter: 'stated_vmax', words: /\bV\s?max\b|\bmaximum (?:allowable )?curving speed\b/g, units: ['mph'] },
  // A speed named by the verb that sets it: "signed for freight at 50 mph", "timetabled at 70 mph", "will operate at 45 mph".
  {
    parameter: 'max_operating_speed',
    words:
      /\bspeeds?\b|\bMAS\b|\b(?:signed|sign-posted|posted|timetabled|scheduled|operated|operate|operates|operating|run|runs|running|restricted|authori[sz]ed|permitted|travels?|travell?ing)\b(?=[^.;]{0,40}?\bat\s+(?:up\s+to\s+|a\s+maximum\s+of\s+)?\d)/gi,
    units: ['mph'],
  },
  { parameter: 'cant_deficiency', words: /\bcant deficiency\b|\bunbalance\b|\bE\s?u\b/gi, units: ['in'] },
  {
    parameter: 'outside_rail_elevation',
    // "an actual elevation of 7 in.", "the high rail is raised 5 in.": elevation of a rail, never a reverse or an unbalanced one, nor a height above datum.
    words:
      /\bsuperelevat(?:ion|ed)\b|\bcant\b(?!\s+deficiency)|(?<!\b(?:reverse|unbalanced|unbalance|ground|grade|finished|datum|track|rail)\s)\belevation\b(?!\s+(?:above|below|difference|datum|drawings?|views?))|\b(?:outside|outer|high) rail elevation\b|\b(?:outside|outer|high|elevated)\s+rail\s+(?:is\s+|will\s+be\s+|shall\s+be\s+|was\s+|being\s+)?(?:raised|elevated|set\s+up)\b|\bE\s?a\b/gi,
    units: ['in'],
  },
  { parameter: 'gage', words: /(?<!\b(?:check|face|guard|flangeway)\s)\bga(?:u)?ge\b(?![\s-]+(?:side|face|corner|line|rod|plate|point|bar))/gi, units: ['in'] },
  { parameter: 'alinement_deviation', words: /\balinement\b|\balignment (?:deviation|defect|variation|irregularit\w*)s?\b/gi, units: ['in'] },
  { parameter: 'profile_deviation', words: /\bprofile\b|\bsurface (?:deviation|defect|variation)s?\b/gi, units: ['in'] },
  { parameter: 'crosslevel_difference', words: /\bwarp\b|\btwist\b|\bdifference in cross-?level\b/gi, units: ['in'] },
  { parameter: 'crosslevel_deviation', words: /\bcross-?level\b|\breverse elevation\b/gi, units: ['in'] },
  { parameter: 'crossties_per_39ft', words: /\b(?:cross)?ties\b/gi, units: ['crossties'] },
  { parameter: 'rail_end_mismatch', words: /\bmismatch\b/gi, units: ['in'] },
  { parameter: 'crossing_warning_time', words: /\bwarning time\b|\bwarning\b/gi, units: ['seconds'] },
  { parameter: 'inspection', words: /\binspect(?:ed|ions?|s)?\b|\btest(?:ed|s|ing)?\b/gi, units: ['per week', 'per month', 'per calendar year', 'days'] },
  { parameter: 'fall_protection_height', words: /\bfall (?:arrest|protection|restraint)\b|\bsafety nets?\b/gi, units: ['ft'] },
];

/** Every quantity name a sentence holds; a name inside a longer one ("crosslevel" in "difference in crosslevel") counts once. */
export function parameterMentions(text: string): ParameterMention[] {
  const mentions: ParameterMention[] = [];
  for (const { parameter, words } of PROSE_PARAMETERS) {
    words.lastIndex = 0;
    for (let m = words.exec(text); m; m = words.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (mentions.some((o) => o.start <= start && o.end >= end)) continue;
      mentions.push({ parameter, start, end });
    }
  }
  return mentions.sort((a, b) => a.start - b.start);
}

/** The limit units a prose parameter is stated in. */
export function unitsOfParameter(parameter: ProseParameter): readonly string[] {
  return PROSE_PARAMETERS.find((p) => p.parameter === parameter)?.units ?? [];
}

/** The track classes a sentence names ("Class 4", "(Class 3)", "Class 4 track"), in order. */
export function trackClassesNamed(text: string): { trackClass: number | 'excepted'; start: number }[] {
  const found: { trackClass: number | 'excepted'; start: number }[] = [];
  for (const m of text.matchAll(/\bclass(?:es)?\s+([1-9])(?:\s*(?:,|and|or|to|through|–|-)\s*([1-9]))*/gi)) {
    for (const d of m[0].matchAll(/[1-9]/g)) found.push({ trackClass: Number(d[0]), start: m.index });
    if (/through|to|–|-/.test(m[0]) && m[2]) {
      for (let c = Number(m[1]) + 1; c < Number(m[2]); c += 1) found.push({ trackClass: c, start: m.index });
    }
  }
  for (const m of text.matchAll(/\bexcepted track\b/gi)) found.push({ trackClass: 'excepted', start: m.index });
  return found;
}

/**
 * What a sentence says is inspected or limited, as the library's `feature` words: the structure
 * named first wins (a bridge "on the main track" is a bridge), then the kind of track.
 */
export function featuresIn(text: string): string[] {
  const t = lower(text);
  if (/\bbridges?\b|\btrestles?\b|\bculverts?\b|\bviaducts?\b/.test(t)) return ['bridge'];
  if (/\bcrossings?\b|\bwarning (?:time|systems?|devices?)\b|\bgates?\b|\bflashing/.test(t)) return ['crossing warning system'];
  const features: string[] = [];
  if (/\bultrasonic\b|\binternal rail\b|\brail flaw\b|\brail test/.test(t)) features.push('internal rail inspection');
  if (/\bjoints?\b|\brail ends?\b|\bmismatch\b/.test(t)) features.push('rail joint');
  if (/\bmain (?:track|line)s?\b|\bmainline\b/.test(t)) features.push('main track', 'main track and sidings');
  if (/\bsidings?\b/.test(t)) features.push('siding', 'main track and sidings');
  if (/\byard tracks?\b|\bindustry tracks?\b|\bspurs?\b|\bconnecting tracks?\b|\binterchange tracks?\b|\bother than main/.test(t))
    features.push('other than main track and sidings');
  return [...new Set(features)];
}

/**
 * An approval stated in a cell of a column not titled for approvals ("Rolling stock: Series 9,
 * FRA-approved Eu 5 in."): only a cell that speaks of FRA or an approval counts, so that a remark
 * like "no" or "application of spirals" is never read as one.
 */
export function approvalStatedIn(text: string): { approved: boolean; euIn?: number } | undefined {
  if (!/\bfra\b|\bapprov|\bqualif/i.test(text)) return undefined;
  return approvalIn(text);
}
