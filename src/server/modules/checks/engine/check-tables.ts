import type { Finding, FindingLocation } from '../../../../shared/schemas/checks';
import type { TableBlock, TableRow } from '../../../../shared/schemas/document-content';
import {
  REQUIREMENT_PARAMETERS,
  type FormulaRequirement,
  type LimitRequirement,
  type LoadedRequirement,
  type RequirementComparator,
  type TrackClass,
} from '../../../../shared/schemas/requirements';
import { evaluateFormula } from '../requirements/formulas';
import {
  degreeFromRadiusFt,
  formatNumber,
  isExactConversion,
  isLimitUnit,
  lengthInFeet,
  limitIn,
  normaliseUnit,
  parseDegrees,
  parseNumber,
  readStated,
  toLimitUnit,
} from './values';
import {
  approvalIn,
  approvalStatedIn,
  columnRole,
  qualifierHolds,
  quantityNamed,
  trackConditionIn,
  trackClassIn,
  trackClassesNamed,
  trainTypeIn,
  type ColumnRole,
  type Geometry,
  type QuantityName,
  type TrackCondition,
  type TrainType,
} from './vocabulary';

/**
 * The check of one table: each column recognised by its title and unit, each row's conditions
 * read from its own cells (class, curve/tangent, degree of curve, Ea, Eu, vehicle approval),
 * each stated value matched to the enabled requirements whose conditions it meets. A condition
 * a requirement needs that the row does not state makes the value needs-review whenever the
 * verdict would depend on it; it is never guessed.
 */

/** Every qualified vehicle may run at this cant deficiency without FRA approval (§ 213.57(c)). */
const UNQUALIFIED_EU_IN = 3;

/** A finding before its id, with what the second pass re-reads. */
export interface DraftFinding extends Omit<Finding, 'id'> {
  /** The cell text the value was read from. */
  source: { cellText: string };
}

/** The conditions a value is stated under: read from its row's cells, or from its sentence and what the document said before it. */
export interface RowContext {
  trackClass?: TrackClass;
  trackClassText?: string;
  geometry?: Geometry;
  degree?: number;
  /** The degrees of curve the words cover where no single degree is stated ("curves greater than 2°"). */
  degreeRange?: TrackCondition['degreeRange'];
  turnout?: boolean;
  /** What the statement is about, in the library's `feature` words (bridge, rail joint, main track, …). */
  features?: string[];
  /** An inspection frequency stated beside a spacing ("twice weekly with at least 1 calendar day"): the spacing is judged in that regime. */
  frequency?: { value: number; unit: string };
  eaIn?: number;
  eu: Partial<Record<TrainType | 'any', number>>;
  approval: Partial<Record<TrainType | 'any', { approved: boolean; euIn?: number }>>;
}

export interface StatedValue {
  name: QuantityName;
  /** As written. */
  value: number;
  unit: string;
  /** Converted to the unit limits are stated in. */
  limitValue: number;
  limitUnit: string;
  cellText: string;
  location: FindingLocation;
  /** Where the value was extracted from prose by the language model instead of the reader. */
  extractedBy?: 'reader' | 'model';
}

type Applies = { applies: true; unknown: string[] } | { applies: false };

const holds = (value: number, comparator: RequirementComparator, limit: number) => {
  const epsilon = 1e-9;
  if (comparator === '<=') return value <= limit + epsilon;
  if (comparator === '<') return value < limit - epsilon;
  if (comparator === '>=') return value >= limit - epsilon;
  return value > limit + epsilon;
};

const inRange = (value: number, range: { gt?: number; gte?: number; lt?: number; lte?: number }) =>
  (range.gt === undefined || value > range.gt) &&
  (range.gte === undefined || value >= range.gte) &&
  (range.lt === undefined || value < range.lt) &&
  (range.lte === undefined || value <= range.lte);

/** Whether every degree a range covers is inside a requirement's range: true, false (none is), or undefined (some are). */
function rangeWithin(range: RowContext['degreeRange'], required: { gt?: number; gte?: number; lt?: number; lte?: number }): boolean | undefined {
  if (!range) return undefined;
  const low = range.gt ?? range.gte ?? 0;
  const high = range.lt ?? range.lte ?? Number.POSITIVE_INFINITY;
  const lowOpen = range.gt !== undefined;
  const highOpen = range.lt !== undefined;
  const fitsLow = required.gt !== undefined ? low > required.gt || (lowOpen && low >= required.gt) : required.gte === undefined || low >= required.gte;
  const fitsHigh = required.lt !== undefined ? high < required.lt || (highOpen && high <= required.lt) : required.lte === undefined || high <= required.lte;
  if (fitsLow && fitsHigh) return true;
  const outsideLow = required.lte !== undefined ? low > required.lte || (lowOpen && low >= required.lte) : required.lt !== undefined && low >= required.lt;
  const outsideHigh = required.gte !== undefined ? high < required.gte || (highOpen && high <= required.gte) : required.gt !== undefined && high <= required.gt;
  return outsideLow || outsideHigh ? false : undefined;
}

