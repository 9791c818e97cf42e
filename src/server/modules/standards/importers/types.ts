/** A clause as an importer produces it, before it is stored. */
export interface ParsedClause {
  /** Finest citation, e.g. `213.9(a)`, `4.2.1(b)(ii)`. Unique within a document. */
  ref: string;
  /** The unit users cite and retrieval ranks, e.g. `213.9` or `4.2.1`. */
  section: string;
  /** Section heading (appendix title for appendices). */
  heading: string;
  subpart?: string | null;
  /** Clause text, starting with its own designator; sub-paragraphs on new lines. */
  text: string;
  discipline?: string | null;
}

/** One document (a CFR part, a PDF, a DOCX) of a standard, in one edition. */
export interface ParsedDocument {
  /** The standard the file says the document belongs to (a structured row's `standard`); else the importer's choice. */
  standard?: string;
  title: string;
  edition: string;
  source?: string | null;
  /** The platform disciplines the document serves, the main one first. */
  disciplines: string[];
  clauses: ParsedClause[];
}

/** Options every importer accepts; CLI flags and admin upload fields fill them. */
export interface ImportOptions {
  /** File name, used for titles and to pick the format. */
  fileName: string;
  /** The disciplines the document serves, the main one first (its clauses are tagged with that one). */
  disciplines?: readonly string[] | undefined;
  edition?: string | undefined;
  title?: string | undefined;
}

/** The discipline an importer tags each clause with: the document's main one, when the caller named any. */
export function mainDiscipline(options: ImportOptions): string | null {
  return options.disciplines?.[0] ?? null;
}
