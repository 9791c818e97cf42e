import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentContentSchema, type DocumentContent, type ParagraphBlock, type TableBlock, type TableRow } from '../../../../shared/schemas/document-content';
import { messages } from '../../../../shared/messages';
import { DocumentReadError, detectDocumentType, readDocument } from './index';
import { MODEL_WITHOUT_ALIGNMENT, PNR_MODEL } from './ifc-test-fixtures';
import { propertyTitle } from './ifc-properties';
import { stepRecords } from './step-text';

const samples = path.resolve(import.meta.dirname, '../../../../../../shared/design-samples');
const samplePath = path.join(samples, 'alignment.ifc');
const hasSample = fs.existsSync(samplePath);

const encode = (text: string) => new TextEncoder().encode(text);

async function read(text: string, name = 'model.ifc'): Promise<DocumentContent> {
  const content = await readDocument(encode(text), name);
  expect(documentContentSchema.parse(content)).toEqual(content);
  return content;
}

async function failure(text: string | Uint8Array, name = 'model.ifc'): Promise<DocumentReadError> {
  const error = await readDocument(typeof text === 'string' ? encode(text) : text, name).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocumentReadError);
  return error as DocumentReadError;
}

const tables = (content: DocumentContent) => content.blocks.filter((b): b is TableBlock => b.kind === 'table');
const paragraphs = (content: DocumentContent) => content.blocks.filter((b): b is ParagraphBlock => b.kind === 'paragraph');

