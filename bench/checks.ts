/**
 * `npm run bench:checks`: the document check through the real server, as a user meets it. Starts
 * the server on an empty data directory (the bundled standards imported at start), then again on
 * that data (a later start, as a running server is), uploads each
 * design sample and a generated 100-page design report N times, polls each check until it is done,
 * and prints the time from upload to done (p50, p95) per file, and the server's resident memory
 * before the first upload, at its peak and after the last check, and how fast it answers another request
 * meanwhile. Prints figures; asserts nothing.
 *
 *   BENCH_RUNS (default 5)   checks per file, one after the other
 *   BENCH_SAMPLES (default ../shared/design-samples)   the design samples' folder
 *   BENCH_PORT (default 3195)   the port the server listens on, so that two checkouts can bench side by side
 *   BENCH_DATABASE_URL (default: none, the embedded PGlite)   a PostgreSQL server to run on instead, so the server's memory is measured without the database's
 *   CHROMIUM_PATH (default /usr/bin/chromium)   prints the generated report to PDF (cached in the temp folder)
 *
 * Targets (issue 17): the 100-page document done in ≤ 10 s at p95; memory growth under 200 MB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { detectDocumentType } from '../src/server/modules/checks/readers';
import { CHECK_FILE_TYPES } from '../src/shared/schemas/checks';
import { waitForHealth } from './server-health';

const root = path.resolve(import.meta.dirname, '..');
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5);
const port = Number(process.env.BENCH_PORT ?? 3195) || 3195;
const samplesDir = path.resolve(root, process.env.BENCH_SAMPLES ?? '../shared/design-samples');
const origin = `http://127.0.0.1:${port}`;
const TARGETS = { longDocumentP95Ms: 10_000, memoryGrowthMb: 200 };
const LONG_PAGES = 100;
/** Bumped when the generated report changes, so a stale cached copy is never measured. */
const LONG_VERSION = 3;
const PASSWORD = 'Bench-Checker-Passw0rd';

/** Resident set size of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ── The generated 100-page design report ─────────────────────────────────

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A deterministic pseudo-random sequence, so every run checks the same document. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Place names for the segments, so that no title repeats on most pages (the PDF reader drops running headers). */
const PLACES = ['Amesfield', 'Bellmont', 'Cedar Fork', 'Dunmore', 'Elkhorn', 'Ferris', 'Glenrock', 'Hollis', 'Ivanhoe', 'Juniper', 'Kearney', 'Loma'];

/** Three table layouts in turn, as the curve data of different design packages is written. */
const LAYOUTS = [
  [
    'Curve ID',
    'Begin MP',
    'Degree of curve (chord)',
    'Superelevation Ea (in)',
    'Track class',
    'Design speed freight (mph)',
    'Design speed passenger (mph)',
    'Remarks',
  ],
  ['Curve', 'Milepost', 'Curvature (deg, chord)', 'Curve elevation (in)', 'FRA class', 'Freight speed (mph)', 'Passenger speed (mph)', 'Notes'],
  ['Curve no.', 'MP begin', 'D (chord)', 'Cant Ea (in)', 'Class', 'Max. speed freight (mph)', 'Max. speed passenger (mph)', 'Comment'],
];

/** What a designer notes against a curve; with them no row repeats on most pages (see longReportHtml). */
const REMARKS = [
  '',
  '',
  '',
  'Re-spiral',
  'New CWR',
  'Bridge approach',
  'Realigned',
  'Check clearance',
  'Near crossing',
  'Survey 2026',
  'Tie renewal',
  'Undercut ballast',
  'Slow order lifted',
  'Guard rail',
  'Lubricator',
  'Drainage works',
];

/**
 * A design report as a consultant writes one: per page a numbered section with prose, and a
 * captioned curve table (degree of curve, superelevation, class, speeds, remarks) whose values
 * mostly conform and now and then exceed a limit. Landscape, so that no header cell wraps, and
 * titles, layouts and remarks varied, so that no line stands on most pages: the PDF reader drops
 * such lines as running headers (with digits blanked), which would leave the tables unread.
 */