/** Whether a clause's words ("Weekly with at least 3 calendar days' interval") state the frequency a document states. */
function sameRegime(quote: string, frequency: { value: number; unit: string }): boolean {
  const q = quote.toLowerCase();
  const times = /\bthree times\b/.test(q) ? 3 : /\btwice\b/.test(q) ? 2 : 1;
  const unit = /\bweek/.test(q) ? 'per week' : /\bmonth/.test(q) ? 'per month' : 'per calendar year';
  return times === frequency.value && unit === frequency.unit;
}

const COMPARATOR_WORDS: Record<RequirementComparator, string> = { '<=': 'maximum', '<': 'limit (less than)', '>=': 'minimum', '>': 'limit (more than)' };
const SYMBOL: Record<RequirementComparator, string> = { '<=': '≤', '<': '<', '>=': '≥', '>': '>' };

function euFor(context: RowContext, trainType: TrainType | undefined): number | undefined {
  return (trainType && context.eu[trainType]) ?? context.eu.any;
}
function approvalFor(context: RowContext, trainType: TrainType | undefined) {
  return (trainType && context.approval[trainType]) ?? context.approval.any;
}

/** Whether a requirement applies to a value in its row, and which of the conditions it needs the row leaves unstated. */
function applies(requirement: LoadedRequirement, stated: StatedValue, context: RowContext): Applies {
  const c = requirement.conditions;
  const unknown: string[] = [];
  if (c.trackClasses) {
    if (context.trackClass === undefined)
      unknown.push(context.trackClassText ? `track class "${context.trackClassText}" is ambiguous` : 'track class not stated');
    else if (!c.trackClasses.includes(context.trackClass)) return { applies: false };
  }
  if (c.trainType) {
    if (!stated.name.trainType) unknown.push('train type (freight or passenger) not stated');
    else if (c.trainType !== stated.name.trainType) return { applies: false };
  }
  const geometry = context.geometry ?? stated.name.geometry;
  if (c.geometry) {
    if (!geometry) unknown.push('curve or tangent not stated');
    else if (c.geometry !== geometry) return { applies: false };
  }
  if (c.degreeOfCurvature) {
    const within = context.degree !== undefined ? inRange(context.degree, c.degreeOfCurvature) : rangeWithin(context.degreeRange, c.degreeOfCurvature);
    if (within === false) return { applies: false };
    if (within === undefined) unknown.push('degree of curve not stated');
  }
  // Limits for operation above a cant deficiency (§ 213.55(b), 213.63(b)) are a regime of their own: they apply where the document states that Eu.
  if (c.cantDeficiency) {
    const eu = euFor(context, stated.name.trainType);
    if (eu === undefined || !inRange(eu, c.cantDeficiency)) return { applies: false };
  }
  if (c.vehicleTypeApproved !== undefined) {
    const approval = approvalFor(context, stated.name.trainType);
    if (!approval) unknown.push('FRA approval of the vehicle type not stated');
    else if (approval.approved !== c.vehicleTypeApproved) return { applies: false };
  }
  if (c.chordFt !== undefined) {
    if (stated.name.chordFt === undefined) unknown.push('measurement chord not stated');
    else if (stated.name.chordFt !== c.chordFt) return { applies: false };
  }
  if (c.feature && !context.features?.includes(c.feature) && stated.name.feature !== c.feature) return { applies: false };
  if (c.qualifier) {
    const holds = qualifierHolds(c.qualifier, { geometry, degreeRange: context.degreeRange, turnout: context.turnout }, context.trackClass);
    if (holds === false) return { applies: false };
    if (holds === undefined && c.qualifier.startsWith('turnouts')) unknown.push(`whether it is ${c.qualifier} not stated`);
  }
  // A spacing between inspections belongs to the frequency its clause states with it (weekly: 3 days; twice weekly: 1 day).
  if (requirement.parameter === 'days_between_inspections' && context.frequency) {
    if (!sameRegime(requirement.quote, context.frequency)) return { applies: false };
  }
  // § 213.63's crosslevel row limits zero crosslevel on tangents and reverse elevation on curves, not a curve's elevation error.
  if (requirement.parameter === 'crosslevel_deviation' && !c.geometry && !stated.name.aspect && geometry !== 'tangent') {
    if (geometry === undefined) unknown.push('curve or tangent not stated');
    else return { applies: false };
  }
  if (c.aspect && (!stated.name.aspect || !stated.name.aspect.includes(c.aspect.toLowerCase()))) return { applies: false };
  if (requirement.kind === 'limit' && stated.name.bound) {
    const isMax = requirement.comparator === '<=' || requirement.comparator === '<';
    if ((stated.name.bound === 'max') !== isMax) return { applies: false };
  }
  return { applies: true, unknown };
}

