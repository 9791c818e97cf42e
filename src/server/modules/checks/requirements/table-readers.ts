import type {
  LimitRequirement,
  RequirementComparator,
  RequirementConditions,
  RequirementParameter,
  RequirementUnit,
  TrackClass,
} from '../../../../shared/schemas/requirements';
import { readCell, type CellFormat } from './cells';
import { normaliseQuoteText } from './quotes';

/**
 * A regular table of a clause, described once: which rows and columns mean what. The numbers
 * themselves are read from the clause text of the edition in the library, so a new edition's
 * numbers are the ones applied; a row or heading the reader cannot find disables what it
 * would have given, with the reason.
 */
export interface TableSpec {
  /** The citation of the table, e.g. `213.9(a)`. */
  ref: string;
  /** What one cell limits, unless its row or column says otherwise. */
  parameter: RequirementParameter;
  comparator?: RequirementComparator;
  unit: RequirementUnit;
  format: CellFormat;
  /** Cells per row, the row's label included. */
  cells: number;
  /** Words of the heading that fix what the columns mean; if the heading changes, nothing of the table is read. */
  heading: string[];
  rows: TableRow[];
  columns: TableColumn[];
  /** The label of one cell's requirement. */
  label: (row: TableRow, column: TableColumn) => string;
}

export interface TableRow {
  /** For the requirement's id: `class-3`. */
  key: string;
  /** The row's first cell exactly as the clause holds it: `Class 3 track`. */
  label: string;
  /** Lines that must follow the row line (labels the library wraps onto the next lines). */
  continuation?: string[];
  /**
   * The first cell of the line this row follows, for rows whose own label repeats (the
   * `Curved` row under each class of § 213.327(b)): the row is the first match after it.
   */
  after?: string;
  /** This row's cell count and how far its cells sit from the columns' indexes, where it differs from the table's. */
  cells?: number;
  shift?: number;
  name: string;
  conditions?: RequirementConditions;
  parameter?: RequirementParameter;
  comparator?: RequirementComparator;
  /** Cells (by index, label = 0) that read N/A in the edition the spec was written against: no requirement. */
  notApplicable?: number[];
}

export interface TableColumn {
  key: string;
  /** Cell index (the row label is 0). */
  cell: number;
  name: string;
  conditions?: RequirementConditions;
  parameter?: RequirementParameter;
  comparator?: RequirementComparator;
}

/** A requirement the table gave, or why it could not. */
export type TableReading = { ok: true; requirement: LimitRequirement } | { ok: false; id: string; ref: string; label: string; reason: string };

/** Conditions of a row and a column together (a key both set is the column's). */
function mergeConditions(...parts: (RequirementConditions | undefined)[]): RequirementConditions {
  return Object.assign({}, ...parts.filter(Boolean)) as RequirementConditions;
}

const splitCells = (line: string) => line.split(' | ').map((c) => c.trim());

/** The lines of `text` that are this row (its label cell and continuation lines), or why not exactly one. */
function findRow(lines: string[], row: TableRow): { line: string; quote: string } | { reason: string } {
  let from = 0;
  if (row.after !== undefined) {
    const anchors = lines.flatMap((line, i) => (splitCells(line)[0] === row.after && line.includes(' | ') ? [i] : []));
    if (anchors.length !== 1 || anchors[0] === undefined)
      return { reason: `row "${row.after}" ${anchors.length === 0 ? 'is not in the table' : `appears ${anchors.length} times in the table`}` };
    from = anchors[0] + 1;
  }
  const matches: { line: string; quote: string }[] = [];
  lines.forEach((line, i) => {
    if (i < from || splitCells(line)[0] !== row.label || !line.includes(' | ')) return;
    const following = row.continuation ?? [];
    if (following.some((c, k) => (lines[i + 1 + k] ?? '').trim() !== c)) return;
    matches.push({ line, quote: [line, ...following].join('\n') });
  });
  if (row.after !== undefined && matches[0]) return matches[0];
  if (matches.length === 1 && matches[0]) return matches[0];
  const what = [row.label, ...(row.continuation ?? [])].join(' / ');
  return { reason: matches.length === 0 ? `row "${what}" is not in the table` : `row "${what}" appears ${matches.length} times in the table` };
}

