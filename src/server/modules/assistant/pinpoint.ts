/**
 * Paragraph pinpoints: which lettered or numbered paragraph of a clause holds a sentence, so an
 * answer cites `213.9(a)` rather than the whole of `213.9`. Paragraphs follow the CFR's outline:
 * (a) lower-case letters, (1) numbers, (i) lower-case roman numerals, (A) capitals.
 */

/** Designators at the start of a line, alone or before text: "(a) Each …", "(h)(6)(i) …", "(1) (i) …", "(d)". */
const LEADING_DESIGNATORS = /^((?:\([a-zA-Z0-9]{1,5}\)\s?)+)(?:\s|$)/;
const ROMAN = /^(?:x{0,3})(?:ix|iv|v?i{0,3})$/;
const ROMANS = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv', 'xvi', 'xvii', 'xviii', 'xix', 'xx'];
/** A line that introduces a list of its own ("… the following:", "… shall—"). */
const INTRODUCES_LIST = /[:—–-]\s*$/;

/** Outline levels: (a) 1, (1) 2, (i) 3, (A) 4, and an italic (1) under a capital 5. */
interface Open {
  designator: string;
  level: number;
}

function isNext(previous: string | undefined, designator: string, sequence: (d: string) => number): boolean {
  return previous === undefined ? sequence(designator) === 0 : sequence(designator) === sequence(previous) + 1;
}

const letterIndex = (d: string) => (/^[a-z]$/.test(d) ? d.charCodeAt(0) - 97 : -99);
const romanIndex = (d: string) => ROMANS.indexOf(d);

/** The level of a designator given the paragraphs open above it and the line before it. */
function levelOf(designator: string, open: Open[], previousLine: string): number {
  const deepest = open.at(-1)?.level ?? 0;
  const at = (level: number) => open.find((o) => o.level === level)?.designator;
  if (/^\d+$/.test(designator)) return deepest >= 4 && !(at(2) !== undefined && deepest === 2) ? 5 : 2;
  if (/^[A-Z]+$/.test(designator)) return 4;
  if (ROMAN.test(designator)) {
    const asLetter = designator.length === 1 && (at(1) === undefined ? designator === 'a' : isNext(at(1), designator, letterIndex));
    // Roman numerals sit under a numbered paragraph; directly under a letter only when no letter reading exists.
    const asRoman = isNext(at(3), designator, romanIndex) && (at(3) !== undefined || at(2) !== undefined || (deepest >= 1 && !asLetter));
    if (asLetter && !asRoman) return 1;
    if (asRoman && !asLetter) return 3;
    // Both read ("(i)" after "(h)(4)"): a roman list is introduced by the line before it.
    if (asLetter && asRoman) return INTRODUCES_LIST.test(previousLine) || at(3) !== undefined ? 3 : 1;
    return open.length === 0 ? 1 : 3;
  }
  return 1;
}

/** "(h)(6)" → ["h", "6"]. */
function designatorsOf(path: string): string[] {
  return [...path.matchAll(/\(([a-zA-Z0-9]{1,5})\)/g)].map((m) => m[1]!);
}

/** The section and paragraph path of a clause ref: "213.119(h)" → ["213.119", ["h"]]. */
function splitRef(ref: string): [string, string[]] {
  const at = ref.indexOf('(');
  return at < 0 ? [ref, []] : [ref.slice(0, at), designatorsOf(ref.slice(at))];
}

/** The levels of a ref's own path: (h)(6)(i) → 1, 2, 3. */
function ownPath(designators: string[]): Open[] {
  const open: Open[] = [];
  for (const d of designators) open.push({ designator: d, level: levelOf(d, open, ':') });
  return open;
}

/**
 * Each line's paragraph path within a clause: the designators open at that line, outermost
 * first, starting from the clause's own ref (a clause `213.119(h)` whose text begins "(h)" or
 * "(6)" continues that path).
 */
