import { describe, expect, it } from 'vitest';
import type { CheckResult, Finding } from '../../../../shared/schemas/checks';
import { readDocument } from '../readers';
import { checkDocument } from './index';
import { approvalStatedIn, columnRole } from './vocabulary';
import { useCheckLibrary } from './test-library';

/** Tables worded otherwise than the design samples: abbreviated titles, approvals in a vehicle column. */
const library = useCheckLibrary(['213', '234', '237']);

async function checkCsv(lines: string[]): Promise<CheckResult> {
  return checkDocument(await readDocument(new TextEncoder().encode(lines.join('\n') + '\n'), 'table.csv'), library());
}
const at = (result: CheckResult, line: number, column: string, ref: string): Finding | undefined =>
  result.findings.find((f) => f.location.line === line && f.location.column === column && f.requirement?.ref === ref);

describe('column titles as report generators abbreviate them', () => {
  it('reads "Cls" and "Trk cl." as the track class column', () => {
    expect(columnRole('Cls', null)).toEqual({ kind: 'trackClass' });
    expect(columnRole('Trk cl.', null)).toEqual({ kind: 'trackClass' });
    expect(columnRole('Car class', null)).toBeUndefined();
  });

  it('judges a measured row by the class in an abbreviated class column', async () => {
    const result = await checkCsv(['Post,Cls,Defect type,Amplitude (in)', '88.21,2,Cross level,2.06', '88.40,4,Cross level,1.19']);
    expect(at(result, 2, 'Amplitude (in)', '213.63(a)')?.verdict).toBe('non_conformance');
    expect(at(result, 3, 'Amplitude (in)', '213.63(a)')?.verdict).toBe('conforms');
  });
});

describe('an FRA approval stated in a column titled for the vehicle', () => {
  it('reads an approval only from a cell that speaks of FRA or approval', () => {
    expect(approvalStatedIn('Tilt set T9 — FRA approved for Eu up to 6 in.')).toEqual({ approved: true, euIn: 6 });
    expect(approvalStatedIn('Type R railcar, qualification by FRA awaiting test')).toEqual({ approved: false });
    expect(approvalStatedIn('no')).toBeUndefined();
    // "FRA approval" followed by a word saying it is not granted yet is no approval.
    expect(approvalStatedIn('FRA approval awaited')).toEqual({ approved: false });
    expect(approvalStatedIn('FRA approval requested 2026-01')).toEqual({ approved: false });
  });

  it('computes Vmax with 3 in. for a vehicle whose approval is pending and with the approved Eu otherwise', async () => {
    const result = await checkCsv([
      'Curve,Track class,Degree of curve,Cant (in),Pass. speed (mph),Pass. unbalance (in),Trainset',
      'X1,4,2°00′,3,70,4,Type R railcar (FRA approval awaited)',
      'X2,4,2°00′,3,70,4,Tilt set T9 (FRA approved for Eu up to 6 in.)',
    ]);
    // X1: √((3+3)/(0.0007·2)) = 65.5 mph < 70; X2: √((3+4)/(0.0007·2)) = 70.7 mph ≥ 70.
    expect(at(result, 2, 'Pass. speed (mph)', '213.57(b)')?.verdict).toBe('non_conformance');
    expect(at(result, 3, 'Pass. speed (mph)', '213.57(b)')?.verdict).toBe('conforms');
  });
});
