import type { Check, CheckFinding, CheckListItem } from '../../../../shared/schemas/checks';
import type { DocumentContent } from '../../../../shared/schemas/document-content';

export const CHECK_ID = '6f1c2b8e-3d4a-4c5b-9e7f-0a1b2c3d4e5f';

const HEADER = 'Curve ID,Superelevation Ea (in),Track class,Design speed passenger (mph)';
export const ROW_C05 = 'C-05,7.25,4,79';
export const ROW_C06 = 'C-06,2.5,4,79';

export function findingFixture(overrides: Partial<CheckFinding> = {}): CheckFinding {
  return {
    id: 'f-1',
    verdict: 'non_conformance',
    parameter: 'outside_rail_elevation',
    value: 7.25,
    unit: 'in',
    condition: { trackClass: 4 },
    location: { line: 3, row: 3, column: 'Superelevation Ea (in)', text: ROW_C05 },
    requirement: {
      standard: '49 CFR',
      ref: '213.57(a)',
      quote: 'The maximum crosslevel on the outside rail of a curve may not be more than 7 inches.',
      limit: '≤ 7 in',
    },
    message: 'Stated 7.25 in exceeds the 7 in maximum.',
    extractedBy: 'reader',
    ...overrides,
  };
}

/** Three findings: a non-conformance, a conforming value on another clause and a needs-review item without one. */
export function findingsFixture(): CheckFinding[] {
  return [
    findingFixture(),
    findingFixture({
      id: 'f-2',
      verdict: 'conforms',
      parameter: 'max_operating_speed',
      value: 79,
      unit: 'mph',
      location: { line: 4, row: 4, column: 'Design speed passenger (mph)', text: ROW_C06 },
      requirement: { standard: '49 CFR', ref: '213.9(a)', quote: 'Class 4 track ... 80 m.p.h.', limit: '≤ 80 mph' },
      message: 'Stated 79 mph is within the 80 mph maximum for class 4.',
    }),
    findingFixture({
      id: 'f-3',
      verdict: 'needs_review',
      parameter: 'cant_deficiency',
      value: null,
      unit: '',
      location: { line: 5, text: 'C-07,N/A,,79' },
      requirement: null,
      message: 'No track class is stated for this row.',
    }),
  ];
}

export function checkFixture(overrides: Partial<Check> = {}): Check {
  const findings = overrides.findings ?? findingsFixture();
  return {
    id: CHECK_ID,
    status: 'done',
    standard: '49 CFR',
    document: { name: 'curve-schedule.csv', type: 'csv', bytes: 4096 },
    progress: { stage: 'done', percent: 100 },
    summary: { nonConformances: 1, conforms: 1, needsReview: 1 },
    findings,
    audit: [],
    error: null,
    edition: 'eCFR as of 2026-06-17',
    createdAt: '2026-07-01T10:00:00.000Z',
    finishedAt: '2026-07-01T10:00:02.000Z',
    owner: 'Ada Lovelace',
    ...overrides,
  };
}

export function listItemOf(check: Check): CheckListItem {
  const { id, status, standard, document, progress, summary, error, createdAt, finishedAt, owner } = check;
  return { id, status, standard, document, progress, summary, error, createdAt, finishedAt, owner };
}

export function contentFixture(): DocumentContent {
  const columns = HEADER.split(',');
  return {
    type: 'csv',
    blocks: [
      {
        kind: 'table',
        headerRow: 1,
        columns,
        units: [null, 'in', null, 'mph'],
        rows: [ROW_C05, ROW_C06].map((text, index) => ({ cells: text.split(','), location: { row: index + 3, line: index + 3, text } })),
      },
    ],
  };
}
