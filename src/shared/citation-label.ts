import { escapeRegExp } from './escape-regexp';

/**
 * How the library's references are written, as each jurisdiction writes them: one rule for the
 * answers (server), the standards browser, the chat's citations and its exports (web).
 *
 * 49 CFR rows hold bare section numbers (`213.9(a)`), cited with the standard's code
 * (`49 CFR 213.9(a)`); the other instruments' rows name the instrument themselves
 * (`SOR/2014-275, s. 12(1)`, `R.S.C., 1985, c. R-4.2, s. 11`, `TSI CCS 4.2.1`,
 * `49 U.S.C. 20103(a)`) and stand as they are.
 */

/** Refs written with their instrument: Canadian statutes and regulations, TSIs, the US Code and CFR cited in full. */
const NAMES_ITS_INSTRUMENT = /^(?:SOR\/|C\.R\.C\.|R\.S\.C\.|TSI\s|\d+\s+(?:U\.S\.C\.|CFR)\s)/;

/** Whether a ref names its own instrument (`SOR/2014-275, s. 12(1)`) rather than being a bare section number (`213.9(a)`). */
export function namesItsInstrument(ref: string): boolean {
  return NAMES_ITS_INSTRUMENT.test(ref);
}

/**
 * How a clause or paragraph is cited: a bare section number takes the standard's code
 * (`49 CFR 213.9(a)`); a ref that names its own instrument stands as it is.
 */
export function citationLabel(standardCode: string, ref: string): string {
  return ref.startsWith(standardCode) || namesItsInstrument(ref) ? ref : `${standardCode} ${ref}`;
}

/**
 * The part of `clauseRef` before its section number (`SOR/2014-275, s. ` of
 * `SOR/2014-275, s. 12(1)` in section `12`), when the ref names its instrument.
 */
function instrumentPrefix(section: string, clauseRef: string | undefined): string | undefined {
  if (!clauseRef || !namesItsInstrument(clauseRef)) return undefined;
  return new RegExp(`^(.*?[\\s.,])${escapeRegExp(section)}(?=$|[\\s("])`).exec(clauseRef)?.[1];
}

/**
 * How a whole section is cited, from the ref of any clause in it: `49 CFR 213.9`,
 * `SOR/2014-275, s. 12`, `C.R.C., c. 1171, Sch. I, s. 40`, `TSI CCS 4.2.1`, `49 U.S.C. 20103`.
 */
export function sectionCitation(standardCode: string, section: string, clauseRef?: string): string {
  const prefix = instrumentPrefix(section, clauseRef);
  return prefix === undefined ? citationLabel(standardCode, section) : `${prefix}${section}`;
}

/**
 * A section's label above its heading: `§ 213.9` where the standard's refs are bare section
 * numbers (as the CFR heads its sections), else the section's citation (`SOR/2014-275, s. 12`).
 */
export function sectionHeadingLabel(standardCode: string, section: string, clauseRef?: string): string {
  return instrumentPrefix(section, clauseRef) === undefined ? `§ ${section}` : sectionCitation(standardCode, section, clauseRef);
}

/** The instrument named at the start of a ref, and the words (`s.`) before its section number. */
const INSTRUMENT_AT_START =
  /^(?:(?:SOR\/[\w-]+|C\.R\.C\.,\s*c\.\s*[\w.-]+|R\.S\.C\.,\s*\d{4},\s*c\.\s*[\w.-]+),\s*(?:s\.\s*)?|TSI\s+\S+\s+|\d+\s+(?:U\.S\.C\.|CFR)\s+)/;

/**
 * The section number a ref falls under, for a paragraph the library holds no clause of
 * (`213.53(b)` → `213.53`, `SOR/2014-275, s. 12(1)(a)` → `12`, `C.R.C., c. 1171, Sch. I, s. 40(2)` → `Sch. I, s. 40`).
 */
export function sectionOfRef(ref: string): string {
  return ref
    .trim()
    .replace(/^§+\s*/, '')
    .replace(INSTRUMENT_AT_START, '')
    .replace(/\s*(?:\(|").*$/, '')
    .trim();
}

/**
 * A subpart as it is headed: the CFR's lettered subparts (`A — General`) as `Subpart A — General`,
 * other instruments' divisions (`Interpretation`, `1 — INTRODUCTION`, `Chapter 201 — General`) as written.
 */
export function subpartLabel(subpart: string): string {
  return /^[A-Z]{1,2}(?:$|\s+[—–-]\s)/.test(subpart) ? `Subpart ${subpart}` : subpart;
}
