/**
 * A paragraph split into sentences that keep their exact text, so a finding quotes the sentence
 * its value was read from. Abbreviations engineers write mid-sentence ("No.", "e.g.", "approx.",
 * initials) never end one; a unit abbreviation ("in.", "ft.") ends one only where a capitalised
 * word follows ("… Eu = 4 in. The Series 200 …"), never before a bracket, comma or figure.
 */

export interface Sentence {
  text: string;
  /** Offset of the sentence in the paragraph. */
  start: number;
}

const NEVER_FINAL =
  /(?:\b(?:No|Nos|Nr|e\.g|i\.e|etc|approx|Rev|Inc|Co|Corp|Ltd|Fig|Figs|Ref|Refs|Sec|Secs|Vol|vs|cf|ca|St|Mr|Mrs|Ms|Dr|Ch|Art|Para|Eq|Eqs|Tab|App|Min|Max|Avg|Approx)|(?<!\b(?:Segment|Class|Track|Curve|Table|Figure|Appendix|Zone|Line|Route|Option|Type|Series)\s)\b[A-Z])$/;

/** The sentences of a paragraph, in order; together they cover its text (white space between them left out). */
export function splitSentences(paragraph: string): Sentence[] {
  const sentences: Sentence[] = [];
  // A bracket after a full stop opens a new sentence only with a word ("… 7 1/2 in. (191 mm)" goes on).
  const boundary = /([.!?])(["'”’)\]]*)(\s+)(?=["'“‘]?[A-Z0-9§]|\([A-Z])/g;
  let start = 0;
  for (let m = boundary.exec(paragraph); m; m = boundary.exec(paragraph)) {
    const end = m.index + m[1]!.length + m[2]!.length;
    // Only its last words matter; a bounded tail keeps a paragraph of many skipped full stops linear.
    const before = paragraph.slice(Math.max(start, m.index - 32), m.index);
    if (m[1] === '.' && !m[2] && NEVER_FINAL.test(before)) continue;
    // A decimal point or a figure after the full stop ("MP 126.20", "No. 24") is not a sentence end.
    if (m[1] === '.' && /\d$/.test(before) && /^\d/.test(paragraph.slice(m.index + 1))) continue;
    const text = paragraph.slice(start, end);
    if (text.trim()) sentences.push({ text, start });
    start = end + m[3]!.length;
  }
  const rest = paragraph.slice(start);
  if (rest.trim()) sentences.push({ text: rest.replace(/\s+$/, ''), start });
  return sentences;
}