function longReportHtml(): string {
  const random = sequence(17);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const pages: string[] = [];
  for (let page = 1; page <= LONG_PAGES; page++) {
    const section = page + 1;
    const place = `${PLACES[page % PLACES.length]} ${['North', 'South', 'East', 'West', 'Junction', 'Yard', 'Hill', 'Creek'][page % 8]}`;
    const layout = LAYOUTS[page % LAYOUTS.length]!;
    const trackClass = pick([2, 3, 4, 4, 5]);
    const maxSpeed = { 2: 25, 3: 40, 4: 60, 5: 80 }[trackClass]!;
    const rows: string[] = [];
    for (let r = 1; r <= 12; r++) {
      const degree = pick([0.5, 1, 1.5, 2, 2.5, 3, 4, 5]);
      const elevation = Math.min(8, Math.round((1 + random() * 5) * 4) / 4) + (random() < 0.05 ? 2 : 0);
      const freight = Math.min(maxSpeed + (random() < 0.08 ? 10 : 0), Math.round(Math.sqrt((elevation + 3) / (0.0007 * degree)) / 5) * 5);
      const passenger = Math.min(maxSpeed + 20, Math.round(Math.sqrt((elevation + 4) / (0.0007 * degree)) / 5) * 5);
      const mp = (100 + page + r / 20).toFixed(2);
      const degreeText = `${Math.floor(degree)}°${String(Math.round((degree % 1) * 60)).padStart(2, '0')}'`;
      const cells = [
        `C-${page}-${String(r).padStart(2, '0')}`,
        mp,
        degreeText,
        String(elevation),
        String(trackClass),
        String(freight),
        String(passenger),
        pick(REMARKS),
      ];
      rows.push(`<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`);
    }
    pages.push(`
      <section>
        <h2>${section} ${place}: alignment and curving speeds</h2>
        <p>${section}.1 This section sets out the horizontal alignment between MP ${100 + page}.0 and MP ${101 + page}.0 near ${place}. The
        track is to be maintained to FRA track Class ${trackClass}. Curvature is expressed as the degree of curve on the chord definition, and
        curving speeds are computed from the actual elevation of the outside rail and the cant deficiency of each vehicle type.</p>
        <p>${escape(
          pick([
            'Spirals are designed to AREMA recommendations with the superelevation run off uniformly over each spiral.',
            'Where the curving speed is lower than the maximum authorized speed, a permanent speed restriction will be shown in the timetable.',
            'Ballast, ties and fastenings follow the standard plans of the track and structures department.',
            'The alignment was surveyed by GNSS in January 2026 and tied to the railway control network.',
          ]),
        )} ${escape(
          pick([
            'Drainage at the toe of the embankment will be restored where the survey found ponding.',
            'Two culverts in this length are programmed for relining under a separate contract.',
            'Access for on-track machines is from the grade crossing at the west end.',
          ]),
        )}</p>
        <p class="caption">Table ${section}-1 ${pick(['Curve data', 'Curve schedule', 'Horizontal curves'])}, ${place}</p>
        <table>
          <thead><tr>${layout.map((title) => `<th>${title}</th>`).join('')}</tr></thead>
          <tbody>${rows.join('')}</tbody>
        </table>
        <p>${section}.2 The values in Table ${section}-1 were checked against the track chart of the ${pick(['February', 'March', 'April'])} 2026
        geometry car run near ${place}. Curves whose recorded elevation differs from the design value by more than 1/4 in. will be surfaced
        before the new speeds are put in force.</p>
      </section>`);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { font: 10.5pt Helvetica, Arial, sans-serif; margin: 0; }
    section { page-break-after: always; }
    h2 { font-size: 13pt; } table { border-collapse: collapse; width: 100%; font-size: 9pt; }
    th, td { border: 1px solid #444; padding: 2px 4px; text-align: left; } .caption { font-weight: bold; }
    </style></head><body>
    <h1>Cedar Fork Subdivision: design basis report, volume 2 (curve data)</h1>
    ${pages.join('\n')}
    </body></html>`;
}

/** The 100-page report as a PDF, printed by Chromium once and kept in the temp folder. */
async function longReportPdf(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `trackside-bench-checks-${LONG_PAGES}-pages-v${LONG_VERSION}.pdf`);
  if (existsSync(file)) return readFileSync(file);
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath} to print the report: npx tsx scripts/ensure-chromium.ts installs it`);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(longReportHtml());
    const pdf = await page.pdf({ format: 'Letter', landscape: true, margin: { top: '0.6in', bottom: '0.6in', left: '0.6in', right: '0.6in' } });
    writeFileSync(file, pdf);
    return pdf;
  } finally {
    await browser.close();
  }
}

// ── The server and the checks ─────────────────────────────────────────────

interface Check {
  status: string;
  error: string | null;
  document: { pages?: number };
  summary: { nonConformances: number; conforms: number; needsReview: number };
  findings: unknown[];
}

/** A signed-up account per file: the per-user limit on checks an hour stays a user's, as in production. */
async function signUp(label: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${label}-${Date.now()}@example.com`, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
}

/** Uploads a file and polls its check until it is settled: answers the milliseconds from upload to done. */
async function timeCheck(authorization: string, name: string, data: Buffer): Promise<{ ms: number; check: Check }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const started = performance.now();
  const res = await fetch(`${origin}/api/checks`, { method: 'POST', headers: { authorization }, body: form });
  if (res.status !== 202) throw new Error(`${name}: upload answered ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const check = (await (await fetch(`${origin}/api/checks/${id}`, { headers: { authorization } })).json()) as Check;
    if (check.status === 'done' || check.status === 'failed') return { ms: performance.now() - started, check };
    await new Promise((r) => setTimeout(r, 20));
  }
}

