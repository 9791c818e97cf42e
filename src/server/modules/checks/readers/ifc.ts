import {
  IFCALIGNMENT,
  IFCALIGNMENTCANT,
  IFCALIGNMENTCANTSEGMENT,
  IFCALIGNMENTHORIZONTAL,
  IFCALIGNMENTHORIZONTALSEGMENT,
  IFCALIGNMENTSEGMENT,
  IFCALIGNMENTVERTICAL,
  IFCRELNESTS,
} from 'web-ifc';
import type { DocumentBlock, DocumentContent, ParagraphBlock, TableBlock, TableRow } from '../../../../shared/schemas/document-content';
import { columnRole } from '../engine/vocabulary';
import { readFailure } from './errors';
import { numberOf, refOf, refsOf, textOf, withIfcModel, type IfcLine, type IfcModel } from './ifc-model';
import { figureText, propertiesByObject, type IfcProperty } from './ifc-properties';
import { modelLengthUnit, type LengthUnit } from './ifc-units';
import { isIfc4x3, stepRecords, stepSchema, stepTruncation } from './step-text';
import { columnUnit } from './tables';

/**
 * Reads an IFC 4.3 alignment model (web-ifc) into tables the check reads like any schedule:
 * for each IfcAlignment, a table of its design criteria (the property sets on the alignment and
 * its layouts) and a table of its curves — every circular-arc horizontal segment, and every other
 * segment that states properties no arc states (a spiral-only curve's design speed) — with the radius and hand, the superelevation of
 * the cant segment over it, and the properties of the segment and of its curve grouping. The
 * alignment's conditions (track class, vehicle approval, cant deficiency) apply to each curve
 * that does not state its own. Each value keeps the STEP id of the entity that states it, and
 * each row the STEP lines of those entities as written.
 */

/** One cell of a row: what it shows and the entity that states it. */
interface Cell {
  title: string;
  text: string;
  entity: string;
}

/** Geometry words the check's vocabulary reads, by horizontal segment type. */
function geometryOf(type: string): string {
  if (type === 'CIRCULARARC') return 'Curve';
  if (type === 'LINE') return 'Tangent';
  return 'Spiral';
}

/** The titles of the columns read from the layouts, not from property sets (lengths carry their unit). */
const GEOMETRY_TITLES = ['Segment', 'Geometry', 'Radius (', 'Hand', 'Superelevation ('];

/** Units the check converts lengths from; a model in another (km) is tabled in metres. */
const TABLED_LENGTH_UNITS = new Set(['m', 'mm', 'cm', 'ft', 'in']);

/** A length attribute as a cell shows it: the file's figure without its sign where the unit is tabled as is, else in metres. */
function lengthText(raw: string, value: number, unit: LengthUnit): string {
  if (TABLED_LENGTH_UNITS.has(unit.symbol)) return figureText(raw.replace(/^-/, ''), Math.abs(value));
  return String(Math.round(Math.abs(value) * unit.metres * 10000) / 10000);
}

const tabledUnit = (unit: LengthUnit) => (TABLED_LENGTH_UNITS.has(unit.symbol) ? unit.symbol : 'm');

/** What the check reads a property as: a condition a segment inherits from its alignment, keyed by what it decides. */
function conditionKey(property: IfcProperty): string | undefined {
  const role = columnRole(property.title, columnUnit(property.title));
  if (role?.kind === 'trackClass') return 'trackClass';
  if (role?.kind === 'approval') return `approval/${role.trainType ?? ''}`;
  if (role?.kind === 'quantity' && role.name.parameter === 'cant_deficiency' && property.isNumber) return `eu/${role.name.trainType ?? ''}`;
  return undefined;
}

/** A text property the check would read as a quantity ("Cant reference: low rail") is a note, not a value. */
function isNote(property: IfcProperty): boolean {
  return !property.isNumber && columnRole(property.title, columnUnit(property.title))?.kind === 'quantity';
}

/** The children an object nests (IfcRelNests), in order. */
function nestedBy(model: IfcModel): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const relId of model.idsOfType(IFCRELNESTS)) {
    const rel = model.line(relId);
    const parent = refOf(rel?.RelatingObject);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), ...refsOf(rel?.RelatedObjects)]);
  }
  return children;
}

/** A layout's segments: each IfcAlignmentSegment with its design parameters. */
function segmentsOf(model: IfcModel, layout: number | undefined, children: Map<number, number[]>, parametersType: number) {
  if (layout === undefined) return [];
  return (children.get(layout) ?? []).flatMap((id) => {
    const segment = model.line(id);
    const parametersId = refOf(segment?.DesignParameters);
    const parameters = parametersId === undefined ? undefined : model.line(parametersId);
    if (segment?.type !== IFCALIGNMENTSEGMENT || parameters?.type !== parametersType) return [];
    return [{ segment, parameters }];
  });
}

