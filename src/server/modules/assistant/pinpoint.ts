/**
 * Paragraph pinpoints: which lettered or numbered paragraph of a clause holds a sentence, so an
 * answer cites `213.9(a)` rather than the whole of `213.9`. Paragraphs follow the CFR's outline:
 * (a) lower-case letters, (1) numbers, (i) lower-case roman numerals, (A) capitals.
 */

const LEADING_DESIGNATORS = /^((?:\([a-zA-Z0-9]{1,5}\))+)\s/;
const ROMAN = /^(?:x{0,3})(?:ix|iv|v?i{0,3})$/;

type Level = 1 | 2 | 3 | 4;

function levelOf(designator: string, open: string[]): Level {
  if (/^\d+$/.test(designator)) return 2;
  if (/^[A-Z]+$/.test(designator)) return 4;
  if (ROMAN.test(designator)) {
    // "(i)" after "(h)" with nothing deeper open is the letter i; otherwise a roman numeral.
    const previousLetter = open[0];
    const isNextLetter = designator.length === 1 && previousLetter !== undefined && previousLetter.charCodeAt(0) + 1 === designator.charCodeAt(0);
    if (isNextLetter && open.length === 1) return 1;
    if (open.length >= 2) return 3;
    return open.length === 0 && designator !== 'i' ? 1 : 3;
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

/**
 * Each line's paragraph path within a clause: the designators open at that line, outermost
 * first, starting from the clause's own ref (a clause `213.119(h)` whose text begins "(h)" or
 * "(6)" continues that path).
 */
function linePaths(ref: string, text: string): string[][] {
  const [, own] = splitRef(ref);
  let open = [...own];
  return text.split('\n').map((line) => {
    const match = LEADING_DESIGNATORS.exec(line.trim());
    if (match) {
      const designators = designatorsOf(match[1]!);
      const first = designators[0]!;
      const level = own.length > 0 && open.length === own.length && first === own.at(-1) ? own.length : levelOf(first, open);
      open = [...open.slice(0, level - 1), ...designators];
    }
    return [...open];
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
