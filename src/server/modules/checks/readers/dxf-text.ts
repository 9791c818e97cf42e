/**
 * The text a DXF annotation shows, without the codes that format it: MTEXT's inline codes
 * (`\P` paragraph breaks, `{\fArial|b1;…}` fonts, `\H2.5x;` heights, `\S1/2;` stacked fractions,
 * …) and the `%%` control codes of TEXT and MTEXT (`%%d` degree, `%%c` diameter, `%%p` plus-minus).
 */

const PERCENT_CODES: Record<string, string> = { d: '°', c: '⌀', p: '±', '%': '%' };

/** `%%d` → °, `%%c` → ⌀, `%%p` → ±, `%%%` → %, `%%nnn` → the character; the `%%u`, `%%o`, `%%k` toggles dropped. */
export function stripPercentCodes(text: string): string {
  return text.replace(/%%(\d{3}|[dcp%uok])/gi, (_, code: string) => {
    if (/^\d{3}$/.test(code)) return String.fromCharCode(Number(code));
    return PERCENT_CODES[code.toLowerCase()] ?? '';
  });
}

/** `\U+00B0` → ° (TEXT and MTEXT alike). */
function decodeUnicode(text: string): string {
  return text.replace(/\\U\+([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A stacked fraction `\S1/2;` (also `1^2`, `1#2`) as "1/2", set off by a space from a whole number before it ("5\S1/2;" → "5 1/2"). */
function unstack(text: string): string {
  return text.replace(/(\d?)\\S([^;^/#]{0,32})[\^/#]([^;]{0,32});/g, (_, whole: string, top: string, bottom: string) => {
    const fraction = `${top.trim()}/${bottom.trim()}`;
    return whole ? `${whole} ${fraction}` : fraction;
  });
}

/**
 * MTEXT content as it reads: its paragraphs (split at `\P`), each without formatting codes and
 * grouping braces; escaped `\\`, `\{` and `\}` stay as the characters; `\~` is a space.
 */
export function mtextParagraphs(content: string): string[] {
  // Private-use characters hold the escaped ones while the codes are stripped.
  const placeholders = ['\uE000', '\uE001', '\uE002'];
  let text = content.replace(/\\\\/g, placeholders[0]!).replace(/\\\{/g, placeholders[1]!).replace(/\\\}/g, placeholders[2]!);
  text = decodeUnicode(text);
  text = unstack(text);
  text = text
    // Codes with an argument up to a semicolon: font, height, width, oblique, tracking, alignment, colour.
    .replace(/\\[fFHWQTACcp][^;]{0,256};/g, '')
    // Toggles without an argument: underline, overline, strike-through, tab-stop-less line break.
    .replace(/\\[LlOoKkX]/g, '')
    .replace(/\\~/g, ' ')
    .replace(/[{}]/g, '');
  text = stripPercentCodes(text);
  return text
    .split(/\\P|\n/)
    .map((paragraph) =>
      paragraph
        .replace(/\uE000/g, '\\')
        .replace(/\uE001/g, '{')
        .replace(/\uE002/g, '}')
        .trim(),
    )
    .filter((paragraph) => paragraph !== '');
}

/** TEXT, ATTRIB and ATTDEF content as it reads (they know `%%` codes and `\U+`, not MTEXT's inline codes). */
export function singleLineText(content: string): string {
  return stripPercentCodes(decodeUnicode(content)).trim();
}
