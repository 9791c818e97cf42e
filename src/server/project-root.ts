import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root (where package.json, drizzle/ and dist/ are), found from this module
 * wherever it runs: from src/server through tsx, or from the bundle `npm start` runs, which
 * lives under node_modules/.cache (scripts/start.mjs).
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (!dir.split(path.sep).includes('node_modules') && existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