function conditionOf(stated: StatedValue, context: RowContext): Finding['condition'] {
  const condition: Finding['condition'] = {};
  if (context.trackClass !== undefined) condition.trackClass = context.trackClass;
  if (stated.name.trainType) condition.trainType = stated.name.trainType;
  const geometry = context.geometry ?? stated.name.geometry;
  if (geometry) condition.geometry = geometry;
  if (context.degree !== undefined) condition.degreeOfCurve = Math.round(context.degree * 10000) / 10000;
  else if (context.degreeRange) {
    const r = context.degreeRange;
    condition.curvature = [
      r.gt !== undefined && `> ${r.gt}°`,
      r.gte !== undefined && `≥ ${r.gte}°`,
      r.lt !== undefined && `< ${r.lt}°`,
      r.lte !== undefined && `≤ ${r.lte}°`,
    ]
      .filter(Boolean)
      .join(', ');
  }
  if (context.turnout) condition.turnout = true;
  if (stated.name.chordFt !== undefined) condition.chordFt = stated.name.chordFt;
  if (stated.name.aspect) condition.aspect = stated.name.aspect;
  const approval = approvalFor(context, stated.name.trainType);
  if (approval) condition.vehicleTypeApproved = approval.approved;
  return condition;
}

/** A stated value as a message shows it: to four decimals, as a cant of 0.1905 m is written, then in the limit's unit. */
const statedText = (value: number) => String(Math.round(value * 10000) / 10000);
const valueText = (s: StatedValue) =>
  s.unit === s.limitUnit ? `${statedText(s.value)} ${s.unit}` : `${statedText(s.value)} ${s.unit} (${formatNumber(s.limitValue)} ${s.limitUnit})`;

function draft(stated: StatedValue, context: RowContext, verdict: Finding['verdict'], requirement: Finding['requirement'], message: string): DraftFinding {
  return {
    verdict,
    parameter: stated.name.parameter,
    value: stated.value,
    unit: stated.unit,
    condition: conditionOf(stated, context),
    location: stated.location,
    requirement,
    message,
    source: { cellText: stated.cellText },
    ...(stated.extractedBy ? { extractedBy: stated.extractedBy } : {}),
  };
}

const limitRef = (r: LimitRequirement) => ({
  standard: r.standard,
  ref: r.ref,
  quote: r.quote,
  limit: `${SYMBOL[r.comparator]} ${formatNumber(r.limit.value)} ${r.limit.unit}`,
});

/**
 * How far a converted value may stand from what the document meant: half a unit of the last
 * digit written ("178 mm" is 177.5–178.5 mm), in the limit's unit. Zero for a value stated in
 * the limit's own unit, which is compared as written.
 */
function conversionSlack(stated: StatedValue): number {
  if (stated.unit === stated.limitUnit || stated.value === 0 || isExactConversion(stated.unit)) return 0;
  const decimals = /\.(\d+)/.exec(stated.cellText)?.[1]?.length ?? 0;
  return (0.5 * 10 ** -decimals * stated.limitValue) / stated.value;
}

/** True when a failing converted value would pass somewhere within the rounding of its stated figure. */
function failsOnlyByRounding(stated: StatedValue, comparator: RequirementComparator, limit: number): boolean {
  const slack = Math.abs(conversionSlack(stated));
  if (slack === 0) return false;
  return holds(stated.limitValue - slack, comparator, limit) || holds(stated.limitValue + slack, comparator, limit);
}

type Evaluated = { requirement: LimitRequirement; unknown: string[]; passes: boolean };

/**
 * Whether a value fails whatever the document leaves unstated. Where only the class is unstated,
 * each class is a case and fails when one of its limits fails (7 1/2 in. fails the maximum of
 * every class even though it meets the minimum of 0 in.); otherwise every limit must fail.
 */