/** The requirements one table states, read from `text` (the paragraph that holds the table). */
export function readTable(spec: TableSpec, text: string, standard: string): TableReading[] {
  const lines = text.split('\n');
  const normalised = normaliseQuoteText(text);
  const missingHeading = spec.heading.find((h) => !normalised.includes(normaliseQuoteText(h)));
  const out: TableReading[] = [];
  for (const row of spec.rows) {
    const found = missingHeading === undefined ? findRow(lines, row) : { reason: `the table's heading no longer reads "${missingHeading}"` };
    for (const column of spec.columns) {
      if (row.notApplicable?.includes(column.cell)) continue;
      const parameter = column.parameter ?? row.parameter ?? spec.parameter;
      const id = `${spec.ref}/${parameter}/${row.key}/${column.key}`;
      const label = spec.label(row, column);
      const fail = (reason: string): TableReading => ({ ok: false, id, ref: spec.ref, label, reason: `${spec.ref}: ${reason}` });
      if ('reason' in found) {
        out.push(fail(found.reason));
        continue;
      }
      const cells = splitCells(found.line);
      const expected = row.cells ?? spec.cells;
      if (cells.length !== expected) {
        out.push(fail(`row "${row.label}" has ${cells.length} cells, not ${expected}`));
        continue;
      }
      const cell = readCell(cells[column.cell + (row.shift ?? 0)] ?? '', spec.format);
      if (cell.kind !== 'number') {
        out.push(fail(`row "${row.label}", ${column.name}: ${cell.kind === 'not-applicable' ? 'reads N/A' : `"${cell.text}" is not a number`}`));
        continue;
      }
      const comparator = column.comparator ?? row.comparator ?? spec.comparator;
      if (!comparator) throw new Error(`table ${spec.ref}: no comparator for ${id}`);
      out.push({
        ok: true,
        requirement: {
          id,
          standard,
          ref: spec.ref,
          parameter,
          label,
          conditions: mergeConditions(row.conditions, column.conditions),
          quote: found.quote,
          origin: 'table',
          kind: 'limit',
          comparator,
          limit: { value: cell.value, unit: spec.unit },
        },
      });
    }
  }
  return out;
}

const classRow = (n: TrackClass, extra: Partial<TableRow> = {}): TableRow => ({
  key: `class-${n}`,
  label: `Class ${n} track`,
  name: `Class ${n} track`,
  conditions: { trackClasses: [n] },
  ...extra,
});
const classesRow = (classes: TrackClass[], label: string, extra: Partial<TableRow> = {}): TableRow => ({
  key: `class-${classes.join('-')}`,
  label,
  name: `Class ${classes.slice(0, -1).join(', ')} and ${String(classes.at(-1))} track`,
  conditions: { trackClasses: classes },
  ...extra,
});
const exceptedRow = (notApplicable: number[] = []): TableRow => ({
  key: 'excepted',
  label: 'Excepted track',
  name: 'Excepted track',
  conditions: { trackClasses: ['excepted'] },
  notApplicable,
});
const classColumn = (n: number): TableColumn => ({ key: `class-${n}`, cell: n, name: `Class ${n} track`, conditions: { trackClasses: [n] } });

/** The two columns of the frog guard gage tables (§ 213.143(a) for Classes 1–5, § 213.355 for 6–9). */
const GUARD_GAGE_COLUMNS: TableColumn[] = [
  { key: 'guard-check', cell: 1, name: 'guard check gage at least', parameter: 'guard_check_gage', comparator: '>=', conditions: { feature: 'frog' } },
  { key: 'guard-face', cell: 2, name: 'guard face gage not more than', parameter: 'guard_face_gage', comparator: '<=', conditions: { feature: 'frog' } },
];

