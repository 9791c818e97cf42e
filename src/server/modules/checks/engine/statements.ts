import type { RequirementParameter } from '../../../../shared/schemas/requirements';
import { findQuantities, type Quantity } from './quantities';
import { toLimitUnit } from './values';
import { approvalIn, parameterMentions, trackConditionIn, unitsOfParameter, type ParameterMention, type TrackCondition, type TrainType } from './vocabulary';

/**
 * One sentence read as statements: which of its quantities are design values of a parameter
 * the requirements limit, which only restate the regulation, grant an approval or report a
 * computed Vmax, and the conditions the sentence itself names (degree of curve, radius, curve,
 * vehicle type, train type). What the document said before it is added by the caller.
 */

export interface StatedQuantity {
  quantity: Quantity;
  parameter: RequirementParameter;
  /** `value`: a design value to check; the others are read as conditions or left alone. */
  role: 'value' | 'restated' | 'approval' | 'derived';
  aspect?: string;
  chordFt?: number;
  trainType?: TrainType;
}

export interface SentenceReading {
  values: StatedQuantity[];
  /** Degrees of one curve ("4°00′", "a 9°00′ curve"), not a range of curves. */
  degrees: number[];
  radiiFt: number[];
  /** "curves greater than 2°", "tangent track", "turnouts". */
  condition?: TrackCondition;
  curveIds: string[];
  vehicles: string[];
  /** The vehicle approval a clause of the sentence states. */
  approval?: { approved: boolean; euIn?: number };
}

/** How far (characters) a quantity may stand from the words that name it. */
const NAME_REACH = 120;
/** Words that make a figure a step or a tolerance of a parameter, not its value ("applied in increments of 1/4 in."). */
const NOT_A_VALUE_BEFORE = /\b(?:increments?|steps?|tolerance|accuracy|resolution|change|reduction|increase) of\s*$/i;
const REGULATOR = String.raw`\b(?:FRA|Federal Railroad Administration|federal|regulations?|regulatory|49\s*CFR|CFR|Track Safety Standards|the rule)\b|§`;
const LIMIT_WORD = String.raw`\b(?:limits?|limited|permits?|permitted|permissible|allows?|allowed|allowable|requires?|required|requirement|prescribes?|prescribed|specif(?:y|ies|ied)|maximum|minimum|caps?|threshold)\b`;
const RESTATED = new RegExp(String.raw`(?:${REGULATOR})[^;]*?${LIMIT_WORD}|${LIMIT_WORD}[^;]*?(?:${REGULATOR})`, 'i');
const RESTATED_AFTER = new RegExp(
  String.raw`^[^;.]{0,30}?\b(?:permitted|allowed|required|allowable|prescribed|set)\s+(?:by|under|in)\s+(?:${REGULATOR})|^\s*\(\s*(?:the\s+)?(?:${REGULATOR})`,
  'i',
);
/** "2° or more", "2° and sharper", "2° or 3°": a range of curves, not the degree of one ("2°15′ and 3 in. of superelevation" is one). */
const DEGREE_RANGE_AFTER = /^\s*(?:or|and)\s+(?:(?:over|more|less|above|under|sharper|flatter|greater|higher|lower|steeper)\b|\d+(?:\.\d+)?\s*(?:°|deg))/i;
/** An FRA approval is also written as a qualification or a waiver ("whose FRA qualification is pending"). */
const APPROVAL_WORDS = /\bapprov\w*|\bwaiver\b|\bqualif(?:y|ied|ication)\b/i;
const VEHICLE =
  /\b(?:Series|Model|Type)\s+[A-Z0-9][\w-]*\b|\b[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2}\s+(?:DMU|EMU|DEMU|MU)s?\b|\b[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2}(?=\s+vehicle type\b)/g;
const CURVE_ID = /\bcurve\s+(?:no\.\s*)?([A-Z]{0,3}-?\d+[A-Z]?)\b/gi;

/** Vehicle types a text names ("Series 200", "the Talgo 8 vehicle type"), lower-cased. */
export function vehiclesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VEHICLE)].map((m) => m[0].toLowerCase().replace(/^the\s+/, '')))];
}

/** Curve ids a text names ("curve C-22", "Curve 14"), upper-cased. */
export function curveIdsIn(text: string): string[] {
  return [...new Set([...text.matchAll(CURVE_ID)].map((m) => m[1]!.toUpperCase()))];
}