interface CantSpan {
  line: IfcLine;
  start: number;
  end: number;
}

/** The cant segment over a horizontal segment: the one with the same start and end tags, else the one overlapping it most. */
function cantOver(spans: CantSpan[], start: number, end: number, tags: [string?, string?]): CantSpan | undefined {
  const tagged = spans.find((s) => tags[0] && tags[1] && textOf(s.line.StartTag) === tags[0] && textOf(s.line.EndTag) === tags[1]);
  if (tagged) return tagged;
  let best: { span: CantSpan; overlap: number } | undefined;
  for (const span of spans) {
    const overlap = Math.min(end, span.end) - Math.max(start, span.start);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { span, overlap };
  }
  return best && best.overlap >= 0.5 * (end - start) ? best.span : undefined;
}

/**
 * The superelevation a cant segment states: the difference of the rail heads' heights (the
 * outside rail over the inside one), the larger of its start and end. Where one rail stays at 0,
 * the other's figure as written is the cell.
 */
function superelevationText(cant: IfcLine, unit: LengthUnit): string | undefined {
  const at = (side: 'Start' | 'End') => {
    const left = numberOf(cant[`${side}CantLeft`]);
    const right = numberOf(cant[`${side}CantRight`]);
    return left && right ? { left, right, height: Math.abs(right.value - left.value) } : undefined;
  };
  const candidates = [at('Start'), at('End')].filter((c) => c !== undefined);
  const top = candidates.sort((a, b) => b.height - a.height)[0];
  if (!top) return undefined;
  const raised = top.left.value === 0 ? top.right : top.right.value === 0 ? top.left : undefined;
  if (raised) return lengthText(raised.raw, raised.value, unit);
  return String(Math.round(top.height * (TABLED_LENGTH_UNITS.has(unit.symbol) ? 1 : unit.metres) * 1e6) / 1e6);
}

/** A table from rows of cells: columns in the order they first appear; each row's text is its entities' STEP lines. */
function table(caption: string, rows: Cell[][], records: Map<number, string>): TableBlock | undefined {
  if (rows.length === 0) return undefined;
  const titles: string[] = [];
  for (const row of rows) for (const cell of row) if (!titles.includes(cell.title)) titles.push(cell.title);
  // The geometry first, as a curve schedule lists it, then the properties in the order they first appear.
  const isGeometry = (title: string) => GEOMETRY_TITLES.some((g) => title.startsWith(g));
  const columns = [...titles.filter(isGeometry), ...titles.filter((title) => !isGeometry(title))];
  const tableRows: TableRow[] = rows.map((row, index) => {
    const byTitle = new Map(row.map((cell) => [cell.title, cell]));
    const cells = columns.map((title) => byTitle.get(title)?.text ?? '');
    const entities = columns.map((title) => byTitle.get(title)?.entity ?? '');
    const lines = [...new Set(entities.filter((e) => e !== ''))].map((e) => records.get(Number(e.slice(1)))).filter((l) => l !== undefined);
    // Numbered as a table's rows are elsewhere: the header is row 1.
    return { cells, location: { row: index + 2, entities, text: lines.join('\n') } };
  });
  return { kind: 'table', caption, headerRow: 1, columns, units: columns.map(columnUnit), rows: tableRows };
}

function paragraph(text: string, entity: string, records: Map<number, string>, headingLevel?: number): ParagraphBlock {
  const block: ParagraphBlock = { kind: 'paragraph', text, location: { entity, text: records.get(Number(entity.slice(1))) ?? text } };
  if (headingLevel) block.headingLevel = headingLevel;
  return block;
}

/** Own properties first; of several with one title, the first. */
function cellsOf(properties: IfcProperty[]): Cell[] {
  const seen = new Set<string>();
  return properties.filter((p) => !isNote(p) && !seen.has(p.title) && seen.add(p.title)).map((p) => ({ title: p.title, text: p.text, entity: p.entity }));
}

