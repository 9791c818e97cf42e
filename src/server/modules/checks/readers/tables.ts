/** Helpers every table reader shares: header detection and trimming of empty columns. */

const DIGIT = /\d/;

function filled(row: readonly string[]): string[] {
  return row.filter((cell) => cell.trim() !== '');
}

/** A cell that carries a number ("60", "7 1/2 in.", "1°00'", "MP 112.0"), which a column title rarely does. */
export function hasNumber(cell: string): boolean {
  return DIGIT.test(cell);
}

/** How far down a header is looked for (title blocks are a few rows). */
const HEADER_SEARCH_ROWS = 50;

/**
 * The index of the header row: among the first {@link HEADER_SEARCH_ROWS} rows, the first with
 * at least two filled cells, most of them (≥ 70 %) without a number, followed by a row that has
 * a number in some cell and about as many filled cells. A title block above the table (one long
 * cell a row) is passed over. A table none of whose rows fits falls back to its first row with
 * the most filled cells (−1 when all are empty).
 */
export function detectHeaderRow(rows: readonly (readonly string[])[]): number {
  const counts = rows.map((row) => filled(row).length);
  let width = 0;
  for (const count of counts) width = Math.max(width, count);
  const searched = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let index = 0; index < searched; index++) {
    const cells = filled(rows[index] ?? []);
    if (cells.length < Math.min(2, width)) continue;
    const textual = cells.filter((cell) => !hasNumber(cell)).length;
    if (textual / cells.length < 0.7) continue;
    let next = index + 1;
    while (next < rows.length && counts[next] === 0) next++;
    const nextCells = filled(rows[next] ?? []);
    if (nextCells.some(hasNumber) && nextCells.length >= Math.ceil(cells.length / 2)) return index;
  }
  if (width === 0) return -1;
  return counts.indexOf(width);
}

/** Pads or cuts a row to `width` cells. */
export function fitRow(cells: readonly string[], width: number): string[] {
  const out = cells.slice(0, width);
  while (out.length < width) out.push('');
  return out;
}

/** True when no cell holds anything but whitespace. */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** Unit words a column title may state, by the symbol the readers report. */
const UNITS: Record<string, readonly string[]> = {
  in: ['in', 'in.', 'inch', 'inches', '"', '″'],
  mm: ['mm', 'millimetre', 'millimetres', 'millimeter', 'millimeters'],
  cm: ['cm'],
  m: ['m', 'metre', 'metres', 'meter', 'meters'],
  km: ['km'],
  ft: ['ft', 'ft.', 'feet', 'foot', "'", '′'],
  mi: ['mi', 'mile', 'miles'],
  mph: ['mph', 'mi/h'],
  'km/h': ['km/h', 'kmh', 'kph', 'km/hr'],
  'm/s': ['m/s'],
  deg: ['deg', 'deg.', 'degree', 'degrees', '°'],
  s: ['s', 'sec', 'second', 'seconds'],
  min: ['min', 'minute', 'minutes'],
  day: ['day', 'days', 'd'],
  lb: ['lb', 'lbs'],
  '%': ['%', 'percent'],
};
const UNIT_OF = new Map(Object.entries(UNITS).flatMap(([symbol, words]) => words.map((word) => [word, symbol] as const)));

/**
 * The unit a column title states in brackets at its end ("Radius (m)", "Superelevation Ea (in)",
 * "Gage [mm]", "Speed (km/h)"), as a symbol (in, mm, m, ft, mph, km/h, deg, …); null when it
 * names none ("Degree of curve (chord)", "Remarks"). Units written in the cells are left to the
 * value parser.
 */
export function columnUnit(title: string): string | null {
  const bracketed = /[([]\s*([^()[\]]+?)\s*[)\]]\s*$/.exec(title);
  if (!bracketed) return null;
  return UNIT_OF.get((bracketed[1] ?? '').toLowerCase()) ?? null;
}