/** The clause of a sentence (between semicolons) a position is in. */
function clauseAround(text: string, at: number): { start: number; end: number } {
  const start = text.lastIndexOf(';', at - 1) + 1;
  const next = text.indexOf(';', at);
  return { start, end: next < 0 ? text.length : next };
}

function nameFor(text: string, q: Quantity, limitUnit: string, mentions: ParameterMention[]): ParameterMention | undefined {
  const clause = clauseAround(text, q.start);
  const fits = mentions.filter((m) => unitsOfParameter(m.parameter).includes(limitUnit) && m.start >= clause.start && m.end <= clause.end);
  const inside = fits.find((m) => m.start >= q.start && m.end <= q.end);
  if (inside) return inside;
  // A name right after the figure ("4.5 in. cant deficiency", "5 in. of elevation") is its own, nearer than one before it,
  // unless that name has a figure of its own ("… 4 in. Eu = 3 in.").
  const adjacent = fits.find(
    (m) => m.start >= q.end && /^\s*(?:of\s+)?$/i.test(text.slice(q.end, m.start)) && !/^\s*(?:[=:≈]|of|is|was)?\s*\d/i.test(text.slice(m.end)),
  );
  if (adjacent) return adjacent;
  const before = fits.filter((m) => m.end <= q.start && q.start - m.end <= NAME_REACH).at(-1);
  if (before) return before;
  // An inspection named after its frequency must follow closely: "twice a year, …, and rail testing" is another activity's.
  return fits.find((m) => m.start >= q.end && m.start - q.end <= (m.parameter === 'inspection' ? 30 : NAME_REACH));
}

function trainTypeNear(text: string, q: Quantity): TrainType | undefined {
  const clause = clauseAround(text, q.start);
  const before = [...text.slice(clause.start, q.start).matchAll(/\b(freight|passenger)\b/gi)].at(-1)?.[1];
  if (before) return before.toLowerCase() as TrainType;
  const all = new Set([...text.slice(clause.start, clause.end).matchAll(/\b(freight|passenger)\b/gi)].map((m) => m[1]!.toLowerCase()));
  return all.size === 1 ? ([...all][0] as TrainType) : undefined;
}

function aspectNear(text: string, q: Quantity, next: Quantity | undefined): string | undefined {
  const after = text.slice(q.end, next ? next.start : q.end + 60);
  if (/\btread\b|\btop\b|\brunning surface\b/i.test(after)) return 'tread';
  if (/\bgage\b|\bgauge\b/i.test(after)) return 'gage side';
  const before = text.slice(Math.max(0, q.start - 40), q.start);
  if (/\btread\b|\btop\b/i.test(before)) return 'tread';
  if (/\bgage side\b|\bgauge side\b/i.test(before)) return 'gage side';
  return undefined;
}

/** The side a mismatch's own name gives it ("tread mismatch", "mismatch on the gage side"), wherever its figure stands. */
function aspectOfName(text: string, mention: ParameterMention): string | undefined {
  const before = text.slice(Math.max(0, mention.start - 25), mention.start);
  const after = text.slice(mention.end, mention.end + 25);
  if (/\b(?:tread|top|running[\s-]surface)[\s-]*$/i.test(before) || /^\s+(?:on|of|at|across)\s+the\s+(?:tread|top|running[\s-]surface)\b/i.test(after))
    return 'tread';
  if (/\bga(?:u)?ge[\s-]*(?:side|face)?[\s-]*$/i.test(before) || /^\s+(?:on|of|at|across)\s+the\s+ga(?:u)?ge(?:\s+(?:side|face))?\b/i.test(after))
    return 'gage side';
  return undefined;
}

function inspectionParameter(q: Quantity, text: string, limitUnit: string): RequirementParameter {
  if (limitUnit.startsWith('per ')) return 'inspection_frequency';
  const around = text.slice(Math.max(0, q.start - 20), q.end + 40);
  if (q.bound === 'min' && /\bbetween\b|\binterval\b|\bapart\b/i.test(around)) return 'days_between_inspections';
  return 'inspection_interval';
}

