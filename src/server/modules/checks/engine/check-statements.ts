import type { FindingLocation } from '../../../../shared/schemas/checks';
import type { ParagraphBlock } from '../../../../shared/schemas/document-content';
import type { LoadedRequirement, TrackClass } from '../../../../shared/schemas/requirements';
import { checkCurveSpeed, checkLimits, type DraftFinding, type RowContext, type StatedValue } from './check-tables';
import { classAtMilepost, milepostsIn, trackNamesIn, type DocumentFacts } from './document-facts';
import type { ProposedValue } from './model-extraction';
import { splitSentences, type Sentence } from './sentences';
import { readSentence, type SentenceReading, type StatedQuantity } from './statements';
import { toLimitUnit } from './values';
import { featuresIn, trackClassesNamed, type QuantityName } from './vocabulary';

/**
 * The check of a paragraph's statements: each sentence's design values matched to the
 * requirements their conditions meet, the conditions read from the sentence first, then from
 * what the document said about the segment, curve or vehicle it names, then from the class the
 * section or the document states above it. A value whose verdict turns on a condition stated
 * nowhere is needs-review, unless every case it could be agrees.
 */

/** The class stated above a paragraph: by its section's heading, or declared for the document. */
export interface ClassScope {
  sectionClass?: TrackClass;
  documentClass?: TrackClass;
}

/** The class a sentence is about, and how the document states it (or why none). */
function classOf(sentence: string, facts: DocumentFacts, scope: ClassScope): { trackClass?: TrackClass; ambiguous?: string } {
  const named = new Set(trackClassesNamed(sentence).map((c) => c.trackClass));
  if (named.size === 1) return { trackClass: [...named][0]! };
  if (named.size > 1) return { ambiguous: [...named].map((c) => `Class ${c}`).join(' / ') };
  const byName = new Set(
    trackNamesIn(sentence)
      .map((name) => facts.classOfName.get(name))
      .filter((c): c is TrackClass => c !== undefined && c !== null),
  );
  if (byName.size === 1) return { trackClass: [...byName][0]! };
  if (byName.size > 1) return { ambiguous: [...byName].map((c) => `Class ${c}`).join(' / ') };
  const byMilepost = new Set(milepostsIn(sentence).map((mp) => classAtMilepost(facts, mp)));
  byMilepost.delete(undefined);
  if (byMilepost.size === 1) return { trackClass: [...byMilepost][0]! };
  return { trackClass: scope.sectionClass ?? scope.documentClass };
}

function locationOf(block: ParagraphBlock, sentence: Sentence): FindingLocation {
  const l = block.location;
  const location: FindingLocation = { text: sentence.text };
  if (l.page !== undefined) location.page = l.page;
  if (l.line !== undefined) location.line = l.line;
  if (l.section !== undefined) location.section = l.section;
  if (l.paragraph !== undefined) location.paragraph = l.paragraph;
  if (l.sheet !== undefined) location.sheet = l.sheet;
  if (l.row !== undefined) location.row = l.row;
  if (l.cell !== undefined) location.cell = l.cell;
  // DXF text annotations carry the handle of their entity.
  const entity = (l as { entity?: unknown }).entity;
  if (typeof entity === 'string') location.entity = entity;
  return location;
}

const inches = (v: StatedQuantity) => toLimitUnit(v.quantity.value, v.quantity.unit)?.value;

/** The conditions of one value of a sentence. */
function contextOf(sentence: string, reading: SentenceReading, value: StatedQuantity, facts: DocumentFacts, scope: ClassScope): RowContext {
  const context: RowContext = { eu: {}, approval: {} };
  const { trackClass, ambiguous } = classOf(sentence, facts, scope);
  if (trackClass !== undefined) context.trackClass = trackClass;
  if (ambiguous) context.trackClassText = ambiguous;
  const curve = reading.curveIds.length === 1 ? facts.curves.get(reading.curveIds[0]!) : undefined;
  const degree = reading.degrees.length === 1 ? reading.degrees[0] : reading.radiiFt.length === 1 ? 5729.58 / reading.radiiFt[0]! : curve?.degree;
  if (degree !== undefined) context.degree = degree;
  if (reading.condition?.degreeRange) context.degreeRange = reading.condition.degreeRange;
  if (reading.condition?.turnout) context.turnout = true;
  const curved = value.parameter === 'outside_rail_elevation' || value.parameter === 'cant_deficiency' || degree !== undefined || reading.curveIds.length > 0;
  context.geometry = reading.condition?.geometry ?? (curved ? 'curve' : undefined);
  const values = reading.values.filter((v) => v.role === 'value');
  const ea = values.filter((v) => v.parameter === 'outside_rail_elevation');
  const eaIn = ea.length === 1 ? inches(ea[0]!) : curve?.eaIn;
  if (eaIn !== undefined) context.eaIn = eaIn;
  const vehicle = reading.vehicles.length === 1 ? facts.vehicles.get(reading.vehicles[0]!) : undefined;
  const eu = values.filter((v) => v.parameter === 'cant_deficiency');
  const euIn = eu.length === 1 ? inches(eu[0]!) : (vehicle?.euIn ?? (value.trainType ? facts.euOfTrainType[value.trainType] : undefined));
  if (euIn !== undefined) context.eu.any = euIn;
  const approval = reading.vehicles.length <= 1 && reading.approval ? reading.approval : vehicle?.approval;
  if (approval) context.approval.any = approval;
  context.features = featuresIn(sentence);
  const frequency = values.find((v) => v.parameter === 'inspection_frequency');
  if (frequency) context.frequency = { value: frequency.quantity.value, unit: frequency.quantity.unit };
  return context;
}