/** The regular tables of Part 213, each read from the clause text at load. */
export const PART_213_TABLES: TableSpec[] = [
  {
    ref: '213.9(a)',
    parameter: 'max_operating_speed',
    comparator: '<=',
    unit: 'mph',
    format: 'number',
    cells: 3,
    heading: ['[IN MILES PER HOUR]', 'operating speed for freight | operating speed for passenger'],
    rows: [exceptedRow([2]), classRow(1), classRow(2), classRow(3), classRow(4), classRow(5)],
    columns: [
      { key: 'freight', cell: 1, name: 'freight trains', conditions: { trainType: 'freight' } },
      { key: 'passenger', cell: 2, name: 'passenger trains', conditions: { trainType: 'passenger' } },
    ],
    label: (row, column) => `${row.name}, ${column.name}: maximum allowable operating speed`,
  },
  {
    ref: '213.53(b)',
    parameter: 'gage',
    unit: 'in',
    format: 'feet-inches',
    cells: 3,
    heading: ['The gage must be at least— | But not more than—'],
    rows: [exceptedRow([1]), classRow(1), classesRow([2, 3], 'Class 2 and 3 track'), classesRow([4, 5], 'Class 4 and 5 track')],
    columns: [
      { key: 'min', cell: 1, name: 'at least', comparator: '>=' },
      { key: 'max', cell: 2, name: 'not more than', comparator: '<=' },
    ],
    label: (row, column) => `${row.name}: gage ${column.name}`,
  },
  {
    ref: '213.55(a)',
    parameter: 'alinement_deviation',
    comparator: '<=',
    unit: 'in',
    format: 'number',
    cells: 4,
    heading: ['Tangent track | Curved track', 'offset from a 62-foot line ¹ | ordinate from a 31-foot | ordinate from a 62-foot'],
    rows: [classRow(1, { notApplicable: [2] }), classRow(2, { notApplicable: [2] }), classRow(3), classRow(4), classRow(5)],
    columns: [
      { key: 'tangent-62ft', cell: 1, name: 'tangent track, mid-offset from a 62-foot line', conditions: { geometry: 'tangent', chordFt: 62 } },
      { key: 'curve-31ft', cell: 2, name: 'curved track, mid-ordinate from a 31-foot chord', conditions: { geometry: 'curve', chordFt: 31 } },
      { key: 'curve-62ft', cell: 3, name: 'curved track, mid-ordinate from a 62-foot chord', conditions: { geometry: 'curve', chordFt: 62 } },
    ],
    label: (row, column) => `${row.name}, ${column.name}: alinement deviation from uniformity`,
  },
  {
    ref: '213.55(b)',
    parameter: 'alinement_deviation',
    comparator: '<=',
    unit: 'in',
    format: 'number',
    cells: 3,
    heading: ['qualified cant deficiency, Eu, of more than 5 inches', '31-foot chord ¹ may not be more | 62-foot chord ¹ may not be more'],
    rows: [classRow(1, { notApplicable: [1] }), classRow(2, { notApplicable: [1] }), classRow(3), classRow(4), classRow(5)],
    columns: [
      { key: 'curve-31ft', cell: 1, name: '31-foot chord', conditions: { geometry: 'curve', chordFt: 31, cantDeficiency: { gt: 5 }, aspect: 'outside rail' } },
      { key: 'curve-62ft', cell: 2, name: '62-foot chord', conditions: { geometry: 'curve', chordFt: 62, cantDeficiency: { gt: 5 }, aspect: 'outside rail' } },
    ],
    label: (row, column) => `${row.name}, cant deficiency over 5 in., outside rail, ${column.name}: alinement deviation from uniformity`,
  },
  {
    ref: '213.63(a)',
    parameter: 'profile_deviation',
    comparator: '<=',
    unit: 'in',
    format: 'number',
    cells: 6,
    heading: ['Track surface (inches)', '1 | 2 | 3 | 4 | 5'],
    rows: [
      {
        key: 'profile-62ft',
        label: 'The deviation from uniform profile on either rail at the mid-ordinate of a',
        continuation: ['62-foot chord may not be more than'],
        name: 'profile deviation from uniformity, 62-foot chord',
        parameter: 'profile_deviation',
        conditions: { chordFt: 62 },
      },
      {
        key: 'crosslevel',
        label: 'The deviation from zero crosslevel at any point on tangent or reverse',
        continuation: ['crosslevel elevation on curves may not be more than'],
        name: 'deviation from zero crosslevel on tangent, or reverse elevation on curves',
        parameter: 'crosslevel_deviation',
      },
      {
        key: 'warp-62ft',
        label: 'The difference in crosslevel between any two points less than 62 feet apart',
        continuation: ['may not be more than * ¹ ²'],
        name: 'difference in crosslevel between two points less than 62 feet apart',
        parameter: 'crosslevel_difference',
        conditions: { chordFt: 62 },
      },
      {
        key: 'spiral-31ft',
        label: '* Where determined by engineering decision prior to June 22, 1998, due to',
        continuation: [
          'physical restrictions on spiral length and operating practices and experience,',
          'the variation in crosslevel on spirals per 31 feet may not be more than',
        ],
        name: 'variation in crosslevel on spirals per 31 feet (where so determined by engineering decision before June 22, 1998)',
        parameter: 'spiral_crosslevel_variation',
        conditions: { geometry: 'spiral', chordFt: 31, qualifier: 'applies where determined by engineering decision prior to June 22, 1998' },
      },
    ],
    columns: [1, 2, 3, 4, 5].map(classColumn),
    label: (row, column) => `${column.name}: ${row.name}`,
  },
  {
    ref: '213.63(b)',
    parameter: 'profile_deviation',
    comparator: '<=',
    unit: 'in',
    format: 'number',
    cells: 6,
    heading: ['qualified cant deficiency, Eu, of more than 5 inches', 'Track surface (inches)'],
    rows: [
      {
        key: 'profile-31ft',
        label: 'The deviation from uniform profile on either rail at the mid-ordinate',
        continuation: ['of a 31-foot chord may not be more than'],
        name: 'profile deviation from uniformity, 31-foot chord',
        conditions: { chordFt: 31 },
        notApplicable: [1, 2],
      },
      {
        key: 'profile-62ft',
        label: 'The deviation from uniform profile on either rail at the mid-ordinate',
        continuation: ['of a 62-foot chord may not be more than'],
        name: 'profile deviation from uniformity, 62-foot chord',
        conditions: { chordFt: 62 },
      },
      {
        key: 'short-warp',
        label: 'The difference in crosslevel between any two points less than 10',
        continuation: ['feet apart (short warp) shall not be more than'],
        name: 'difference in crosslevel between two points less than 10 feet apart (short warp)',
        parameter: 'crosslevel_difference',
        conditions: { chordFt: 10, aspect: 'short warp' },
      },
    ],
    columns: [1, 2, 3, 4, 5].map((n) => ({ ...classColumn(n), conditions: { trackClasses: [n], geometry: 'curve' as const, cantDeficiency: { gt: 5 } } })),
    label: (row, column) => `${column.name}, curve at a cant deficiency over 5 in.: ${row.name}`,
  },
  {
    ref: '213.109(b)(4)',
    parameter: 'crossties_per_39ft',
    comparator: '>=',
    unit: 'crossties',
    format: 'number',
    cells: 3,
    heading: ['Tangent track and curved track less than or | Turnouts and curved track greater'],
    rows: [
      { key: 'class-1', label: 'Class 1', name: 'Class 1 track', conditions: { trackClasses: [1] } },
      { key: 'class-2', label: 'Class 2', name: 'Class 2 track', conditions: { trackClasses: [2] } },
      { key: 'class-3', label: 'Class 3', name: 'Class 3 track', conditions: { trackClasses: [3] } },
      { key: 'class-4-5', label: 'Class 4', continuation: ['and 5'], name: 'Class 4 and 5 track', conditions: { trackClasses: [4, 5] } },
    ],
    columns: [
      {
        key: 'tangent-or-curve-le-2deg',
        cell: 1,
        name: 'tangent track and curves of 2 degrees or less',
        conditions: { degreeOfCurvature: { lte: 2 } },
      },
      {
        key: 'turnout-or-curve-gt-2deg',
        cell: 2,
        name: 'turnouts and curves of more than 2 degrees',
        conditions: { qualifier: 'turnouts, and curved track greater than 2 degrees' },
      },
    ],
    label: (row, column) => `${row.name}, ${column.name}: minimum crossties per 39-foot segment`,
  },
  {
    ref: '213.115',
    parameter: 'rail_end_mismatch',
    comparator: '<=',
    unit: 'in',
    format: 'number',
    cells: 3,
    heading: ['On the tread of the rail ends (inch) | On the gage side of the rail ends (inch)'],
    rows: [classRow(1), classRow(2), classRow(3), classesRow([4, 5], 'Class 4 and 5 track')],
    columns: [
      { key: 'tread', cell: 1, name: 'on the tread', conditions: { feature: 'rail joint', aspect: 'tread' } },
      { key: 'gage-side', cell: 2, name: 'on the gage side', conditions: { feature: 'rail joint', aspect: 'gage side' } },
    ],
    label: (row, column) => `${row.name}: rail end mismatch ${column.name} of the rail ends`,
  },
  {
    ref: '213.143(a)',
    parameter: 'guard_check_gage',
    unit: 'in',
    format: 'feet-inches',
    cells: 3,
    heading: ['Guard check gage | Guard face gage'],
    rows: [
      classRow(1),
      classRow(2),
      { key: 'class-3-4', label: 'Class', continuation: ['3 and', '4', 'track'], name: 'Class 3 and 4 track', conditions: { trackClasses: [3, 4] } },
      classRow(5, { conditions: { trackClasses: [5], qualifier: 'a heavy-point frog may have a guard check gage down to the limit of § 213.143(b)' } }),
    ],
    columns: GUARD_GAGE_COLUMNS,
    label: (row, column) => `${row.name}: ${column.name}`,
  },
  {
    ref: '213.327(b)',
    parameter: 'alinement_deviation',
    comparator: '<=',
    unit: 'in',
    format: 'number',
    cells: 5,
    heading: ['31-foot chord may not | 62-foot chord may not | 124-foot chord may not'],
    rows: ([6, 7, 8, 9] as const).flatMap((n): TableRow[] => [
      { key: `class-${n}-tangent`, label: `Class ${n} track`, name: `Class ${n} tangent track`, conditions: { trackClasses: [n], geometry: 'tangent' } },
      {
        key: `class-${n}-curve`,
        label: 'Curved',
        after: `Class ${n} track`,
        cells: 4,
        shift: -1,
        name: `Class ${n} curved track`,
        conditions: { trackClasses: [n], geometry: 'curve' },
      },
    ]),
    columns: [31, 62, 124].map((chordFt, i) => ({ key: `${chordFt}ft`, cell: 2 + i, name: `${chordFt}-foot chord`, conditions: { chordFt } })),
    label: (row, column) => `${row.name}, ${column.name}: single alinement deviation from uniformity`,
  },
  {
    ref: '213.327(c)',
    parameter: 'alinement_deviation',
    comparator: '<=',
    unit: 'in',
    format: 'number',
    cells: 5,
    heading: ['qualified cant deficiency, Eu, of more than 5 inches', 'chord offset for a 31-foot | chord offset for a 62-foot | chord offset for a'],
    rows: [
      ...([6, 7, 8] as const).map((n) => classRow(n)),
      { key: 'class-9', label: 'Class', continuation: ['9'], name: 'Class 9 track', conditions: { trackClasses: [9] } },
    ],
    columns: [31, 62, 124].map((chordFt, i) => ({
      key: `curve-${chordFt}ft`,
      cell: 2 + i,
      name: `${chordFt}-foot chord`,
      conditions: { geometry: 'curve' as const, chordFt, cantDeficiency: { gt: 5 }, aspect: 'outside rail' },
    })),
    label: (row, column) => `${row.name}, cant deficiency over 5 in., outside rail, ${column.name}: single alinement deviation from uniformity`,
  },
  {
    ref: '213.331(a)',
    parameter: 'profile_deviation',
    comparator: '<=',
    unit: 'in',
    format: 'number',
    cells: 5,
    heading: ['Track surface (inches)', '6 | 7 | 8 | 9'],
    rows: [
      {
        key: 'profile-31ft',
        label: 'The deviation from uniform ¹ profile on either rail at the mid-ordinate of a',
        continuation: ['31-foot chord may not be more than'],
        name: 'profile deviation from uniformity, 31-foot chord',
        conditions: { chordFt: 31 },
      },
      {
        key: 'profile-62ft',
        label: 'The deviation from uniform profile on either rail at the mid-ordinate of a',
        continuation: ['62-foot chord may not be more than'],
        name: 'profile deviation from uniformity, 62-foot chord',
        conditions: { chordFt: 62 },
      },
      {
        key: 'profile-124ft',
        label: 'Except as provided in paragraph (b) of this section, the deviation from',
        continuation: ['uniform profile on either rail at the mid-ordinate of a 124-foot chord may not', 'be more than'],
        name: 'profile deviation from uniformity, 124-foot chord',
        conditions: { chordFt: 124, qualifier: 'except as provided in § 213.331(b)' },
      },
      {
        key: 'crosslevel-tangent',
        label: 'The deviation from zero crosslevel at any point on tangent track may not be',
        continuation: ['more than ²'],
        name: 'deviation from zero crosslevel on tangent track',
        parameter: 'crosslevel_deviation',
        conditions: { geometry: 'tangent' },
      },
      {
        key: 'reverse-elevation',
        label: 'Reverse elevation on curves may not be more than',
        name: 'reverse elevation on curves',
        parameter: 'crosslevel_deviation',
        conditions: { geometry: 'curve', aspect: 'reverse elevation' },
      },
      {
        key: 'warp-62ft',
        label: 'The difference in crosslevel between any two points less than 62 feet apart',
        continuation: ['may not be more than ³'],
        name: 'difference in crosslevel between two points less than 62 feet apart',
        parameter: 'crosslevel_difference',
        conditions: { chordFt: 62 },
      },
      {
        key: 'short-warp',
        label: 'On curved track, the difference in crosslevel between any two points less',
        continuation: ['than 10 feet apart (short warp) may not be more than'],
        name: 'difference in crosslevel on curves between two points less than 10 feet apart (short warp)',
        parameter: 'crosslevel_difference',
        conditions: { geometry: 'curve', chordFt: 10, aspect: 'short warp' },
      },
    ],
    columns: [6, 7, 8, 9].map((n, i) => ({ ...classColumn(n), cell: 1 + i })),
    label: (row, column) => `${column.name}: ${row.name}`,
  },
  {
    ref: '213.355',
    parameter: 'guard_check_gage',
    unit: 'in',
    format: 'feet-inches',
    cells: 3,
    heading: ['Guard check gage | Guard face gage'],
    rows: [
      { key: 'class-6-9', label: 'Class', continuation: ['6, 7, 8', 'and 9', 'track'], name: 'Class 6 to 9 track', conditions: { trackClasses: [6, 7, 8, 9] } },
    ],
    columns: GUARD_GAGE_COLUMNS,
    label: (row, column) => `${row.name}: ${column.name}`,
  },
  {
    ref: '213.307(a)',
    parameter: 'max_operating_speed',
    comparator: '<=',
    unit: 'mph',
    format: 'speed',
    cells: 2,
    heading: ['Over track that meets all of the requirements prescribed in this subpart'],
    rows: [classRow(6), classRow(7), classRow(8), classRow(9)],
    columns: [{ key: 'trains', cell: 1, name: 'trains' }],
    label: (row) => `${row.name}: maximum allowable operating speed`,
  },
  {
    ref: '213.323(b)',
    parameter: 'gage',
    unit: 'in',
    format: 'feet-inches',
    cells: 4,
    heading: ['The gage must be at | But not more | The change of gage within 31 feet must not be'],
    rows: ([6, 7, 8, 9] as const).map((n) => ({
      key: `class-${n}`,
      label: `Class ${n}`,
      continuation: ['track'],
      name: `Class ${n} track`,
      conditions: { trackClasses: [n] },
    })),
    columns: [
      { key: 'min', cell: 1, name: 'gage at least', comparator: '>=' },
      { key: 'max', cell: 2, name: 'gage not more than', comparator: '<=' },
      {
        key: 'change-31ft',
        cell: 3,
        name: 'change of gage within 31 feet not more than',
        parameter: 'gage_change',
        comparator: '<=',
        conditions: { chordFt: 31 },
      },
    ],
    label: (row, column) => `${row.name}: ${column.name}`,
  },
];
