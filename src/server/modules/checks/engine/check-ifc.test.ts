import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResultSchema, type CheckResult, type Finding } from '../../../../shared/schemas/checks';
import type { DocumentContent, TableBlock } from '../../../../shared/schemas/document-content';
import { readDocument } from '../readers';
import { PNR_MODEL } from '../readers/ifc-test-fixtures';
import { entityLine } from './check-tables';
import { checkDocument } from './index';
import { lengthInFeet, toLimitUnit } from './values';
import { approvalIn, quantityNamed } from './vocabulary';
import { useCheckLibrary } from './test-library';

const samplePath = path.resolve(import.meta.dirname, '../../../../../../shared/design-samples/alignment.ifc');
const hasSample = fs.existsSync(samplePath);

const library = useCheckLibrary();

function check(content: DocumentContent): CheckResult {
  const result = checkDocument(content, library());
  expect(checkResultSchema.parse(result)).toEqual(result);
  return result;
}

/** The one finding for `entity` citing `ref` (a speed has one against the class limit and one against Vmax). */
function at(result: CheckResult, entity: string, ref: string): Finding {
  const found = result.findings.filter((f) => f.location.entity === entity && f.requirement?.ref === ref);
  expect(
    found,
    `findings at ${entity} citing ${ref}: ${result.findings.filter((f) => f.location.entity === entity).map((f) => f.requirement?.ref)}`,
  ).toHaveLength(1);
  return found[0]!;
}

const nonConformances = (result: CheckResult) =>
  result.findings
    .filter((f) => f.verdict === 'non_conformance')
    .map((f) => `${f.location.entity} ${f.requirement?.ref}`)
    .sort();

describe('what models state, in the vocabulary', () => {
  it('reads an approval cited by its FRA letter, and yes/no', () => {
    expect(approvalIn('FRA letter RSTS-2024-0318, Eu up to 4 in.')).toEqual({ approved: true, euIn: 4 });
    expect(approvalIn('Yes')).toEqual({ approved: true });
    expect(approvalIn('No')).toEqual({ approved: false });
    expect(approvalIn('FRA letter applied for')).toEqual({ approved: false });
    expect(approvalIn('Series 200')).toBeUndefined();
  });
  it('converts a radius in any length unit to feet, and m/s to mph', () => {
    expect(lengthInFeet(304.8, 'mm')).toBeCloseTo(1, 9);
    expect(lengthInFeet(1, 'm')).toBeCloseTo(3.28084, 5);
    expect(lengthInFeet(1910, 'ft')).toBe(1910);
    expect(lengthInFeet(5, 'mph')).toBeUndefined();
    expect(toLimitUnit(26.8224, 'm/s')?.value).toBeCloseTo(60, 9);
  });
  it('takes cant deficiency for a quantity of curves', () => {
    expect(quantityNamed('Cant Deficiency Passenger (in)')).toEqual({ parameter: 'cant_deficiency', trainType: 'passenger', geometry: 'curve' });
  });
});

describe.skipIf(!hasSample)('checking the design sample alignment.ifc', () => {
  it('finds the three seeded non-conformances at their entities, each quoting its STEP line, and nothing else', async () => {
    const text = fs.readFileSync(samplePath, 'utf8');
    const result = check(await readDocument(new Uint8Array(fs.readFileSync(samplePath)), 'alignment.ifc'));
    expect(nonConformances(result)).toEqual(['#135 213.57(a)', '#204 213.57(b)', '#213 213.57(b)']);
    expect(result.findings.filter((f) => f.verdict === 'needs_review')).toEqual([]);

    const cant = at(result, '#135', '213.57(a)');
    expect(cant).toMatchObject({ value: 0.1905, unit: 'm', condition: { trackClass: 4, geometry: 'curve' } });
    expect(cant.location.text).toBe("#135=IFCALIGNMENTCANTSEGMENT('SC AR-3','CS AR-3',2860.,300.,0.,0.,0.1905,0.1905,.CONSTANTCANT.);");
    expect(cant.message).toMatch(/0\.1905 m \(7\.5 in\)/);
    expect(at(result, '#204', '213.57(b)').requirement?.limit).toMatch(/Vmax 56\.1 mph/);
    expect(at(result, '#213', '213.57(b)').requirement?.limit).toMatch(/Vmax 71\.8 mph/);
    // The passenger Eu of 4 in. is within the approval the alignment cites by its FRA letter.
    expect(at(result, '#172', '213.57(h)(1)').verdict).toBe('conforms');
    expect(at(result, '#204', '213.9(a)').verdict).toBe('conforms');
    for (const finding of result.findings) {
      expect(text).toContain(finding.location.text);
      expect(finding.location.text.startsWith(`${finding.location.entity}=`)).toBe(true);
    }
  });
});

