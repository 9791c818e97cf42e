import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import { isSupportedFile, parseStandardFile } from './importers/index';
import type { ParsedDocument } from './importers/types';
import { importCurrentEdition, type EditionImportResult } from './service';

/** Reports import progress (the CLI draws a bar with it on a terminal). */
export interface ImportProgress {
  start(total: number): void;
  advance(label: string): void;
  stop(): void;
}

export interface ImportFilesOptions {
  /** The standard of documents whose file does not name one (a structured row's `standard` does). */
  standard: string;
  /** Where each standard's text comes from (a folder catalogue's `source`), by code; else the file name. */
  sources?: ReadonlyMap<string, string> | undefined;
  /** A file, or a folder whose supported files are imported in name order. */
  file: string;
  /** The disciplines every document serves, the main one first; else what the file proposes. */
  disciplines?: readonly string[] | undefined;
  /** Disciplines documents serve beyond what their file proposes (a folder catalogue's `alsoServes`), by standard code and title. */
  alsoServes?: ReadonlyMap<string, Readonly<Record<string, readonly string[]>>> | undefined;
  edition?: string | undefined;
  title?: string | undefined;
  progress?: ImportProgress | undefined;
}

export interface FileImportResult extends EditionImportResult {
  file: string;
  standard: string;
}

/** The supported files a path names: itself, or a folder's files (not subfolders), sorted. */
export async function listStandardFiles(target: string): Promise<string[]> {
  const info = await stat(target).catch(() => undefined);
  if (!info) throw new Error(`${target}: no such file or folder`);
  if (!info.isDirectory()) return [target];
  const entries = await readdir(target, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && isSupportedFile(e.name))
    .map((e) => path.join(target, e.name))
    .sort((a, b) => a.localeCompare(b, 'en'));
}

/**
 * Parses every file first (a bad file stops the import before anything is stored), then
 * imports each document in its own transaction. Idempotent: an unchanged document is skipped.
 */
export async function importStandardFiles(db: Db, options: ImportFilesOptions): Promise<FileImportResult[]> {
  const files = await listStandardFiles(options.file);
  if (files.length === 0) throw new Error(`${options.file}: no supported files (.jsonl, .pdf, .docx, .txt, .md, .xml)`);
  if (files.length > 1 && options.title) throw new Error('--title names one document; leave it out when importing a folder');
  const parsed: { file: string; document: ParsedDocument }[] = [];
  for (const file of files) {
    const documents = await parseStandardFile(await readFile(file), {
      fileName: path.basename(file),
      disciplines: options.disciplines,
      edition: options.edition,
      title: options.title,
    });
    parsed.push(...documents.map((document) => ({ file, document })));
  }
  const results: FileImportResult[] = [];
  options.progress?.start(parsed.length);
  try {
    for (const { file, document } of parsed) {
      const standard = document.standard ?? options.standard;
      const source = options.sources?.get(standard) ?? document.source;
      const extra = options.alsoServes?.get(standard)?.[document.title] ?? [];
      const disciplines = [...new Set([...document.disciplines, ...extra])];
      const result = await importCurrentEdition(db, standard, { ...document, source, disciplines });
      results.push({ ...result, file: path.basename(file), standard });
      options.progress?.advance(document.title);
    }
  } finally {
    options.progress?.stop();
  }
  return results;
}

/** `Part 213 (eCFR, up to date as of 2026-06-17): imported, 345 clauses` */
export function describeImport(result: EditionImportResult): string {
  const what = `${result.title} (${result.edition}): ${result.status}, ${result.clauses} clauses`;
  const others = result.otherEditions.join(', ');
  if (result.status === 'superseded') return `${what}; ${others} of the same date is held`;
  if (result.status === 'new-edition') return `${what}; in force now, ${others} kept as an older edition`;
  if (result.status === 'older-edition') return `${what}; kept as an older edition, ${others} stays in force`;
  return what;
}

/** One line for a whole import: `14 documents, 2991 clauses: 14 imported`. */
export function summariseImports(results: EditionImportResult[]): string {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const clauses = results.reduce((n, r) => n + (r.status === 'superseded' || r.status === 'older-edition' ? 0 : r.clauses), 0);
  const statuses = [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
  return `${results.length} document${results.length === 1 ? '' : 's'}, ${clauses} clauses: ${statuses}`;
}
