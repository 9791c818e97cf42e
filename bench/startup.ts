/**
 * `npm run bench:startup`: seconds from spawning the server to a healthy server with the whole
 * bundled library, on a fresh data directory (first start: migrations, seeds, the library import)
 * and then on the same one (later starts), as `npm start` runs it (scripts/start.mjs, the bundled
 * server) and, for comparison in the same run, through tsx from the sources.
 *
 *   npm run bench:startup -- --later 5
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { waitForHealth } from './server-health';

const { values } = parseArgs({ options: { later: { type: 'string', default: '5' } } });
const laterRuns = Number(values.later);
const root = path.resolve(import.meta.dirname, '..');
const port = 3900 + Math.floor(Math.random() * 90);
const origin = `http://127.0.0.1:${port}`;

const ways = {
  'npm start (bundled)': ['scripts/start.mjs'],
  'tsx from the sources': ['--import', 'tsx', 'src/server/main.ts'],
} as const;

/** One start: spawn → GET /api/health answers; then a clean stop (SIGTERM) before the next. */
async function timeStart(args: readonly string[], dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STANDARDS_AUTOFETCH: 'false', LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2' },
  });
  try {
    await waitForHealth(origin, Date.now() + 180_000, 20);
    return (performance.now() - started) / 1000;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const rows: Record<string, string | number>[] = [];
console.log(
  `Load average at the start: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (${os.cpus().length} CPUs)`,
);
const runs = Object.entries(ways).map(([way, args]) => ({
  way,
  args,
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'trackside-bench-startup-')),
  first: 0,
  later: [] as number[],
}));
try {
  for (const run of runs) run.first = await timeStart(run.args, run.dataDir);
  // Interleaved, so that the machine's load drifting during the bench weighs on both ways alike.
  for (let i = 0; i < laterRuns; i++) for (const run of runs) run.later.push(await timeStart(run.args, run.dataDir));
} finally {
  for (const run of runs) rmSync(run.dataDir, { recursive: true, force: true });
}
for (const { way, first, later } of runs) {
  later.sort((a, b) => a - b);
  rows.push({
    way,
    'first start s': first.toFixed(2),
    'later p50 s': percentile(later, 50).toFixed(2),
    'later max s': percentile(later, 100).toFixed(2),
    'later runs': later.length,
  });
}
console.table(rows);
console.log(
  `Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