/** A row's cell under `title`, with the entity that states it. */
function cell(table: TableBlock, row: TableRow, title: string): { text: string; entity: string } {
  const index = table.columns.indexOf(title);
  expect(index, `column "${title}" in ${table.columns.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return { text: row.cells[index] ?? '', entity: row.location.entities?.[index] ?? '' };
}

function rowNamed(table: TableBlock, segment: string): TableRow {
  const row = table.rows.find((r) => r.cells[table.columns.indexOf('Segment')] === segment);
  expect(row, `row "${segment}"`).toBeDefined();
  return row!;
}

describe('detecting IFC by content', () => {
  it('knows a STEP file naming an IFC schema whatever it is called, and not a STEP file of another schema', () => {
    expect(detectDocumentType(encode(PNR_MODEL), 'export.csv')).toBe('ifc');
    expect(detectDocumentType(encode(PNR_MODEL.replace("FILE_SCHEMA(('IFC4X3'))", "FILE_SCHEMA(('AP214'))")), 'part.ifc')).toBe('csv');
  });
});

describe.skipIf(!hasSample)('readIfc: the design sample alignment.ifc', () => {
  it('tables the alignment criteria and the six curves with their entities and the STEP lines as written', async () => {
    const text = fs.readFileSync(samplePath, 'utf8');
    const content = await read(text, 'alignment.ifc');
    expect(content.type).toBe('ifc');
    const [criteria, curves] = tables(content);
    expect(criteria?.rows).toHaveLength(1);
    expect(curves?.rows).toHaveLength(6);
    const alignmentRow = criteria!.rows[0]!;
    expect(cell(criteria!, alignmentRow, 'Track Class')).toEqual({ text: 'FRA Class 4', entity: '#168' });
    expect(cell(criteria!, alignmentRow, 'Max Speed Freight (mph)')).toEqual({ text: '60', entity: '#169' });
    expect(cell(criteria!, alignmentRow, 'Cant Deficiency Passenger (in)')).toEqual({ text: '4', entity: '#172' });
    expect(cell(criteria!, alignmentRow, 'Passenger Eu Approval')).toEqual({ text: 'FRA letter RSTS-2024-0318, Eu up to 4 in.', entity: '#174' });

    const ar3 = rowNamed(curves!, 'AR-3 circular curve');
    expect(cell(curves!, ar3, 'Radius (m)')).toEqual({ text: '800', entity: '#54' });
    expect(cell(curves!, ar3, 'Hand')).toEqual({ text: 'Left', entity: '#54' });
    expect(cell(curves!, ar3, 'Superelevation (m)')).toEqual({ text: '0.1905', entity: '#135' });
    expect(cell(curves!, ar3, 'Design Speed Freight (mph)')).toEqual({ text: '60', entity: '#196' });
    // The alignment's approval applies to each curve, which states none of its own.
    expect(cell(curves!, ar3, 'Passenger Eu Approval')).toEqual({ text: 'FRA letter RSTS-2024-0318, Eu up to 4 in.', entity: '#174' });
    const ar4 = rowNamed(curves!, 'AR-4 circular curve');
    expect(cell(curves!, ar4, 'Radius (m)')).toEqual({ text: '550', entity: '#66' });
    expect(cell(curves!, ar4, 'Hand')).toEqual({ text: 'Right', entity: '#66' });
    // A right-hand curve raises the left rail.
    expect(cell(curves!, ar4, 'Superelevation (m)')).toEqual({ text: '0.1016', entity: '#143' });

    // Each row's text is its entities' lines exactly as the file writes them.
    const records = stepRecords(text);
    expect(records.get(135)).toBe("#135=IFCALIGNMENTCANTSEGMENT('SC AR-3','CS AR-3',2860.,300.,0.,0.,0.1905,0.1905,.CONSTANTCANT.);");
    for (const line of ar3.location.text.split('\n')) expect(text).toContain(line);
    expect(ar3.location.text.split('\n')).toContain(records.get(135));
    expect(ar3.location.text.split('\n')).toContain("#196=IFCPROPERTYSINGLEVALUE('DesignSpeedFreight_mph',$,IFCREAL(60.),$);");

    // A text property the check would take for a quantity is a note with its entity.
    const note = paragraphs(content).find((p) => p.location.entity === '#175');
    expect(note?.text).toBe('CantReference: Low rail; cant = elevation of outside rail');
    expect(paragraphs(content)[0]).toMatchObject({
      text: 'Alignment Segment A Realignment Option 2 - Main Track',
      headingLevel: 1,
      location: { entity: '#16' },
    });
  });
});

describe('readIfc: a model written otherwise (feet, IFC4X3, two alignments, groups, typed values)', () => {
  it('reads lengths in the model unit, curves to either hand, cant by station, and each alignment on its own', async () => {
    const content = await read(PNR_MODEL);
    const [mainCriteria, mainCurves, leadCriteria, leadCurves] = tables(content);
    expect(tables(content)).toHaveLength(4);
    expect(mainCriteria?.caption).toBe('Design criteria of alignment Bayview Main Track 2 (#20)');
    const criteria = mainCriteria!.rows[0]!;
    expect(cell(mainCriteria!, criteria, 'FRA track class')).toEqual({ text: 'Class 3', entity: '#65' });
    expect(cell(mainCriteria!, criteria, 'Passenger Eu Approved')).toEqual({ text: 'No', entity: '#68' });
    expect(cell(mainCriteria!, criteria, 'Max Speed Passenger (m/s)')).toEqual({ text: '26.8224', entity: '#69' });
    expect(mainCriteria!.units[mainCriteria!.columns.indexOf('Max Speed Passenger (m/s)')]).toBe('m/s');

    // Spirals sharing the curve's property set add no rows; the curve without spirals gets its speeds through its group.
    expect(mainCurves!.rows.map((r) => r.cells[0])).toEqual(['Curve 1', 'Curve 2']);
    const curve1 = rowNamed(mainCurves!, 'Curve 1');
    expect(cell(mainCurves!, curve1, 'Radius (ft)')).toEqual({ text: '1910', entity: '#34' });
    expect(cell(mainCurves!, curve1, 'Hand')).toEqual({ text: 'Right', entity: '#34' });
    expect(cell(mainCurves!, curve1, 'Superelevation (ft)')).toEqual({ text: '0.4583', entity: '#54' });
    expect(cell(mainCurves!, curve1, 'Design Speed Passenger (mph)')).toEqual({ text: '50', entity: '#74' });
    expect(cell(mainCurves!, curve1, 'Cant Deficiency (in)')).toEqual({ text: '3', entity: '#66' });
    const curve2 = rowNamed(mainCurves!, 'Curve 2');
    expect(cell(mainCurves!, curve2, 'Hand')).toEqual({ text: 'Left', entity: '#40' });
    expect(cell(mainCurves!, curve2, 'Superelevation (ft)')).toEqual({ text: '0.625', entity: '#60' });
    expect(cell(mainCurves!, curve2, 'Design Speed Passenger (mph)')).toEqual({ text: '65', entity: '#92' });

    // The yard lead states its own class; nothing of the main track's reaches it.
    expect(leadCriteria!.rows[0]!.cells).toEqual(['1', '15']);
    expect(leadCriteria!.columns).toEqual(['Track Class', 'Max Speed Freight (mph)']);
    expect(leadCurves!.rows).toHaveLength(1);
    const spiral = leadCurves!.rows[0]!;
    expect(cell(leadCurves!, spiral, 'Geometry')).toEqual({ text: 'Spiral', entity: '#83' });
    expect(cell(leadCurves!, spiral, 'Track Class')).toEqual({ text: '1', entity: '#93' });
    expect(leadCurves!.columns).not.toContain('FRA track class');
  });

  it('names a property by its words and the unit its name or type states', () => {
    expect(propertyTitle('DesignSpeed_Freight_mph')).toBe('Design Speed Freight (mph)');
    expect(propertyTitle('CantDeficiency_in')).toBe('Cant Deficiency (in)');
    expect(propertyTitle('FRAClass')).toBe('FRA Class');
    expect(propertyTitle('MaxSpeed', 'm/s')).toBe('Max Speed (m/s)');
    expect(propertyTitle('Design speed (km/h)', 'm/s')).toBe('Design speed (km/h)');
  });
});

describe('readIfc: models that cannot be checked', () => {
  it('a truncated model is corrupt', async () => {
    const error = await failure(PNR_MODEL.slice(0, Math.floor(PNR_MODEL.length * 0.6)));
    expect(error.reason).toBe('corrupt');
    expect(error.message).toBe(messages.documentReading.corrupt);
  });

  it('a record web-ifc cannot parse is corrupt, never passed over (a unit lost would read feet as metres)', async () => {
    const unterminated = PNR_MODEL.replace('#34=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,-1910.,', "#34=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,'-1910.,");
    expect((await failure(unterminated)).reason).toBe('corrupt');
    const brokenUnit = PNR_MODEL.replace('#3=IFCMEASUREWITHUNIT(', '#3=IFCMEASUREWITHUNIT((((');
    const error = await failure(brokenUnit);
    expect(error.reason).toBe('corrupt');
    expect(error.detail).toMatch(/#3 cannot be read/);
  });

  it('a unit defined by itself ends the search instead of the stack', async () => {
    const cyclic = PNR_MODEL.replace('#3=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048),#1);', '#3=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048),#4);');
    const [criteria, curves] = tables(await read(cyclic));
    expect(criteria).toBeDefined();
    // Its name still says foot.
    expect(curves!.columns).toContain('Radius (ft)');
  });

  it('a model without IfcAlignment says so, and so does an IFC 2x3 model', async () => {
    const error = await failure(MODEL_WITHOUT_ALIGNMENT);
    expect(error.reason).toBe('ifc_without_alignment');
    expect(error.message).toBe(messages.documentReading.ifcWithoutAlignment);
    expect(error.message).toMatch(/IfcAlignment/);
    const old = await failure(MODEL_WITHOUT_ALIGNMENT.replace('IFC4X3_ADD2', 'IFC2X3'));
    expect(old.reason).toBe('ifc_without_alignment');
  });

  it('reads records over several lines and strings holding ; and #', () => {
    const records = stepRecords("DATA;\n#1=IFCLABEL('a;b #2=c');\n#2=IFCX(1.,\n  2.);\n#3=IFCY('it''s');\nENDSEC;");
    expect(records.get(1)).toBe("#1=IFCLABEL('a;b #2=c');");
    expect(records.get(2)).toBe('#2=IFCX(1.,\n  2.);');
    expect(records.get(3)).toBe("#3=IFCY('it''s');");
    expect(records.size).toBe(3);
  });
});
