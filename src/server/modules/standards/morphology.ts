/**
 * Derivational morphology over PostgreSQL's English lexemes. The Snowball stemmer joins
 * inflections ("moves", "moved" → "move") but not derivations: "move" and "movement",
 * "designate" and "designation", "report" and "reportable" stay apart, and practitioners ask
 * with one where the regulation writes the other. Two lexemes that reduce to the same root
 * are taken as one word for retrieval and coverage.
 */

/**
 * Derivational endings of Snowball lexemes, longest first, each with the shortest root it may
 * leave: short endings need a longer root, or "signal" would become "sign" and "station" "stat".
 */
const SUFFIXES: [string, number][] = [
  ...['ization', 'isation', 'ation', 'ition', 'ement', 'ment', 'ancy', 'ency', 'ance', 'ence', 'ness'].map((s): [string, number] => [s, 4]),
  ...['abl', 'ibl', 'iti', 'aci', 'ive', 'ist', 'ism', 'anc', 'enc', 'ur'].map((s): [string, number] => [s, 4]),
  ...['ion', 'al', 'er', 'or'].map((s): [string, number] => [s, 5]),
  ...['e', 'i', 'y'].map((s): [string, number] => [s, 4]),
];
const AT_MIN_ROOT = 4;
/** "re" before a root of five letters or more ("requalifi", "recertifi"): not "read", "rest", "repair". */
const REPEATED = /^re[a-z]{5,}$/;

/** The root a lexeme shares with its derivations: `movement` and `move` → `mov`, `reportabl` → `report`. */
export function derivationalRoot(lexeme: string): string {
  if (!/^[a-z]+$/.test(lexeme)) return lexeme;
  let root = lexeme;
  // Two passes: "operational" → "operation" → "oper".
  for (let pass = 0; pass < 2; pass++) {
    const found = SUFFIXES.find(([suffix, min]) => root.endsWith(suffix) && root.length - suffix.length >= min);
    if (!found) break;
    root = root.slice(0, -found[0].length);
  }
  // "designat" and "design", "operat" and "oper": a trailing "at" belongs to the ending.
  if (root.endsWith('at') && root.length - 2 >= AT_MIN_ROOT) root = root.slice(0, -2);
  return root;
}

/** Lexemes grouped by root, so a query word finds the library's derivations of it. */
export class DerivationIndex {
  private readonly byRoot = new Map<string, string[]>();

  constructor(lexemes: Iterable<string>) {
    for (const lexeme of lexemes) {
      this.known.add(lexeme);
      const root = derivationalRoot(lexeme);
      const list = this.byRoot.get(root);
      if (list) list.push(lexeme);
      else this.byRoot.set(root, [lexeme]);
    }
  }

  private readonly known = new Set<string>();

  /** The library's lexemes that share a root with `lexeme`, itself excluded. */
  relatives(lexeme: string): string[] {
    const own = (this.byRoot.get(derivationalRoot(lexeme)) ?? []).filter((l) => l !== lexeme);
    // Doing a thing again is the thing: "requalify", "recertified", "reinspect" are asked about
    // where the regulation writes qualification, certification and inspection.
    if (own.length > 0 || this.known.has(lexeme) || !REPEATED.test(lexeme)) return own;
    const base = lexeme.slice(2);
    return this.byRoot.get(derivationalRoot(base)) ?? [];
  }
}