function nameOf(value: StatedQuantity): QuantityName {
  const name: QuantityName = { parameter: value.parameter };
  if (value.trainType) name.trainType = value.trainType;
  if (value.aspect) name.aspect = value.aspect;
  if (value.chordFt !== undefined) name.chordFt = value.chordFt;
  if (value.parameter === 'gage' && value.quantity.bound) name.bound = value.quantity.bound;
  if (value.parameter === 'rail_end_mismatch') name.feature = 'rail joint';
  if (value.parameter === 'crossing_warning_time') name.feature = 'crossing warning system';
  return name;
}

/** Findings for every design value a paragraph states that a requirement limits. */
export function checkParagraph(block: ParagraphBlock, facts: DocumentFacts, scope: ClassScope, requirements: LoadedRequirement[]): DraftFinding[] {
  const findings: DraftFinding[] = [];
  // "The lead is Class 2 track. Its sharpest curve carries …": a class one sentence names goes on for the
  // sentences after it in the paragraph that name none, nearer than the section's or document's class.
  let paragraphScope = scope;
  for (const sentence of splitSentences(block.text)) {
    const reading = readSentence(sentence.text);
    const scope = paragraphScope;
    const named = new Set(trackClassesNamed(sentence.text).map((c) => c.trackClass));
    if (named.size === 1) paragraphScope = { ...paragraphScope, sectionClass: [...named][0]! };
    for (const value of reading.values) {
      if (value.role !== 'value') continue;
      const converted = toLimitUnit(value.quantity.value, value.quantity.unit);
      if (!converted) continue;
      const context = contextOf(sentence.text, reading, value, facts, scope);
      const stated: StatedValue = {
        name: nameOf(value),
        value: value.quantity.value,
        unit: value.quantity.unit,
        limitValue: converted.value,
        limitUnit: converted.unit,
        cellText: value.quantity.text,
        location: locationOf(block, sentence),
      };
      const finding = checkLimits(stated, context, requirements);
      // A spacing stated with a frequency is judged only in a regime whose clause states one; otherwise the frequency carries the statement.
      if (value.parameter === 'days_between_inspections' && context.frequency && !finding.requirement) continue;
      findings.push(finding);
      if (value.parameter === 'max_operating_speed' && context.geometry === 'curve') {
        const curve = checkCurveSpeed(stated, context, requirements);
        if (curve) findings.push(curve);
      }
    }
  }
  return findings;
}

/**
 * Findings for a value the language model proposed from a paragraph (its quote verified in the
 * paragraph, its figure in the quote): checked under the conditions of the sentence that holds
 * the quote, like a value the reader found, and marked model-extracted.
 */
export function checkProposedValue(
  block: ParagraphBlock,
  proposal: ProposedValue,
  facts: DocumentFacts,
  scope: ClassScope,
  requirements: LoadedRequirement[],
): DraftFinding[] {
  const sentence = splitSentences(block.text).find((s) => s.text.includes(proposal.quote)) ?? { text: proposal.quote, start: 0 };
  const converted = toLimitUnit(proposal.value, proposal.unit);
  if (!converted) return [];
  const quantity = { value: proposal.value, unit: proposal.unit, text: proposal.valueText, start: 0, end: 0 };
  const value: StatedQuantity = { quantity, parameter: proposal.parameter, role: 'value' };
  const trainType =
    /\bfreight\b/i.test(proposal.quote) !== /\bpassenger\b/i.test(proposal.quote) ? (/\bfreight\b/i.test(proposal.quote) ? 'freight' : 'passenger') : undefined;
  if (trainType) value.trainType = trainType;
  const context = contextOf(sentence.text, readSentence(sentence.text), value, facts, scope);
  const stated: StatedValue = {
    name: nameOf(value),
    value: proposal.value,
    unit: proposal.unit,
    limitValue: converted.value,
    limitUnit: converted.unit,
    cellText: proposal.valueText,
    location: locationOf(block, sentence),
    extractedBy: 'model',
  };
  const findings = [checkLimits(stated, context, requirements)];
  if (proposal.parameter === 'max_operating_speed' && context.geometry === 'curve') {
    const curve = checkCurveSpeed(stated, context, requirements);
    if (curve) findings.push(curve);
  }
  return findings;
}