function failsEveryCase(evaluated: Evaluated[]): boolean {
  if (evaluated.some((e) => e.requirement.conditions.qualifier && !e.passes)) return false;
  const onlyClass = evaluated.every((e) => e.unknown.every((u) => u === 'track class not stated'));
  if (!onlyClass) return evaluated.every((e) => !e.passes);
  const classes = new Set(evaluated.flatMap((e) => e.requirement.conditions.trackClasses ?? []));
  if (classes.size === 0) return evaluated.every((e) => !e.passes);
  const applying = (c: TrackClass) => evaluated.filter((e) => !e.requirement.conditions.trackClasses || e.requirement.conditions.trackClasses.includes(c));
  return [...classes].every((c) => applying(c).some((e) => !e.passes));
}

/** The classes a set of requirements covers, as a message names them: "Classes 1–2", "Class 4". */
function classesText(requirements: LimitRequirement[]): string {
  const classes = [...new Set(requirements.flatMap((r) => r.conditions.trackClasses ?? []))];
  const numbers = classes.filter((c): c is number => typeof c === 'number').sort((a, b) => a - b);
  const parts: string[] = classes.includes('excepted') ? ['excepted track'] : [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j += 1;
    parts.push(i === j ? `${numbers[i]}` : `${numbers[i]}–${numbers[j]}`);
    i = j + 1;
  }
  const single = numbers.length === 1 && !classes.includes('excepted');
  return parts.length === 0 ? 'the conditions stated' : `${single ? 'Class' : 'Classes'} ${parts.join(', ')}`;
}

/** The limits of a list of requirements, as a message names them: "≤ 8 in", "≤ 7 in". */
const limitsText = (requirements: LimitRequirement[]) => [...new Set(requirements.map((r) => limitRef(r).limit))].join(' / ');

