/** A row of a table: its label (first cell) and each other cell under its column heading. */
export interface TableRow {
  label: string;
  cells: { heading: string; value: string }[];
  /** The table's unit caption ("IN MILES PER HOUR"), when it has one. */
  units?: string | undefined;
}

/** A sentence, or a table row with its column headings, of a clause's text. */
export interface Sentence {
  text: string;
  /** For a table row: the row read with its column headings and units, as the answer shows it. */
  display?: string;
  row?: TableRow;
}

/** The most frequent value; of equally frequent ones, the largest. */
function mostCommon(values: number[]): number {
  const frequency = new Map<number, number>();
  for (const v of values) frequency.set(v, (frequency.get(v) ?? 0) + 1);
  let best = 0;
  let bestFrequency = 0;
  for (const [value, n] of frequency) {
    if (n > bestFrequency || (n === bestFrequency && value > best)) {
      best = value;
      bestFrequency = n;
    }
  }
  return best;
}

const cellsOf = (line: string) => line.split('|').map((c) => c.trim());
/** A line inside a table that is not a row: a wrapped label such as "class" or "and 5". */
const isTableFragment = (line: string) => line.split(/\s+/).length <= 3 && !/[.;:]$/.test(line);

/** "Class 4 track | 60 | 80" under its headings → "Class 4 track (in miles per hour): The maximum … freight trains is— 60; …". */
function readRow(cells: string[], headings: string[], units: string | undefined): string {
  const label = units ? `${cells[0]} (${units.toLowerCase()})` : cells[0];
  if (headings.every((h) => !h)) return cells.join(' | ');
  return `${label}: ${cells
    .slice(1)
    .map((cell, i) => `${headings[i + 1] ?? ''} ${cell}`.trim())
    .join('; ')}`;
}

/**
 * A longer line between two rows of the same shape that is the rest of the first row's label
 * ("62-foot chord may not be more than" under "The deviation … at the mid-ordinate of a | 3 | …"),
 * not a new paragraph or sentence: the table goes on after it.
 */
function continuesRowLabel(line: string, previousRow: string | undefined, nextLine: string | undefined): boolean {
  if (!previousRow || !nextLine?.includes('|') || /^\(/.test(line) || /[.;:]$/.test(line)) return false;
  return cellsOf(nextLine).length === cellsOf(previousRow).length;
}

/**
 * The rows of a table (its lines with cells), each read with its column headings: the leading
 * lines that have fewer cells than most rows, or no figures, are the (wrapped) headings; a
 * heading line with fewer cells belongs to the last columns. `trailing[i]` are the short lines
 * that follow line i.
 */
function tableRows(lines: string[], trailing: string[][], units: string | undefined): Sentence[] {
  const counts = lines.map((l) => cellsOf(l).length);
  const columns = mostCommon(counts);
  let headingLines = 0;
  while (headingLines < Math.min(lines.length - 1, 6) && (counts[headingLines]! < columns || !/\d/.test(lines[headingLines]!))) headingLines++;
  const headings = new Array<string>(columns).fill('');
  for (const line of lines.slice(0, headingLines)) {
    const cells = cellsOf(line);
    cells.forEach((cell, i) => {
      const column = columns - cells.length + i;
      if (column >= 0) headings[column] = `${headings[column]} ${cell}`.trim();
    });
  }
  return lines.slice(headingLines).map((line, i) => {
    const cells = cellsOf(line);
    // A row label the layout wrapped onto the lines below ("Class" / "3 and" / "4" / "track").
    const wrapped = trailing[headingLines + i] ?? [];
    if (wrapped.length > 0) cells[0] = [cells[0], ...wrapped].join(' ');
    const text = wrapped.length > 0 ? cells.join(' | ') : line;
    if (cells.length !== columns) return { text, display: cells.join(' | ') };
    const row: TableRow = { label: cells[0]!, cells: cells.slice(1).map((value, c) => ({ heading: headings[c + 1] ?? '', value })), units };
    return { text, display: readRow(cells, headings, units), row };
  });
}

/**
 * A clause's text as the pieces an answer quotes: sentences (fragments of fewer than four
 * words dropped) and table rows read with their headings.
 */
export function splitSentences(text: string): Sentence[] {
  const lines = text.split('\n').map((l) => l.trim());
  const sentences: Sentence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.includes('|')) {
      // The table runs on over wrapped labels to its last line with cells.
      const table: string[] = [];
      const trailing: string[][] = [];
      let j = i;
      for (; j < lines.length; j++) {
        const next = lines[j]!;
        if (next.includes('|')) {
          table.push(next);
          trailing.push([]);
        } else if (isTableFragment(next) && (lines.slice(j + 1, j + 4).some((l) => l.includes('|')) || /^(and|or|to|through|track|\d)/i.test(next))) {
          trailing.at(-1)?.push(next);
        } else if (continuesRowLabel(next, table.at(-1), lines[j + 1])) {
          trailing.at(-1)?.push(next);
        } else break;
      }
      sentences.push(...tableRows(table, trailing, /^\[(.+)\]$/.exec(lines[i - 1] ?? '')?.[1]));
      i = j - 1;
      continue;
    }
    for (const part of line.split(/(?<=[.;:])\s+(?=[(A-Z0-9])/).map((p) => p.trim())) {
      // Fragments (wrapped table titles, designators alone) say nothing.
      if (part.split(/\s+/).length >= 4) sentences.push({ text: part });
    }
  }
  return sentences;
}