describe('checking a model written otherwise (feet, two alignments, typed values)', () => {
  it('converts lengths in feet, keeps each alignment to its own class, and reports an inherited value once', async () => {
    const result = check(await readDocument(new TextEncoder().encode(PNR_MODEL), 'bayview.ifc'));
    expect(nonConformances(result)).toEqual(['#60 213.57(a)', '#67 213.57(c)', '#92 213.9(a)', '#94 213.9(a)']);
    expect(result.findings.filter((f) => f.verdict === 'needs_review')).toEqual([]);

    expect(at(result, '#60', '213.57(a)').message).toMatch(/0\.625 ft \(7\.5 in\)/);
    expect(at(result, '#54', '213.57(a)')).toMatchObject({ verdict: 'conforms', condition: { trackClass: 3, geometry: 'curve' } });
    // The right-hand curve 1: D from 1910 ft, Ea 0.4583 ft; the passenger Eu of 4 in. is not approved, so Vmax uses 3 in.
    const passenger1 = at(result, '#74', '213.57(b)');
    expect(passenger1.verdict).toBe('conforms');
    expect(passenger1.condition.degreeOfCurve).toBeCloseTo(3, 3);
    expect(passenger1.requirement?.limit).toMatch(/Vmax 63\.6 mph .*Eu 3 in\. \(Eu 4 in\. assumed, vehicle type not FRA-approved\)/);
    // A typed speed in m/s: 26.8224 m/s is 60 mph, the Class 3 passenger maximum.
    expect(at(result, '#69', '213.9(a)')).toMatchObject({ verdict: 'conforms', unit: 'm/s', value: 26.8224 });
    // The yard lead is Class 1 (10 mph freight): the main track's Class 3 does not reach it.
    expect(at(result, '#94', '213.9(a)')).toMatchObject({ verdict: 'non_conformance', condition: { trackClass: 1 } });
    expect(at(result, '#97', '213.9(a)')).toMatchObject({ verdict: 'conforms', condition: { trackClass: 1, geometry: 'spiral' } });
    // The alignment's Eu stands as a condition in every curve's row, and is one statement.
    expect(result.findings.filter((f) => f.location.entity === '#66')).toHaveLength(1);
  });

  it('second pass: a value its entity does not state as a figure of its own is not shown as fact', async () => {
    const content = await readDocument(new TextEncoder().encode(PNR_MODEL), 'bayview.ifc');
    const curves = content.blocks.filter((b): b is TableBlock => b.kind === 'table')[1]!;
    const column = curves.columns.indexOf('Design Speed Freight (mph)');
    const row = curves.rows[0]!;
    expect(row.location.entities?.[column]).toBe('#73');
    // "4" stands in #73's line only as a part of "40.".
    row.cells[column] = '4';
    const finding = at(check(content), '#73', '213.9(a)');
    expect(finding.verdict).toBe('needs_review');
    expect(finding.message).toMatch(/#73 does not state 4 as a figure of its own/);
  });

  it("quotes the line of the entity among a row's lines", () => {
    const rowText = "#34=IFCX(1.);\n#54=IFCY('a',\n 2.);\n#73=IFCZ(40.);";
    expect(entityLine(rowText, '#34')).toBe('#34=IFCX(1.);');
    expect(entityLine(rowText, '#54')).toBe("#54=IFCY('a',\n 2.);");
    expect(entityLine(rowText, '#73')).toBe('#73=IFCZ(40.);');
    expect(entityLine(rowText, '#7')).toBeUndefined();
  });
});
