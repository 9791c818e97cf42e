/**
 * `npm start`: builds what is missing or older than its sources, then runs the server.
 *
 * Plain JavaScript, so that a start with everything built pays for neither tsx nor Vite: tsx
 * transforming the server's modules on every start, and loading Vite only to find the web build
 * up to date, took longer than the server's own start (migrations, seeds, the library). The
 * server runs as an esbuild bundle of its sources (packages stay external, loaded as Node loads
 * them; modules imported on demand stay in chunks of their own). The bundle lives under
 * node_modules/.cache in a folder named after its content, so servers starting side by side share
 * it and none overwrites a bundle another is running.
 *
 * `node scripts/start.mjs --build-only` builds and exits (the end-to-end tests build once, then
 * start several servers).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const webIndex = at('dist/web/index.html');
const webSources = ['src/web', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const serverEntry = at('src/server/main.ts');
const serverSources = ['src/server', 'src/shared', 'package-lock.json', 'tsconfig.json'];
const bundleRoot = at('node_modules/.cache/trackside/server');
/** Names the bundle folder the server runs from; written last, so a half-written bundle is never named. */
const manifest = path.join(bundleRoot, 'current.json');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const newestOf = (sources) => Math.max(...sources.map((s) => newestMtime(at(s))));

function ensureWebBuild() {
  const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
  if (builtAt >= newestOf(webSources)) return;
  console.info(builtAt ? 'Web sources changed; rebuilding the web app…' : 'Building the web app (first start)…');
  const result = spawnSync(process.execPath, ['--import', 'tsx', at('scripts/build-web.ts')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function currentBundle() {
  try {
    const { dir, builtAt } = JSON.parse(readFileSync(manifest, 'utf8'));
    const entry = path.join(bundleRoot, dir, 'main.mjs');
    return existsSync(entry) ? { entry, builtAt } : undefined;
  } catch {
    return undefined;
  }
}

async function ensureServerBundle() {
  const current = currentBundle();
  const changedAt = newestOf(serverSources);
  if (current && current.builtAt >= changedAt) return current.entry;
  const result = await build({
    entryPoints: [serverEntry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir: bundleRoot,
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(path.relative(bundleRoot, file.path)).update(file.contents);
  const dir = hash.digest('hex').slice(0, 16);
  const target = path.join(bundleRoot, dir);
  if (!existsSync(path.join(target, 'main.mjs'))) {
    const staging = `${target}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    for (const file of result.outputFiles) {
      const out = path.join(staging, path.relative(bundleRoot, file.path));
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, file.contents);
    }
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another start wrote the same bundle first.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(path.join(target, 'main.mjs'))) throw error;
    }
  }
  // Sources edited while bundling make the next start build again.
  const written = `${manifest}.${process.pid}.tmp`;
  writeFileSync(written, JSON.stringify({ dir, builtAt: changedAt }));
  renameSync(written, manifest);
  pruneOldBundles(dir);
  return path.join(target, 'main.mjs');
}

/** Bundles a day old go: a server still running one has long loaded what it needs (its IFC chunk aside). */
function pruneOldBundles(keep) {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const entry of readdirSync(bundleRoot, { withFileTypes: true })) {
    const dir = path.join(bundleRoot, entry.name);
    if (entry.isDirectory() && entry.name !== keep && statSync(dir).mtimeMs < dayAgo) rmSync(dir, { recursive: true, force: true });
  }
}

ensureWebBuild();
const entry = await ensureServerBundle();
if (!process.argv.includes('--build-only')) {
  // Stack traces name the TypeScript sources.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(entry).href);
}
