import { getDocumentProxy } from 'unpdf';

/** One run of text as pdf.js reports it, in PDF points (origin bottom-left). */
export interface PdfItem {
  x: number;
  y: number;
  width: number;
  font: string;
  str: string;
}

/** Items sharing a baseline, left to right, with their text joined. */
export interface PdfLine {
  page: number;
  /** Baseline of the line. */
  y: number;
  /** Left edge of the first item. */
  x: number;
  items: PdfItem[];
  /** The joined text; table cells (wide gaps) are separated by ` | `. */
  text: string;
  /** True when the line holds table cells (some gap was wide enough for ` | `). */
  cells: boolean;
}

export interface PdfLayout {
  pages: PdfLine[][];
  /** The font id that carries most characters: running body text. */
  bodyFont: string;
}

/** Gap (points) between two items that reads as a table-cell boundary. */
const CELL_GAP = 6;
/** Items whose baselines differ by at most this much share a line. */
const LINE_TOLERANCE = 4.2;
/** ...and a line spans at most this much from its highest item. */
const LINE_SPAN = 7;

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
};

function isTextItem(item: unknown): item is { str: string; transform: number[]; width: number; fontName: string } {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/** Reads every page's text items with pdf.js and groups them into lines. */
export async function readPdfLayout(data: Uint8Array): Promise<PdfLayout> {
  // pdf.js takes ownership of (detaches) the buffer it gets; give it a copy.
  const pdf = await getDocumentProxy(data.slice());
  const pages: PdfLine[][] = [];
  const fontChars = new Map<string, number>();
  try {
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const items: PdfItem[] = [];
      for (const raw of content.items) {
        if (!isTextItem(raw) || raw.str.trim() === '') continue;
        items.push({
          x: raw.transform[4] ?? 0,
          y: raw.transform[5] ?? 0,
          width: raw.width,
          font: raw.fontName,
          str: raw.str,
        });
        fontChars.set(raw.fontName, (fontChars.get(raw.fontName) ?? 0) + raw.str.length);
      }
      pages.push(groupLines(items, number));
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  let bodyFont = '';
  let most = -1;
  for (const [font, chars] of fontChars) {
    if (chars > most) {
      most = chars;
      bodyFont = font;
    }
  }
  return { pages, bodyFont };
}

function groupLines(items: PdfItem[], page: number): PdfLine[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PdfItem[][] = [];
  let current: PdfItem[] = [];
  let top = Number.NaN;
  let last = Number.NaN;
  for (const item of sorted) {
    // Chained, so that a raised numerator, the baseline and a lowered denominator stay together.
    if (current.length > 0 && last - item.y <= LINE_TOLERANCE && top - item.y <= LINE_SPAN) {
      current.push(item);
    } else {
      if (current.length > 0) groups.push(current);
      current = [item];
      top = item.y;
    }
    last = item.y;
  }
  if (current.length > 0) groups.push(current);
  return groups.map((group) => buildLine(group, page));
}

function buildLine(group: PdfItem[], page: number): PdfLine {
  const items = [...group].sort((a, b) => a.x - b.x);
  // The baseline is that of the item with the most text (superscripts sit higher).
  let base = items[0] as PdfItem;
  for (const item of items) if (item.str.trim().length > base.str.trim().length) base = item;
  const baseY = base.y;
  let text = '';
  let cells = false;
  let previousEnd = Number.NaN;
  items.forEach((item, index) => {
    let str = item.str;
    const raised = item.y - baseY > 1.5;
    const next = items[index + 1];
    if (raised && next?.str.startsWith('⁄') && /^\d+$/.test(str.trim())) {
      // Stacked fraction: numerator raised, then "⁄4".
      const sep = text === '' || /\s$/.test(text) ? '' : ' ';
      text += `${sep}${str.trim()}`;
      previousEnd = item.x + item.width;
      return;
    }
    if (text.endsWith('/') && /^\d+$/.test(str.trim()) && item.x - previousEnd < 1.5) {
      text += str.trim();
      previousEnd = item.x + item.width;
      return;
    }
    if (str.startsWith('⁄')) {
      text += str.replace(/⁄/g, '/');
      previousEnd = item.x + item.width;
      return;
    }
    if (raised && /^\d{1,2}$/.test(str.trim()) && index > 0) {
      str = [...str.trim()].map((c) => SUPERSCRIPT[c] ?? c).join('');
      text += str;
      previousEnd = item.x + item.width;
      return;
    }
    str = str.replace(/⁄/g, '/');
    if (text !== '') {
      const gap = item.x - previousEnd;
      const designatorBefore = index === 1 && /^\(?[A-Za-z0-9]{1,6}[.)]$/.test(text.trim());
      if (gap >= CELL_GAP && !designatorBefore) {
        text = `${text.trimEnd()} | `;
        str = str.trimStart();
        cells = true;
      } else if (gap > 1 && !/\s$/.test(text) && !/^\s/.test(str)) {
        text += ' ';
      }
    }
    text += str;
    previousEnd = item.x + item.width;
  });
  return {
    page,
    y: baseY,
    x: items[0]?.x ?? 0,
    items,
    text: text.replace(/\s+/g, ' ').trim(),
    cells,
  };
}