/** The finding of a value against the fixed limits of its parameter. */
export function checkLimits(stated: StatedValue, context: RowContext, requirements: LoadedRequirement[]): DraftFinding {
  const label = REQUIREMENT_PARAMETERS[stated.name.parameter];
  const evaluated: { requirement: LimitRequirement; unknown: string[]; passes: boolean; limit: number }[] = [];
  for (const requirement of requirements) {
    if (requirement.kind !== 'limit' || requirement.parameter !== stated.name.parameter) continue;
    const limit = limitIn(requirement.limit, stated.limitUnit);
    if (limit === undefined) continue;
    const a = applies(requirement, stated, context);
    if (!a.applies) continue;
    evaluated.push({ requirement, unknown: a.unknown, passes: holds(stated.limitValue, requirement.comparator, limit), limit });
  }
  if (evaluated.length === 0) {
    return draft(stated, context, 'needs_review', null, `${label} ${valueText(stated)}: no enabled requirement applies to the conditions stated; review it.`);
  }
  // A limit whose words (`qualifier`) the document does not settle is never failed outright; it is reviewed below.
  const settled = (e: (typeof evaluated)[number]) =>
    !e.requirement.conditions.qualifier ||
    qualifierHolds(
      e.requirement.conditions.qualifier,
      { geometry: context.geometry, degreeRange: context.degreeRange, turnout: context.turnout },
      context.trackClass,
    ) === true;
  const failing = evaluated.filter((e) => e.unknown.length === 0 && !e.passes && settled(e));
  // An approval is for the Eu it names: an assumed Eu above it is not covered by that approval.
  const approval = stated.name.parameter === 'cant_deficiency' ? approvalFor(context, stated.name.trainType) : undefined;
  if (failing.length === 0 && approval?.approved && approval.euIn !== undefined && stated.limitValue > approval.euIn + 1e-9) {
    const cited = evaluated[0]!.requirement;
    return draft(
      stated,
      context,
      'needs_review',
      limitRef(cited),
      `${label} ${valueText(stated)} is above the ${formatNumber(approval.euIn)} in. the document states the vehicle type is FRA-approved for; review the approval (§ ${cited.ref}).`,
    );
  }
  const rounding = failing.find((e) => failsOnlyByRounding(stated, e.requirement.comparator, e.limit));
  if (rounding && failing.every((e) => failsOnlyByRounding(stated, e.requirement.comparator, e.limit))) {
    return draft(
      stated,
      context,
      'needs_review',
      limitRef(rounding.requirement),
      `${label} ${valueText(stated)} is at the limit of ${limitRef(rounding.requirement).limit} (§ ${rounding.requirement.ref}) within the rounding of the converted figure; review it in ${rounding.requirement.limit.unit}.`,
    );
  }
  const where = (r: LimitRequirement) => (context.trackClass !== undefined && r.conditions.trackClasses ? ` for Class ${context.trackClass} track` : '');
  if (failing.length > 0) {
    const { requirement } = failing[0]!;
    return draft(
      stated,
      context,
      'non_conformance',
      limitRef(requirement),
      `${label} ${valueText(stated)} does not meet the ${COMPARATOR_WORDS[requirement.comparator]} of ${formatNumber(requirement.limit.value)} ${requirement.limit.unit}${where(requirement)} (§ ${requirement.ref}).`,
    );
  }
  // What the document leaves unstated cannot change a verdict every case agrees on: failing under every limit that could apply is a non-conformance.
  const plain = evaluated.filter((e) => !e.requirement.conditions.qualifier);
  if (plain.length > 0 && failsEveryCase(evaluated) && !evaluated.some((e) => failsOnlyByRounding(stated, e.requirement.comparator, e.limit))) {
    const { requirement } = plain.find((e) => e.requirement.conditions.trackClasses?.some((c) => typeof c === 'number' && c <= 5)) ?? plain[0]!;
    const unstated = [...new Set(plain.flatMap((e) => e.unknown))].join('; ');
    return draft(
      stated,
      context,
      'non_conformance',
      limitRef(requirement),
      `${label} ${valueText(stated)} does not meet the ${COMPARATOR_WORDS[requirement.comparator]} of ${formatNumber(requirement.limit.value)} ${requirement.limit.unit}${where(requirement)} (§ ${requirement.ref}); ${unstated}, but it fails every limit that could apply (${limitsText(plain.map((e) => e.requirement))}).`,
    );
  }
  const undecided = evaluated.find((e) => e.unknown.length > 0 && !e.passes);
  if (undecided) {
    const unknown = [...new Set(evaluated.flatMap((e) => e.unknown))];
    const byClass = unknown.length === 1 && unknown[0] === 'track class not stated';
    const failingSomewhere = evaluated.filter((e) => !e.passes).map((e) => e.requirement);
    // Only limits on the same side count as "conforms on": a minimum of 0 in. says nothing about a maximum exceeded.
    const side = (r: LimitRequirement) => r.comparator.startsWith('<');
    const passing = evaluated.filter((e) => e.passes && failingSomewhere.some((f) => side(f) === side(e.requirement))).map((e) => e.requirement);
    const detail = byClass
      ? `Track class not stated: ${valueText(stated)} ${passing.length > 0 ? `conforms on ${classesText(passing)} (${limitsText(passing)}) but ` : ''}does not meet ${limitsText(failingSomewhere)} on ${classesText(failingSomewhere)} (§ ${undecided.requirement.ref}); review it with the class.`
      : `${label} ${valueText(stated)}: the verdict depends on what the document does not state (${unknown.join('; ')}): it would not meet § ${undecided.requirement.ref} (${limitRef(undecided.requirement).limit}).`;
    return draft(stated, context, 'needs_review', limitRef(undecided.requirement), detail);
  }
  const withQualifier = evaluated.find((e) => e.requirement.conditions.qualifier && !e.passes);
  if (withQualifier) {
    return draft(
      stated,
      context,
      'needs_review',
      limitRef(withQualifier.requirement),
      `${label} ${valueText(stated)}: § ${withQualifier.requirement.ref} applies "${withQualifier.requirement.conditions.qualifier}", which the document does not settle.`,
    );
  }
  // Conforms: cite the requirement it comes closest to, preferring one whose conditions are all stated and that has no qualifier.
  const margin = (e: (typeof evaluated)[number]) => Math.abs(stated.limitValue - e.limit);
  const qualified = (e: (typeof evaluated)[number]) => (e.requirement.conditions.qualifier ? 1 : 0);
  const best = [...evaluated].sort((a, b) => a.unknown.length - b.unknown.length || qualified(a) - qualified(b) || margin(a) - margin(b))[0]!;
  return draft(
    stated,
    context,
    'conforms',
    limitRef(best.requirement),
    `${label} ${valueText(stated)} is within the ${COMPARATOR_WORDS[best.requirement.comparator]} of ${formatNumber(best.requirement.limit.value)} ${best.requirement.limit.unit}${where(best.requirement)} (§ ${best.requirement.ref}).`,
  );
}

