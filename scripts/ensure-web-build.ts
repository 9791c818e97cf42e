/**
 * `npm start` runs this first: builds the web app when dist/web is missing or older than any
 * of its sources, so a fresh clone needs only `npm install && npm start`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildWeb } from './build-web';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));

if (builtAt >= changedAt) {
  console.log('Web app is up to date.');
} else {
  console.log(builtAt ? 'Web sources changed; rebuilding the web app…' : 'Building the web app (first start)…');
  await buildWeb(root);
}