const files: { name: string; data: Buffer }[] = [];
const skipped: string[] = [];
for (const name of readdirSync(samplesDir).sort()) {
  if (/\.(md|json)$/i.test(name)) continue;
  const data = readFileSync(path.join(samplesDir, name));
  const type = detectDocumentType(new Uint8Array(data), name);
  // What the readers cannot read (a type the check refuses) is left out, and said so.
  if ((CHECK_FILE_TYPES as readonly string[]).includes(type)) files.push({ name, data });
  else skipped.push(name);
}
console.log('Generating the 100-page design report (Chromium, cached)…');
files.push({ name: `generated-${LONG_PAGES}-page-report.pdf`, data: await longReportPdf() });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-bench-checks-'));
/** The server on the bench's data directory, as `npm start` runs it. */
function startServer(): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      STANDARDS_AUTOFETCH: 'false',
      SIGNUP_ENABLED: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Bench-Admin-Passw0rd',
      // Embedded PGlite by default (its memory is the server's); BENCH_DATABASE_URL measures on a PostgreSQL server.
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      // As `npm start` runs it (see package.json and the README's "Running in production").
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/*
 * The first start imports the bundled library (5,132 clauses), which leaves the process some
 * hundreds of MB above where it settles once collected: measured from there, a check's memory
 * would hide in that garbage. So the bench starts the server once to import, stops it, and
 * measures a later start on the same data, as a server that has been running is.
 */
const firstStart = startServer();
try {
  await waitForHealth(origin, Date.now() + 180_000, 250);
  console.log(`First start (library imported): ${rssMb(firstStart.pid!).toFixed(0)} MB resident.`);
} finally {
  await stopServer(firstStart);
}
const server = startServer();

try {
  await waitForHealth(origin, Date.now() + 180_000, 250);
  const pid = server.pid!;
  // Settled after the start's own work (migrations checked, the library found unchanged).
  await new Promise((r) => setTimeout(r, 2000));
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 100);
  const rows = [];
  // While the 100-page report is checked: how long the server takes to answer another request.
  const healthMs: number[] = [];
  let probing = false;
  const probe = async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${origin}/api/health`);
      healthMs.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  let probed: Promise<void> = Promise.resolve();
  for (const file of files) {
    if (file === files.at(-1)) {
      probing = true;
      probed = probe();
    }
    const authorization = await signUp(file.name.replace(/\W+/g, '-'));
    const times: number[] = [];
    let last: Check | undefined;
    for (let run = 1; run <= runs; run++) {
      const { ms, check } = await timeCheck(authorization, file.name, file.data);
      if (check.status !== 'done') throw new Error(`${file.name}: the check failed: ${check.error}`);
      times.push(ms);
      last = check;
    }
    rows.push({
      file: file.name,
      KB: Math.round(file.data.length / 1024),
      pages: last?.document.pages ?? '',
      findings: last?.findings.length ?? 0,
      'non-conf.': last?.summary.nonConformances ?? 0,
      'p50 ms': Math.round(percentile(times, 50)),
      'p95 ms': Math.round(percentile(times, 95)),
      'max ms': Math.round(Math.max(...times)),
    });
  }
  probing = false;
  await probed;
  clearInterval(sampler);
  const rssAfter = rssMb(pid);
  // The runner ends an idle worker thread after 30 s: what stays then is the server's own.
  await new Promise((r) => setTimeout(r, 35_000));
  const rssIdle = rssMb(pid);
  console.log(`Time from upload to done, ${runs} run${runs === 1 ? '' : 's'} per file (one check at a time):`);
  console.table(rows);
  if (skipped.length > 0) console.log(`Skipped (a type the check does not read): ${skipped.join(', ')}`);
  console.log(
    `Server RSS: ${rssBefore.toFixed(0)} MB before the first upload, ${rssPeak.toFixed(0)} MB at the peak, ${rssAfter.toFixed(0)} MB after the last check ` +
      `(growth ${(rssAfter - rssBefore).toFixed(0)} MB, peak growth ${(rssPeak - rssBefore).toFixed(0)} MB); ` +
      `${rssIdle.toFixed(0)} MB once the idle worker thread has ended (growth ${(rssIdle - rssBefore).toFixed(0)} MB).`,
  );
  console.log(
    `GET /api/health while the ${LONG_PAGES}-page report was checked: p50 ${percentile(healthMs, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(healthMs, 95).toFixed(0)} ms, max ${Math.max(...healthMs).toFixed(0)} ms (${healthMs.length} requests).`,
  );
  const long = rows.at(-1)!;
  // The peak over the baseline bounds what the checks added; the figure after can fall below the
  // baseline when a collection clears what the start left behind.
  const growth = Math.max(rssPeak, rssAfter) - rssBefore;
  console.log(
    `Targets: the ${LONG_PAGES}-page document ≤ ${TARGETS.longDocumentP95Ms / 1000} s at p95 (${long['p95 ms']} ms: ${long['p95 ms'] <= TARGETS.longDocumentP95Ms ? 'met' : 'missed'}); ` +
      `memory growth < ${TARGETS.memoryGrowthMb} MB (peak over baseline ${growth.toFixed(0)} MB: ${growth < TARGETS.memoryGrowthMb ? 'met' : 'missed'}).`,
  );
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