function linePaths(ref: string, text: string): string[][] {
  const [, ownDesignators] = splitRef(ref);
  const own = ownPath(ownDesignators);
  let open = [...own];
  let previousLine = '';
  return text.split('\n').map((raw) => {
    const line = raw.trim();
    const match = LEADING_DESIGNATORS.exec(line);
    if (match) {
      const designators = designatorsOf(match[1]!);
      const first = designators[0]!;
      const restatesOwn = own.length > 0 && open.length === own.length && first === own.at(-1)!.designator;
      let level = restatesOwn ? own.at(-1)!.level : levelOf(first, open, previousLine);
      const kept = open.filter((o) => o.level < level);
      open = kept;
      for (const d of designators) {
        open.push({ designator: d, level });
        level = levelOf(designators[designators.indexOf(d) + 1] ?? 'a', open, ':');
      }
    }
    if (line) previousLine = line;
    return open.map((o) => o.designator);
  });
}

const format = (section: string, path: string[]) => `${section}${path.map((d) => `(${d})`).join('')}`;

/**
 * The pinpoint of the paragraph of `text` (the clause `ref`) that holds `sentence`, or the ref
 * itself when the sentence is not inside a designated paragraph or is not found.
 */
export function pinpointOf(ref: string, text: string, sentence: string): string {
  const [section] = splitRef(ref);
  const first = sentence.split('\n')[0]!.trim();
  // A table row whose label the layout wrapped is found by its cells ("Class | 4′6 3/8″ | …").
  const probes = [first.slice(0, 60), first.includes('|') ? first.slice(first.indexOf('|')).trim().slice(0, 60) : ''].filter(Boolean);
  const lines = text.split('\n');
  const index = lines.findIndex((line) => probes.some((probe) => line.includes(probe)));
  if (index < 0) return ref;
  const path = linePaths(ref, text)[index]!;
  return path.length > 0 ? format(section, path) : ref;
}

/** True when `pinpoint` names the clause itself or one of the paragraphs its text designates. */
export function pinpointExists(ref: string, text: string, pinpoint: string): boolean {
  if (pinpoint === ref) return true;
  const [section] = splitRef(ref);
  return linePaths(ref, text).some((path) => {
    for (let n = 1; n <= path.length; n++) if (format(section, path.slice(0, n)) === pinpoint) return true;
    return false;
  });
}

/**
 * The lines of the paragraphs a sentence introduces: when `sentence` ends its line with a colon
 * or dash ("… until the earliest of the following occurrences:"), the lines nested under that
 * line's paragraph, in order (their own designators kept); else none. Where the limit a rule
 * sets sits in its list ("(iv) Fourteen calendar days …"), the answer is the lead-in with its items.
 */
export interface ListItem {
  line: string;
  /** 1 for the paragraphs directly under the lead-in, 2 for theirs, … */
  depth: number;
}

export function listItemsUnder(ref: string, text: string, sentence: string): ListItem[] {
  const trimmed = sentence.trim();
  if (!INTRODUCES_LIST.test(trimmed)) return [];
  const lines = text.split('\n').map((l) => l.trim());
  const index = lines.findIndex((line) => line.endsWith(trimmed));
  if (index < 0) return [];
  const paths = linePaths(ref, text);
  const own = paths[index]!;
  const items: ListItem[] = [];
  for (let i = index + 1; i < lines.length; i++) {
    const path = paths[i]!;
    const nested = path.length > own.length && own.every((d, n) => path[n] === d);
    if (!nested) break;
    if (lines[i]) items.push({ line: lines[i]!, depth: path.length - own.length });
  }
  // A glossary ("As used in this section— (1) Valid search means …") defines words; it sets no rule.
  const defining = items.filter((i) => i.depth === 1 && /\bmeans\b/.test(i.line)).length;
  return defining * 2 >= items.filter((i) => i.depth === 1).length ? [] : items;
}