/** The § 213.57(b) check of a speed on a curve: Vmax = √((Ea + Eu)/(0.0007·D)) with the qualified Eu of the train's vehicles. */
export function checkCurveSpeed(stated: StatedValue, context: RowContext, requirements: LoadedRequirement[]): DraftFinding | undefined {
  const formulas = requirements.filter((r): r is FormulaRequirement & LoadedRequirement => r.kind === 'formula' && r.parameter === 'curve_max_speed');
  const geometry = context.geometry ?? (context.degree !== undefined ? (context.degree > 0 ? 'curve' : 'tangent') : undefined);
  if (geometry === 'tangent') return undefined;
  const curveContext: RowContext = { ...context, geometry: geometry ?? context.geometry };
  for (const requirement of formulas) {
    const a = applies(requirement, stated, curveContext);
    if (!a.applies) continue;
    const reference = (limit: string) => ({ standard: requirement.standard, ref: requirement.ref, quote: requirement.quote, limit });
    const review = (why: string) =>
      draft(
        stated,
        curveContext,
        'needs_review',
        reference(`≤ Vmax = ${requirement.formula.expression}`),
        `Curving speed ${valueText(stated)}: ${why}; Vmax of § ${requirement.ref} not computed.`,
      );
    // The formula is the same for every class it covers, so an unstated class does not hold it up.
    const unknown = a.unknown.filter((u) => u !== 'track class not stated');
    if (unknown.length > 0) return review([...new Set(unknown)].join('; '));
    if (context.degree === undefined) return review('degree of curve not stated');
    if (context.eaIn === undefined) return review('superelevation Ea not stated');
    const assumed = euFor(context, stated.name.trainType);
    let eu = assumed ?? UNQUALIFIED_EU_IN;
    let euBasis = assumed === undefined ? `Eu ${UNQUALIFIED_EU_IN} in. (no Eu stated; every vehicle is qualified for 3 in.)` : `Eu ${formatNumber(eu)} in.`;
    if (eu > UNQUALIFIED_EU_IN) {
      const approval = approvalFor(context, stated.name.trainType);
      if (!approval) return review(`Eu ${formatNumber(eu)} in. assumed, FRA approval of the vehicle type not stated`);
      if (approval.approved) {
        eu = Math.min(eu, approval.euIn ?? eu);
        euBasis = `Eu ${formatNumber(eu)} in. (FRA-approved vehicle type)`;
      } else {
        eu = UNQUALIFIED_EU_IN;
        euBasis = `Eu ${UNQUALIFIED_EU_IN} in. (Eu ${formatNumber(assumed ?? 0)} in. assumed, vehicle type not FRA-approved)`;
      }
    }
    const vmax = evaluateFormula(requirement.formula.id, { Ea: context.eaIn, Eu: eu, D: context.degree });
    const limit = `${SYMBOL[requirement.comparator]} Vmax ${vmax.toFixed(1)} mph = ${requirement.formula.expression} with Ea ${formatNumber(context.eaIn)} in., ${euBasis}, D ${formatNumber(context.degree)}°`;
    const passes = holds(stated.limitValue, requirement.comparator, vmax);
    const speed = valueText(stated);
    if (!passes && failsOnlyByRounding(stated, requirement.comparator, vmax)) {
      return draft(
        stated,
        curveContext,
        'needs_review',
        reference(limit),
        `Curving speed ${speed} is at Vmax ${vmax.toFixed(1)} mph within the rounding of the converted figure (§ ${requirement.ref}); review it in mph.`,
      );
    }
    return draft(
      stated,
      curveContext,
      passes ? 'conforms' : 'non_conformance',
      reference(limit),
      passes
        ? `Curving speed ${speed} is within Vmax ${vmax.toFixed(1)} mph (§ ${requirement.ref}).`
        : `Curving speed ${speed} exceeds Vmax ${vmax.toFixed(1)} mph by ${(stated.limitValue - vmax).toFixed(1)} mph (§ ${requirement.ref}).`,
    );
  }
  return undefined;
}

/**
 * The STEP line of `entity` among a row's lines (IFC rows keep one line per entity that states a
 * value), so a finding quotes the entity that states its value rather than the whole row.
 */
export function entityLine(rowText: string, entity: string): string | undefined {
  // Prefixed with a line break, every line of the row starts after one, the first included.
  const start = `\n${rowText}`.indexOf(`\n${entity}=`);
  if (start === -1) return undefined;
  const end = rowText.indexOf('\n#', start);
  return rowText.slice(start, end === -1 ? undefined : end);
}

function locationOf(table: TableBlock, row: TableRow, column: number): FindingLocation {
  const l = row.location;
  const location: FindingLocation = { text: l.text, row: l.row, column: table.columns[column] ?? '' };
  if (l.sheet ?? table.sheet) location.sheet = l.sheet ?? table.sheet;
  if (l.page ?? table.page) location.page = l.page ?? table.page;
  if (l.line !== undefined) location.line = l.line;
  const cell = l.cells?.[column];
  if (cell) location.cell = cell;
  const entity = l.entities?.[column];
  if (entity) {
    location.entity = entity;
    location.text = entityLine(l.text, entity) ?? l.text;
  }
  return location;
}

/** The unit a quantity's limits are stated in. */
const unitOfName = (name: QuantityName): string => (name.parameter === 'max_operating_speed' ? 'mph' : 'in');