function readAlignment(
  model: IfcModel,
  alignment: IfcLine,
  children: Map<number, number[]>,
  properties: Map<number, IfcProperty[]>,
  unit: LengthUnit,
  records: Map<number, string>,
): DocumentBlock[] {
  const id = alignment.expressID;
  const name = textOf(alignment.Name) ?? `#${id}`;
  const layouts = children.get(id) ?? [];
  const layoutOf = (type: number) => layouts.find((layout) => model.line(layout)?.type === type);
  const horizontal = layoutOf(IFCALIGNMENTHORIZONTAL);
  const cant = layoutOf(IFCALIGNMENTCANT);
  const blocks: DocumentBlock[] = [paragraph(`Alignment ${name}`, `#${id}`, records, 1)];
  const description = textOf(alignment.Description);
  if (description) blocks.push(paragraph(description, `#${id}`, records));

  // What the alignment and its layouts state applies to the whole alignment.
  const stated = [id, horizontal, cant, layoutOf(IFCALIGNMENTVERTICAL)].flatMap((object) => (object === undefined ? [] : (properties.get(object) ?? [])));
  for (const note of stated.filter(isNote)) blocks.push(paragraph(`${note.name}: ${note.text}`, note.entity, records));
  const criteria = cellsOf(stated);
  const criteriaTable = criteria.length > 0 ? table(`Design criteria of alignment ${name} (#${id})`, [criteria], records) : undefined;
  if (criteriaTable) blocks.push(criteriaTable);
  const inherited = stated.filter((p) => conditionKey(p) !== undefined);

  const cantSpans: CantSpan[] = segmentsOf(model, cant, children, IFCALIGNMENTCANTSEGMENT).map(({ parameters }) => {
    const start = numberOf(parameters.StartDistAlong)?.value ?? 0;
    return { line: parameters, start, end: start + (numberOf(parameters.HorizontalLength)?.value ?? 0) };
  });
  const segments = segmentsOf(model, horizontal, children, IFCALIGNMENTHORIZONTALSEGMENT);
  const isArc = (parameters: IfcLine) => textOf(parameters.PredefinedType) === 'CIRCULARARC';
  // A curve grouping's properties shared by its spirals and its arc are stated once, in the arc's row.
  const onArcs = new Set(segments.filter((s) => isArc(s.parameters)).flatMap((s) => (properties.get(s.segment.expressID) ?? []).map((p) => p.entity)));
  const rows: Cell[][] = [];
  let station = 0;
  for (const { segment, parameters } of segments) {
    const start = station;
    station += numberOf(parameters.SegmentLength)?.value ?? 0;
    const type = textOf(parameters.PredefinedType) ?? '';
    const own = properties.get(segment.expressID) ?? [];
    if (!isArc(parameters) && own.every((p) => onArcs.has(p.entity))) continue;
    const horizontalId = `#${parameters.expressID}`;
    const label = textOf(segment.Name) ?? [textOf(parameters.StartTag), textOf(parameters.EndTag)].filter(Boolean).join(' – ');
    const cells: Cell[] = [
      { title: 'Segment', text: label, entity: `#${segment.expressID}` },
      { title: 'Geometry', text: geometryOf(type), entity: horizontalId },
    ];
    const radius = numberOf(parameters.StartRadiusOfCurvature);
    if (isArc(parameters) && radius && radius.value !== 0) {
      cells.push({ title: `Radius (${tabledUnit(unit)})`, text: lengthText(radius.raw, radius.value, unit), entity: horizontalId });
      // IFC 4.3: a positive radius turns left (counter-clockwise).
      cells.push({ title: 'Hand', text: radius.value > 0 ? 'Left' : 'Right', entity: horizontalId });
      const over = cantOver(cantSpans, start, station, [textOf(parameters.StartTag), textOf(parameters.EndTag)]);
      const elevation = over && superelevationText(over.line, unit);
      if (over && elevation !== undefined) cells.push({ title: `Superelevation (${tabledUnit(unit)})`, text: elevation, entity: `#${over.line.expressID}` });
    }
    const ownKeys = new Set(own.map(conditionKey).filter((key) => key !== undefined));
    rows.push([...cells, ...cellsOf([...own, ...inherited.filter((p) => !ownKeys.has(conditionKey(p)!))])]);
  }
  const curves = table(`Curves of alignment ${name} (#${id})`, rows, records);
  if (curves) blocks.push(curves);
  return blocks;
}

/**
 * Reads an IFC file: its STEP text must be whole and name IFC 4.3 (IFC4X3, IFC4X3_ADD2, …), and
 * its model must hold an IfcAlignment; otherwise a {@link DocumentReadError} says which.
 */
export async function readIfc(data: Uint8Array, text: string): Promise<DocumentContent> {
  const truncated = stepTruncation(text);
  if (truncated) throw readFailure.corrupt(truncated);
  const schema = stepSchema(text) ?? '';
  if (!isIfc4x3(schema)) throw readFailure.ifcWithoutAlignment(`schema ${schema}: alignments with cant are IFC 4.3`);
  const records = stepRecords(text);
  return withIfcModel(data, (model) => {
    // web-ifc passes over a record it cannot parse (an unterminated string, a broken list) without a word.
    const read = model.lineCount();
    if (read < records.size) throw readFailure.corrupt(`web-ifc read ${read} of the ${records.size} entities`);
    const alignments = model.idsOfType(IFCALIGNMENT);
    if (alignments.length === 0) throw readFailure.ifcWithoutAlignment();
    const unit = modelLengthUnit(model);
    const children = nestedBy(model);
    const properties = propertiesByObject(model, unit);
    const blocks = alignments.flatMap((id) => {
      const alignment = model.line(id);
      return alignment ? readAlignment(model, alignment, children, properties, unit, records) : [];
    });
    return { type: 'ifc', blocks };
  });
}
