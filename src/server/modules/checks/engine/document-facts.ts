import type { DocumentContent, TableBlock } from '../../../../shared/schemas/document-content';
import type { TrackClass } from '../../../../shared/schemas/requirements';
import { splitSentences } from './sentences';
import { readSentence } from './statements';
import { toLimitUnit } from './values';
import { columnRole, trackClassIn, trackClassesNamed, type TrainType } from './vocabulary';

/**
 * What a document says once and relies on everywhere: the class of each segment or named track
 * (from a table with a class column, or a sentence giving one class to the tracks it names), the
 * milepost limits of each class, each curve's degree and superelevation, each vehicle type's
 * assumed cant deficiency and FRA approval. A statement further on is read with these facts; a
 * name given two different classes is ambiguous and gives none.
 */
export interface DocumentFacts {
  /** Lower-cased track or segment name → its class; null where the document gives it two. */
  classOfName: Map<string, TrackClass | null>;
  mileposts: { prefix: string; from: number; to: number; trackClass: TrackClass }[];
  curves: Map<string, { degree?: number; eaIn?: number }>;
  vehicles: Map<string, { euIn?: number; approval?: { approved: boolean; euIn?: number } }>;
  /** The cant deficiency a sentence assumes for a train type with no vehicle type named ("freight trains … Eu of 3 in."). */
  euOfTrainType: Partial<Record<TrainType, number>>;
}

const SEGMENT = /\bsegment\s+([A-Z0-9]{1,3})\b/gi;
const NAMED_TRACK = /\b(?:[A-Z][\w'-]*\s+){1,3}(?:Branch|Subdivision|Spur|Siding|Yard|Line|Lead|Industrial Track|Running Track|Connection)\b/g;
const MILEPOST = /\bMP\s*([A-Z]?)\s*(\d+(?:\.\d+)?)/g;

/** Segment and track names a text names ("Segment A", "the Hollis Branch"), lower-cased. */
export function trackNamesIn(text: string): string[] {
  const names = [...text.matchAll(SEGMENT)].map((m) => `segment ${m[1]!.toLowerCase()}`);
  for (const m of text.matchAll(NAMED_TRACK)) names.push(m[0].toLowerCase().replace(/^(?:the|on|at|of|in)\s+/, ''));
  return [...new Set(names)];
}

/** Mileposts a text names, as prefix ("H" of "MP H2.37") and number. */
export function milepostsIn(text: string): { prefix: string; value: number }[] {
  return [...text.matchAll(MILEPOST)].map((m) => ({ prefix: m[1]!.toUpperCase(), value: Number(m[2]) }));
}

function giveClass(facts: DocumentFacts, name: string, trackClass: TrackClass) {
  const held = facts.classOfName.get(name);
  facts.classOfName.set(name, held === undefined || held === trackClass ? trackClass : null);
}

function readTable(facts: DocumentFacts, table: TableBlock) {
  const roles = table.columns.map((title, i) => columnRole(title, table.units[i] ?? null));
  const classColumn = roles.findIndex((r) => r?.kind === 'trackClass');
  if (classColumn < 0) return;
  for (const row of table.rows) {
    const trackClass = trackClassIn(row.cells[classColumn] ?? '');
    if (trackClass === undefined) continue;
    row.cells.forEach((cell, i) => {
      const text = cell.trim();
      if (i === classColumn || !text || roles[i]?.kind === 'quantity') return;
      const range = /\bMP\s*([A-Z]?)\s*(\d+(?:\.\d+)?)\s*(?:–|-|—|to)\s*(?:MP\s*)?\1?\s*(\d+(?:\.\d+)?)/i.exec(text);
      if (range) {
        const [from, to] = [Number(range[2]), Number(range[3])].sort((a, b) => a - b) as [number, number];
        facts.mileposts.push({ prefix: range[1]!.toUpperCase(), from, to, trackClass });
        return;
      }
      const title = (table.columns[i] ?? '').toLowerCase().trim();
      // A short code under a "Segment" column ("A") is the segment's name.
      if (/^seg(?:ment)?\.?\b/.test(title) && /^[A-Z0-9]{1,3}$/i.test(text)) giveClass(facts, `segment ${text.toLowerCase()}`, trackClass);
      else if (text.length <= 40 && !/\d/.test(text)) giveClass(facts, text.toLowerCase(), trackClass);
      for (const name of trackNamesIn(text)) giveClass(facts, name, trackClass);
    });
  }
}

/** Reads the facts of a whole document before its statements are checked. */
export function readDocumentFacts(content: DocumentContent): DocumentFacts {
  const facts: DocumentFacts = { classOfName: new Map(), mileposts: [], curves: new Map(), vehicles: new Map(), euOfTrainType: {} };
  for (const block of content.blocks) {
    if (block.kind === 'table') {
      readTable(facts, block);
      continue;
    }
    if (block.headingLevel !== undefined) continue;
    for (const sentence of splitSentences(block.text)) {
      const reading = readSentence(sentence.text);
      const classes = new Set(trackClassesNamed(sentence.text).map((c) => c.trackClass));
      if (classes.size === 1 && !reading.values.some((v) => v.role === 'restated')) {
        for (const name of trackNamesIn(sentence.text)) giveClass(facts, name, [...classes][0]!);
      }
      const values = reading.values.filter((v) => v.role === 'value');
      const ea = values.filter((v) => v.parameter === 'outside_rail_elevation');
      const eu = values.filter((v) => v.parameter === 'cant_deficiency');
      const inches = (v: (typeof values)[number]) => toLimitUnit(v.quantity.value, v.quantity.unit)!.value;
      if (reading.curveIds.length === 1) {
        const id = reading.curveIds[0]!;
        const curve = facts.curves.get(id) ?? {};
        if (reading.degrees.length === 1) curve.degree = reading.degrees[0];
        else if (reading.radiiFt.length === 1) curve.degree = 5729.58 / reading.radiiFt[0]!;
        if (ea.length === 1) curve.eaIn = inches(ea[0]!);
        facts.curves.set(id, curve);
      }
      if (reading.vehicles.length === 1) {
        const vehicle = facts.vehicles.get(reading.vehicles[0]!) ?? {};
        if (reading.approval) vehicle.approval = reading.approval;
        if (eu.length === 1) vehicle.euIn = inches(eu[0]!);
        facts.vehicles.set(reading.vehicles[0]!, vehicle);
      } else if (reading.vehicles.length === 0 && eu.length === 1 && eu[0]!.trainType && reading.curveIds.length === 0) {
        facts.euOfTrainType[eu[0]!.trainType] = inches(eu[0]!);
      }
    }
  }
  return facts;
}

/** The class the document gives a milepost, where exactly one class's limits hold it. */
export function classAtMilepost(facts: DocumentFacts, milepost: { prefix: string; value: number }): TrackClass | undefined {
  const classes = new Set(
    facts.mileposts.filter((r) => r.prefix === milepost.prefix && milepost.value > r.from && milepost.value < r.to).map((r) => r.trackClass),
  );
  return classes.size === 1 ? [...classes][0] : undefined;
}