function statedValue(table: TableBlock, row: TableRow, column: number, name: QuantityName, unit: string | undefined): StatedValue | 'blank' | 'unreadable' {
  const cellText = row.cells[column] ?? '';
  const trimmed = cellText.trim();
  if (!trimmed || /^(?:n\/?a|none|[-—–])\s*(?:\([^()]*\))?$/i.test(trimmed)) return 'blank';
  const read = readStated(trimmed);
  // A unit written in the cell ("184 mm", "60 mph (97 km/h)") counts where the column states none.
  if (read?.unit && unit && read.unit !== unit) return 'unreadable';
  unit ??= read?.unit ?? name.impliedUnit;
  const value = read?.value;
  if (value === undefined || !unit) return 'unreadable';
  let converted = toLimitUnit(value, unit);
  // A length limited in inches (superelevation, Eu, gage) may be stated in m or ft, as a model in metres states cant.
  if (converted?.unit === 'ft' && unitOfName(name) === 'in') converted = { value: converted.value * 12, unit: 'in' };
  if (!converted) return 'unreadable';
  return { name, value, unit, limitValue: converted.value, limitUnit: converted.unit, cellText, location: locationOf(table, row, column) };
}

interface QuantityColumn {
  index: number;
  name: QuantityName;
  unit: string | undefined;
}

/** The quantity columns the check reads: where two columns state the same quantity in two units, the one in the limit's unit. */
function pickQuantityColumns(roles: (ColumnRole | undefined)[], columnClasses: (TrackClass | undefined)[] = []): QuantityColumn[] {
  const byKey = new Map<string, QuantityColumn>();
  roles.forEach((role, index) => {
    if (role?.kind !== 'quantity') return;
    const key = `${columnClasses[index] ?? ''}/${role.name.parameter}/${role.name.trainType ?? ''}/${role.name.chordFt ?? ''}/${role.name.bound ?? ''}/${role.name.aspect ?? ''}`;
    const held = byKey.get(key);
    const candidate = { index, name: role.name, unit: role.unit };
    if (!held || (!(held.unit && isLimitUnit(held.unit)) && candidate.unit && isLimitUnit(candidate.unit))) byKey.set(key, candidate);
  });
  return [...byKey.values()].sort((a, b) => a.index - b.index);
}

function rowContext(table: TableBlock, row: TableRow, roles: (ColumnRole | undefined)[], quantities: QuantityColumn[], declared?: TrackClass): RowContext {
  const context: RowContext = { eu: {}, approval: {} };
  // The class the document declares above the table applies unless the row states its own.
  const hasClassColumn = roles.some((r) => r?.kind === 'trackClass');
  if (declared !== undefined && (!hasClassColumn || !row.cells.some((c, i) => roles[i]?.kind === 'trackClass' && c.trim()))) context.trackClass = declared;
  roles.forEach((role, index) => {
    const text = (row.cells[index] ?? '').trim();
    if (!text) return;
    if (!role) {
      // A column titled for the vehicle ("Passenger equipment", "Rolling stock") may still state its FRA approval in the cell.
      const stated = approvalStatedIn(text);
      const trainType = trainTypeIn(table.columns[index] ?? '') ?? 'any';
      if (stated && !context.approval[trainType]) context.approval[trainType] = stated;
      return;
    }
    if (role.kind === 'trackClass') {
      const found = trackClassIn(text);
      if (found === undefined || (context.trackClass !== undefined && context.trackClass !== found)) {
        context.trackClassText = context.trackClassText ?? (context.trackClass !== undefined ? `${context.trackClass} / ${text}` : text);
        context.trackClass = undefined;
      } else if (context.trackClassText === undefined) context.trackClass = found;
    } else if (role.kind === 'geometry') {
      const condition = trackConditionIn(text);
      context.geometry = condition?.geometry;
      if (condition?.degreeRange) context.degreeRange = condition.degreeRange;
      if (condition?.turnout) context.turnout = true;
    } else if (role.kind === 'degree') {
      context.degree = parseDegrees(text);
    } else if (role.kind === 'radius' && context.degree === undefined) {
      const radius = parseNumber(text);
      const inFeet = radius !== undefined && role.unit ? lengthInFeet(radius, role.unit) : undefined;
      if (inFeet !== undefined) context.degree = degreeFromRadiusFt(inFeet);
    } else if (role.kind === 'approval') {
      const approval = approvalIn(text);
      if (approval) context.approval[role.trainType ?? 'any'] = approval;
    }
  });
  // A degree of curve states the geometry where no column does: above zero a curve, zero a tangent.
  if (context.geometry === undefined && context.degree !== undefined) context.geometry = context.degree > 0 ? 'curve' : 'tangent';
  for (const q of quantities) {
    const stated = statedValue(table, row, q.index, q.name, q.unit);
    if (typeof stated === 'string') continue;
    if (q.name.parameter === 'outside_rail_elevation' && stated.limitUnit === 'in') context.eaIn = stated.limitValue;
    if (q.name.parameter === 'cant_deficiency' && stated.limitUnit === 'in') context.eu[q.name.trainType ?? 'any'] = stated.limitValue;
  }
  return context;
}

