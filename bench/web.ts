/**
 * `npm run bench:web`: Lighthouse (mobile, its default simulated throttling) on the public
 * pages of the production build, served by the real server, in Debian's Chromium. Prints each
 * page's four category scores, LCP, TBT and CLS, and the gzipped JavaScript and CSS the page
 * loads (own files only). Prints figures; asserts nothing.
 *
 *   BENCH_PAGES (default: the seven public pages /, /about, /pricing, /disciplines, /podcast-library,
 *     /knowledge-hub, /login, and /standards, /community-forum)   CHROMIUM_PATH (default /usr/bin/chromium)
 *   BENCH_RUNS=n measures each page n times and reports the medians (Lighthouse figures are noisy).
 *   BENCH_VERBOSE=1 also lists each page's failing audits.
 *   BENCH_JSON_DIR=dir also writes each page's Lighthouse report (JSON) there.
 *   BENCH_PORT (default 3190) is the port the server listens on, so that two checkouts can bench side by side.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWeb } from '../scripts/build-web';
import { waitForHealth } from './server-health';

const root = path.resolve(import.meta.dirname, '..');
const DEFAULT_PAGES = ['/', '/about', '/pricing', '/disciplines', '/podcast-library', '/knowledge-hub', '/login', '/standards', '/community-forum'];
const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : DEFAULT_PAGES;
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1);
const port = Number(process.env.BENCH_PORT ?? 3190) || 3190;
const origin = `http://127.0.0.1:${port}`;
const GOALS = { score: 95, cls: 0.02, landingJsKb: 150 };

/** gzip -9 size of a same-origin file of the build, as a CDN or our .gz copy would send it. */
function gzippedKb(url: string): number {
  const file = path.join(root, 'dist/web', new URL(url).pathname);
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

console.log('Building the web app…');
await buildWeb(root);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-bench-web-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    STANDARDS_AUTOFETCH: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Bench-Admin-Passw0rd',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

type Row = {
  page: string;
  landed: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  'LCP ms': number;
  'TBT ms': number;
  CLS: number;
  'JS kB gz': number;
  'CSS kB gz': number;
};

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART now and then) is run again. */
async function lighthouseRun(page: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    if (!result.lhr.runtimeError || attempt === 3) return result.lhr;
    console.log(`${page}: Lighthouse failed (${result.lhr.runtimeError.code}); running it again`);
  }
}

async function measure(page: string, run: number): Promise<Row> {
  const lhr = await lighthouseRun(page);
  if (process.env.BENCH_JSON_DIR) {
    mkdirSync(process.env.BENCH_JSON_DIR, { recursive: true });
    const name = page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
    writeFileSync(path.join(process.env.BENCH_JSON_DIR, `${name}${runs > 1 ? `-${run}` : ''}.json`), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  if (process.env.BENCH_VERBOSE) {
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative');
    console.log(`${page}: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join('; ') || 'no failing audits'}`);
  }
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter((r) => r.url.startsWith(origin));
  const sizeOf = (type: string) => requests.filter((r) => r.resourceType === type).reduce((kb, r) => kb + gzippedKb(r.url), 0);
  return {
    page,
    landed: new URL(lhr.finalDisplayedUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    'LCP ms': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    'TBT ms': Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    CLS: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    'JS kB gz': Number(sizeOf('Script').toFixed(1)),
    'CSS kB gz': Number(sizeOf('Stylesheet').toFixed(1)),
  };
}

/** The median of each figure over a page's runs (the lower middle one for an even count). */
function median(page: string, runRows: Row[]): Row {
  const mid = <T>(values: T[], by: (v: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor((values.length - 1) / 2)]!;
  const pick = (key: Exclude<keyof Row, 'page' | 'landed'>) => mid(runRows, (r) => r[key])[key];
  return {
    page,
    landed: runRows[0]!.landed,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    seo: pick('seo'),
    'LCP ms': pick('LCP ms'),
    'TBT ms': pick('TBT ms'),
    CLS: pick('CLS'),
    'JS kB gz': pick('JS kB gz'),
    'CSS kB gz': pick('CSS kB gz'),
  };
}

try {
  await waitForHealth(origin, Date.now() + 180_000, 500);
  const all: Row[] = [];
  const rows: Row[] = [];
  for (const page of pages) {
    const runRows: Row[] = [];
    for (let run = 1; run <= runs; run++) runRows.push(await measure(page, run));
    all.push(...runRows);
    rows.push(median(page, runRows));
  }
  if (runs > 1) {
    console.log('Every run:');
    console.table(all);
    console.log(`Medians of ${runs} runs:`);
  }
  console.table(rows);
  console.log(`Goals: every score ≥ ${GOALS.score} and CLS ≤ ${GOALS.cls}; the landing page loads ≤ ${GOALS.landingJsKb} kB of gzipped JavaScript.`);
  const missed = rows
    .filter((r) => [r.performance, r.accessibility, r['best-practices'], r.seo].some((s) => s < GOALS.score) || r.CLS > GOALS.cls)
    .map((r) => r.page);
  const landing = rows.find((r) => r.page === '/');
  console.log(missed.length ? `Short of the goals: ${missed.join(', ')}` : `All pages at ${GOALS.score} or above, CLS ${GOALS.cls} or below.`);
  if (landing)
    console.log(`Landing page JavaScript: ${landing['JS kB gz']} kB gzipped (${landing['JS kB gz'] <= GOALS.landingJsKb ? 'within' : 'over'} the goal).`);
  if (rows.some((r) => r.landed !== r.page)) console.log('Note: a page whose "landed" differs was redirected (signed-in-only pages go to /login).');
} finally {
  chrome.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