/** Reads one sentence. */
export function readSentence(text: string): SentenceReading {
  const quantities = findQuantities(text);
  const mentions = parameterMentions(text);
  const reading: SentenceReading = { values: [], degrees: [], radiiFt: [], curveIds: curveIdsIn(text), vehicles: vehiclesIn(text) };
  const condition = trackConditionIn(text);
  if (condition && (condition.degreeRange || condition.turnout || condition.geometry === 'tangent')) reading.condition = condition;
  for (const clause of text.split(';')) {
    if (APPROVAL_WORDS.test(clause) && /\bFRA\b|\bFederal Railroad Administration\b/i.test(clause)) {
      const approval = approvalIn(clause);
      if (approval) {
        const inches = findQuantities(clause).find((q) => toLimitUnit(q.value, q.unit)?.unit === 'in' && !q.conversion);
        reading.approval =
          approval.approved && inches ? { approved: true, euIn: toLimitUnit(inches.value, inches.unit)!.value } : { approved: approval.approved };
      }
    }
  }
  const approvalAt = reading.approval?.approved ? text.search(APPROVAL_WORDS) : -1;
  let approvalRead = false;
  for (const [i, q] of quantities.entries()) {
    if (q.conversion) continue;
    const converted = toLimitUnit(q.value, q.unit);
    if (!converted) continue;
    const after = text.slice(q.end, q.end + 30);
    if (converted.unit === 'deg') {
      const lead = text.slice(Math.max(0, q.start - 25), q.start);
      if (!/(?:greater|more|less|sharper|flatter) than\s*$|\b(?:over|under|up to|above|below|exceeding)\s*$/i.test(lead) && !DEGREE_RANGE_AFTER.test(after))
        reading.degrees.push(converted.value);
      continue;
    }
    if (converted.unit === 'ft' && /^\s*(?:-\s*)?(?:long\s+)?(?:mid-?ordinate\s+)?chord/i.test(after)) continue;
    if (converted.unit === 'ft' && /\bradius\b|\bR\s*=\s*$/i.test(text.slice(Math.max(0, q.start - 30), q.start) + after.slice(0, 10))) {
      reading.radiiFt.push(converted.value);
      continue;
    }
    if (NOT_A_VALUE_BEFORE.test(text.slice(Math.max(0, q.start - 30), q.start))) continue;
    // A dimension ("7 in. × 9 in. × 8 ft 6 in.") describes a part, not a limited quantity.
    if (/[×x]\s*$/.test(text.slice(Math.max(0, q.start - 3), q.start)) || /^\s*[×x]\s/.test(after)) continue;
    const mention = nameFor(text, q, converted.unit, mentions);
    if (!mention) continue;
    let parameter: RequirementParameter;
    if (mention.parameter === 'inspection') parameter = inspectionParameter(q, text, converted.unit);
    else if (mention.parameter === 'stated_vmax') parameter = 'curve_max_speed';
    else parameter = mention.parameter;
    // A count of crossties is only the per-39-ft quantity where the sentence speaks of 39-ft segments.
    if (parameter === 'crossties_per_39ft' && !/\b39(?:\s*-?\s*(?:ft|feet|foot)\b|-foot\b)/i.test(text)) continue;
    const clause = clauseAround(text, q.start);
    const lead = text.slice(Math.max(clause.start, q.start - 100), q.start);
    let role: StatedQuantity['role'] = 'value';
    if (mention.parameter === 'stated_vmax') role = 'derived';
    // The first cant deficiency after the approval is the approved one; a later one ("…, are run with 4 1/2 in.") is a design value.
    else if (approvalAt >= 0 && !approvalRead && q.start > approvalAt && q.start - approvalAt < 90 && parameter === 'cant_deficiency') {
      role = 'approval';
      approvalRead = true;
    } else if (RESTATED.test(lead) || RESTATED_AFTER.test(text.slice(q.end, clause.end))) role = 'restated';
    const stated: StatedQuantity = { quantity: q, parameter, role };
    const trainType = trainTypeNear(text, q);
    if (trainType) stated.trainType = trainType;
    if (parameter === 'rail_end_mismatch') {
      const aspect =
        aspectNear(
          text,
          q,
          quantities.slice(i + 1).find((n) => !n.conversion),
        ) ?? aspectOfName(text, mention);
      if (aspect) stated.aspect = aspect;
    }
    if (['alinement_deviation', 'profile_deviation', 'crosslevel_difference'].includes(parameter)) {
      const chord = /(\d+)\s*-?\s*(?:ft|feet|foot)\.?\s*(?:-\s*)?(?:long\s+)?(?:mid-?ordinate\s+)?chord/i.exec(text);
      if (chord) stated.chordFt = Number(chord[1]);
    }
    reading.values.push(stated);
  }
  return reading;
}