/** Findings for every value a table states that a requirement limits. */
export function checkTable(table: TableBlock, requirements: LoadedRequirement[], declaredClass?: TrackClass): DraftFinding[] {
  const enabled = requirements.filter((r) => r.status === 'enabled');
  const roles = table.columns.map((title, i) => columnRole(title, table.units[i] ?? null));
  // A column titled for one class ("South Segment (Class 4)") holds values of that class: of the quantity its
  // title names beside the class, else of the one the caption names ("Minimum effective crossties per 39 ft").
  const columnClasses = table.columns.map((title): TrackClass | undefined => {
    const named = new Set(trackClassesNamed(title).map((c) => c.trackClass));
    return named.size === 1 ? ([...named][0] as TrackClass) : undefined;
  });
  columnClasses.forEach((trackClass, i) => {
    if (trackClass === undefined) return;
    const title = (table.columns[i] ?? '').replace(/\bclass\s+[1-9]\b|\bexcepted track\b/gi, ' ');
    const name = quantityNamed(title) ?? (table.caption ? quantityNamed(table.caption) : undefined);
    if (name) roles[i] = { kind: 'quantity', name, unit: normaliseUnit(table.units[i] ?? null) };
    else columnClasses[i] = undefined;
  });
  const parameterColumn = roles.findIndex((r) => r?.kind === 'parameterName');
  const valueColumn = roles.findIndex((r) => r?.kind === 'measuredValue');
  const unitColumn = roles.findIndex((r) => r?.kind === 'unit');
  const quantities = pickQuantityColumns(roles, columnClasses);
  const findings: DraftFinding[] = [];

  for (const row of table.rows) {
    const context = rowContext(table, row, roles, quantities, declaredClass);
    const values: StatedValue[] = [];
    const classOfValue = new Map<StatedValue, TrackClass>();
    const unreadable = (index: number, name: QuantityName | undefined, why: string) => {
      const location = locationOf(table, row, index);
      findings.push({
        verdict: 'needs_review',
        parameter: name?.parameter ?? 'unrecognised',
        value: null,
        unit: '',
        condition: {},
        location,
        requirement: null,
        message: why,
        source: { cellText: row.cells[index] ?? '' },
      });
    };
    if (parameterColumn >= 0 && valueColumn >= 0) {
      // One measured quantity per row, named in its own column; the other columns are its conditions.
      const nameText = (row.cells[parameterColumn] ?? '').trim();
      if (!nameText) continue;
      const name = quantityNamed(nameText);
      const unitText = unitColumn >= 0 ? row.cells[unitColumn] : table.units[valueColumn];
      const unit = normaliseUnit(unitText);
      if (!name) {
        unreadable(valueColumn, undefined, `"${nameText}" is not a quantity the check knows; review it.`);
        continue;
      }
      const stated = statedValue(table, row, valueColumn, name, unit);
      if (stated === 'blank') continue;
      if (stated === 'unreadable')
        unreadable(valueColumn, name, `"${row.cells[valueColumn] ?? ''}" (${unitText ?? 'no unit'}) could not be read as a value in a known unit; review it.`);
      else values.push(stated);
    } else {
      for (const q of quantities) {
        const stated = statedValue(table, row, q.index, q.name, q.unit);
        if (stated === 'blank') continue;
        if (stated === 'unreadable') {
          unreadable(
            q.index,
            q.name,
            `"${row.cells[q.index] ?? ''}" under "${table.columns[q.index] ?? ''}" could not be read as a value in a known unit (expected ${unitOfName(q.name)}); review it.`,
          );
          continue;
        }
        values.push(stated);
        const trackClass = columnClasses[q.index];
        if (trackClass !== undefined) classOfValue.set(stated, trackClass);
      }
    }
    for (const stated of values) {
      const trackClass = classOfValue.get(stated);
      const valueContext: RowContext = trackClass === undefined ? context : { ...context, trackClass, trackClassText: undefined };
      findings.push(checkLimits(stated, valueContext, enabled));
      if (stated.name.parameter === 'max_operating_speed' && (valueContext.degree !== undefined || valueContext.geometry === 'curve')) {
        const curve = checkCurveSpeed(stated, valueContext, enabled);
        if (curve) findings.push(curve);
      }
    }
  }
  return findings;
}
