import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { STANDARD_CATALOGUE } from '../../../shared/constants';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AUTOFETCH_PARTS, EcfrUnreachableError, fetchEcfr } from './fetch-ecfr';
import { isSupportedFile } from './importers/index';
import { CATALOGUE_FILE, readFolderCatalogue, registerCatalogue } from './folder-catalogue';
import { describeImport, importStandardFiles, summariseImports, type FileImportResult } from './import-files';

/** The part of a pino/Fastify logger startup uses. */
export interface StartupLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface StandardsStartupOptions {
  db: Db;
  config: Pick<Config, 'standardsDir' | 'standardsAutofetch' | 'ecfrBaseUrl'>;
  log: StartupLog;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Folder name → standard code: a catalogued standard by its slug (`49-cfr` → `49 CFR`), else the name itself. */
export function standardForFolder(folder: string): string {
  return STANDARD_CATALOGUE.find((s) => slug(s.code) === slug(folder))?.code ?? folder;
}

/**
 * Imports every supported file under STANDARDS_DIR, one subfolder per standard, or per
 * jurisdiction when its rows name their standards and its catalogue.json describes them. Idempotent:
 * unchanged documents are skipped by hash, so a restart costs a parse and a lookup per
 * document. A folder that fails is logged and the others go on.
 */
export async function importBundledStandards(options: StandardsStartupOptions): Promise<FileImportResult[]> {
  const { config, log } = options;
  const entries = await readdir(config.standardsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!entries) {
    log.info(`Standards: ${config.standardsDir} does not exist; no bundled standards to import`);
    return [];
  }
  const results: FileImportResult[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name, 'en'))) {
    if (entry.isFile() && isSupportedFile(entry.name)) {
      log.warn(`Standards: skipped ${entry.name}: files directly in STANDARDS_DIR name no standard; put it in a subfolder such as 49-cfr/`);
      continue;
    }
    if (!entry.isDirectory()) continue;
    const folder = path.join(config.standardsDir, entry.name);
    try {
      const catalogue = await readFolderCatalogue(folder);
      if (catalogue) await registerCatalogue(options.db, catalogue);
      const sources = new Map(catalogue?.flatMap((s) => (s.source ? [[s.code, s.source] as const] : [])));
      const alsoServes = new Map(catalogue?.flatMap((s) => (s.alsoServes ? [[s.code, s.alsoServes] as const] : [])));
      const imported = await importStandardFiles(options.db, { standard: standardForFolder(entry.name), file: folder, sources, alsoServes });
      for (const r of imported.filter((r) => r.status !== 'unchanged')) log.info(`Standards: ${r.standard} ${describeImport(r)}`);
      for (const [code, titles] of alsoServes) {
        const missing = Object.keys(titles).filter((title) => !imported.some((r) => r.standard === code && r.title === title));
        if (missing.length > 0) log.warn(`Standards: ${entry.name}/${CATALOGUE_FILE} gives disciplines to ${missing.join(', ')}, which ${code} has no document called`);
      }
      const codes = [...new Set(imported.map((r) => r.standard))];
      log.info(`Standards: ${codes.length === 1 ? codes[0] : `${codes.length} standards`} from ${entry.name}/: ${summariseImports(imported)}`);
      results.push(...imported);
    } catch (error) {
      log.warn(`Standards: could not import ${entry.name}/: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return results;
}

/**
 * Keeps the FRA parts of 49 CFR current from the eCFR (when STANDARDS_AUTOFETCH is on).
 * Never throws: offline it logs one info line and gives up.
 */
export async function autofetchEcfr(options: StandardsStartupOptions): Promise<void> {
  const { config, log } = options;
  if (!config.standardsAutofetch) return;
  try {
    const { date, outcomes } = await fetchEcfr(options.db, {
      parts: AUTOFETCH_PARTS,
      baseUrl: config.ecfrBaseUrl,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      onPart: (o) => {
        if (o.error) log.warn(`Standards: eCFR part ${o.part}: ${o.error}`);
        else if (!o.skipped) for (const r of o.results) log.info(`Standards: 49 CFR ${describeImport(r)}`);
      },
    });
    const failed = outcomes.filter((o) => o.error).length;
    const current = outcomes.filter((o) => o.skipped).length;
    log.info(`Standards: eCFR (up to date as of ${date}): ${outcomes.length - failed - current} parts downloaded, ${current} already current, ${failed} failed`);
  } catch (error) {
    if (options.signal?.aborted) return;
    if (error instanceof EcfrUnreachableError) log.info(`Standards: ${error.message}; keeping the library as it is`);
    else log.warn(`Standards: eCFR update failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * What the server does at start: the bundled import (awaited; a few seconds at most for the
 * 5,132 bundled clauses on first start, well under a second when nothing changed), then the
 * eCFR update in the background. Returns the background work so shutdown can wait for it.
 */
export async function startStandards(options: StandardsStartupOptions): Promise<{ background: Promise<void> }> {
  const started = Date.now();
  try {
    await importBundledStandards(options);
  } catch (error) {
    options.log.warn(`Standards: bundled import failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  options.log.info(`Standards: library ready in ${Date.now() - started} ms`);
  return { background: autofetchEcfr(options) };
}
