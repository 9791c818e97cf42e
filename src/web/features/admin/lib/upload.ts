import { STANDARD_UPLOAD_MAX_BYTES, STANDARD_UPLOAD_TOO_LARGE, type StandardUploadResponse } from '../../../../shared/schemas/standards';

/** The file types the importers read (the server decides by content and extension). */
export const STANDARD_UPLOAD_EXTENSIONS = ['.pdf', '.docx', '.txt', '.md', '.jsonl', '.xml'] as const;
export const STANDARD_UPLOAD_ACCEPT = STANDARD_UPLOAD_EXTENSIONS.join(',');
export const STANDARD_UPLOAD_INVALID_TYPE = 'Invalid file type. Please upload a PDF, DOCX, TXT, Markdown, JSONL or eCFR XML file.';

/** Why this file cannot be uploaded, or undefined when it can. */
export function standardFileProblem(file: Pick<File, 'name' | 'size'>): string | undefined {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!(STANDARD_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return STANDARD_UPLOAD_INVALID_TYPE;
  if (file.size > STANDARD_UPLOAD_MAX_BYTES) return STANDARD_UPLOAD_TOO_LARGE;
  if (file.size === 0) return 'This file is empty.';
  return undefined;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** The success toast for an upload: what was imported, per document, in one sentence each. */
export function describeUpload(result: StandardUploadResponse): { title: string; description: string; clauses: number } {
  const imported = result.results.filter((r) => r.status !== 'unchanged' && r.status !== 'superseded');
  const clauses = imported.reduce((sum, r) => sum + r.clauses, 0);
  const lines = result.results.map((r) => {
    const name = r.edition ? `${r.title} (${r.edition})` : r.title;
    const others = r.otherEditions.join(', ');
    switch (r.status) {
      case 'imported':
      case 'replaced':
        return `${name}: ${plural(r.clauses, 'clause')} imported.`;
      case 'new-edition':
        return `${name}: ${plural(r.clauses, 'clause')} imported as the edition in force; ${others} is kept as an older edition.`;
      case 'older-edition':
        return `${name}: ${plural(r.clauses, 'clause')} kept as an older edition; ${others} stays in force.`;
      case 'unchanged':
        return `${name} is already loaded; nothing changed.`;
      case 'superseded':
        return `${name} was not imported: ${others || 'an edition of the same date'} is already loaded.`;
    }
  });
  const title = imported.length > 0 ? `Imported ${plural(clauses, 'clause')} into ${result.standard}` : 'Nothing new to import';
  return { title, description: lines.join(' '), clauses };
}
