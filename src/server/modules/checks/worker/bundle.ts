import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { projectRoot } from '../../../project-root';

/*
 * The check worker runs as plain JavaScript bundled from its TypeScript sources, not through
 * tsx: registering tsx in a worker thread starts a loader thread of its own (Node 20 runs module
 * hooks off-thread and gives a worker none of the main thread's), which with the transformed
 * modules held twice cost about 45 MB of resident memory for as long as the worker lived.
 */

const source = path.join(projectRoot, 'src/server/modules/checks/worker/check-worker.ts');
/**
 * Under the project's node_modules, so that the bundle's imports of packages (left external: they
 * are loaded as Node loads them, web-ifc's WebAssembly beside its module) resolve as the sources' do.
 */
export const WORKER_BUNDLE_DIR = path.join(projectRoot, 'node_modules/.cache/trackside/check-worker');
/** The bundle's entry file, in the folder named after its content. */
const ENTRY = 'check-worker.mjs';

let bundled: Promise<URL> | undefined;

/**
 * The check worker's entry as a file URL, bundled once per process. Modules the worker imports
 * only when needed (the IFC reader and web-ifc) stay in chunks of their own, so a worker that
 * never reads a model never loads them. The folder is named after the bundle's content: processes
 * running the same sources share it, and one never overwrites a bundle another is running.
 */
export function checkWorkerEntry(): Promise<URL> {
  bundled ??= bundle().catch((error: unknown) => {
    // A failed build (a syntax error while developing) is tried again by the next check.
    bundled = undefined;
    throw error;
  });
  return bundled;
}

async function bundle(): Promise<URL> {
  const result = await build({
    entryPoints: [source],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir: WORKER_BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'silent',
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(path.relative(WORKER_BUNDLE_DIR, file.path)).update(file.contents);
  const dir = path.join(WORKER_BUNDLE_DIR, hash.digest('hex').slice(0, 16));
  if (!existsSync(path.join(dir, ENTRY))) {
    // Written aside and renamed, so that a process starting meanwhile never loads half a bundle.
    const staging = `${dir}.${process.pid}.${Date.now()}.tmp`;
    await mkdir(staging, { recursive: true });
    await Promise.all(result.outputFiles.map((file) => writeFile(path.join(staging, path.relative(WORKER_BUNDLE_DIR, file.path)), file.contents)));
    try {
      await rename(staging, dir);
    } catch (error) {
      // Another process wrote the same bundle first.
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(path.join(dir, ENTRY))) throw error;
    }
  }
  return pathToFileURL(path.join(dir, ENTRY));
}
