/**
 * `npm run bench:content`: requests/s and latency of the podcast list (GET /api/podcasts) and a
 * Knowledge Hub search (GET /api/knowledge/materials?q=…, as a guest) beside a bare Fastify
 * route in the same run, on a library of a few hundred materials and a hundred episodes; then
 * the server's memory growth while an 80 MB audio file streams to POST /api/uploads/audio.
 * On PGlite, and on PostgreSQL too when one answers. Prints figures; asserts nothing.
 *
 *   BENCH_SECONDS per target and round (default 2)  BENCH_ROUNDS (default 5)  BENCH_CONNECTIONS (default 10)
 *   BENCH_MATERIALS (default 300)  BENCH_PODCASTS (default 100)
 *   BENCH_SEARCH (default "track geometry inspection")
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres when it answers)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { UPLOAD_MAX_BYTES } from '../src/shared/constants';
import { withBenchDatabase } from './bench-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const search = process.env.BENCH_SEARCH ?? 'track geometry inspection';
const MB = 1024 * 1024;
const GOAL_RATIO = 0.4;
const GOAL_UPLOAD_GROWTH_MB = 64;

interface Ready {
  appAddress: string;
  bareAddress: string;
  email: string;
  password: string;
  pid: number;
  materials: number;
  podcasts: number;
}

interface Row {
  database: string;
  target: string;
  /** Medians over the rounds. */
  rps: number;
  ratio: number;
  p50: number;
  p99: number;
  errors: number;
  bytesPerResponse: number;
  /** Server CPU time per request (null where /proc is missing). */
  cpuMicrosPerRequest: number | null;
  /** CPU time of this process (autocannon, the load generator) per request. */
  loadCpuMicrosPerRequest: number;
}

interface UploadFigures {
  database: string;
  status: number;
  seconds: number;
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  method: string;
}

function startServer(driver: string, databaseUrl?: string) {
  const child = fork(path.join(import.meta.dirname, 'content-server.ts'), [driver, ...(databaseUrl ? [databaseUrl] : [])], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, ready, stop: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).send('stop')) };
}

/** Sends a message to the server process and waits for its answer. */
function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
}

/**
 * autocannon keeps every response body as a string (for its expectBody/verifyBody checks, unused
 * here), decoding each chunk as UTF-8: ~10 ns a byte for a compressed (binary) body, against ~1
 * for plain ASCII JSON. It made autocannon spend ~57 µs of CPU per 4 KB compressed podcast list
 * (22 without that copy; 16 for the bare route), more than the server spent answering it, so on
 * a machine where the load generator shares the server's cores the list's req/s measured
 * autocannon's string decoding rather than the server. Bodies are still received in full and
 * their bytes counted; only that copy is skipped, for every target alike (the bare route's
 * included). Throws if autocannon's internals change.
 */
function discardBodies(client: autocannon.Client): void {
  const queue = (client as unknown as { pipelinedRequests: { addBody: (data: Buffer) => void } }).pipelinedRequests;
  queue.addBody = () => {};
}

const measure = (url: string, options: Partial<autocannon.Options> = {}) =>
  autocannon({ url, connections, duration: seconds, setupClient: discardBodies, ...options });

/** Resident set size of a process in bytes from /proc (Linux), or null elsewhere. */
function procRss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets a process's peak RSS (VmHWM) so that it measures from now; false where that is not possible. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A valid WAV header for `total` bytes of file, then a quiet tone, produced chunk by chunk. */
function* wavChunks(total: number): Generator<Buffer> {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(total - 8, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(22_050, 24);
  header.writeUInt32LE(44_100, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(total - 44, 40);
  yield header;
  const chunk = Buffer.alloc(64 * 1024);
  for (let i = 0; i < chunk.length / 2; i++) chunk.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / 22_050)), i * 2);
  let left = total - 44;
  while (left > 0) {
    const n = Math.min(left, chunk.length);
    yield n === chunk.length ? chunk : chunk.subarray(0, n);
    left -= n;
  }
}

/** Streams an `size`-byte WAV as multipart to POST /api/uploads/audio; resolves with the status. */
function uploadAudio(appAddress: string, token: string, size: number): Promise<number> {
  const boundary = `----trackside-bench-${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(`${appAddress}/api/uploads/audio`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    void (async () => {
      const write = (b: Buffer) => (request.write(b) ? Promise.resolve() : new Promise<void>((r) => request.once('drain', () => r())));
      await write(head);
      for (const chunk of wavChunks(size)) await write(chunk);
      request.end(tail);
    })().catch(reject);
  });
}

async function measureUpload(database: string, server: ReturnType<typeof startServer>, ready: Ready, token: string): Promise<UploadFigures> {
  await ask(server.child, 'gc');
  const viaProc = procRss(ready.pid) !== null && resetPeakRss(ready.pid);
  const started = await ask<{ rss: number }>(server.child, 'memory:start');
  const baseline = viaProc ? (procRss(ready.pid) ?? started.rss) : started.rss;
  let peak = baseline;
  const sampler = viaProc ? setInterval(() => (peak = Math.max(peak, procRss(ready.pid) ?? 0)), 20) : undefined;
  const t0 = performance.now();
  const status = await uploadAudio(ready.appAddress, token, UPLOAD_MAX_BYTES.audio);
  const elapsed = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const inside = await ask<{ peakRss: number }>(server.child, 'memory:stop');
  peak = Math.max(peak, inside.peakRss, viaProc ? (procRss(ready.pid, 'VmHWM') ?? 0) : 0);
  return {
    database,
    status,
    seconds: elapsed,
    baselineMb: baseline / MB,
    peakMb: peak / MB,
    growthMb: (peak - baseline) / MB,
    method: viaProc ? '/proc VmRSS every 20 ms + VmHWM' : 'process.memoryUsage every 20 ms',
  };
}

/** CPU time (user + system) a process has used so far, in microseconds, from /proc; null elsewhere. */
function procCpuMicros(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100); // clock ticks of 10 ms
  } catch {
    return null;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

interface Target {
  name: string;
  url: string;
  options?: Partial<autocannon.Options>;
}

async function benchDriver(driver: string, databaseUrl?: string): Promise<{ rows: Row[]; upload: UploadFigures; ready: Ready }> {
  const server = startServer(driver, databaseUrl);
  const ready = await server.ready;
  const signIn = await fetch(`${ready.appAddress}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ready.email, password: ready.password }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };

  const listUrl = `${ready.appAddress}/api/podcasts`;
  const searchUrl = `${ready.appAddress}/api/knowledge/materials?q=${encodeURIComponent(search)}`;
  // As a browser asks (gzip accepted), then without compression.
  const browser = { headers: { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' } };
  const targets: Target[] = [
    { name: 'bare Fastify route', url: `${ready.bareAddress}/bare` },
    { name: 'podcast list, GET /api/podcasts (browser, gzip)', url: listUrl, options: browser },
    { name: 'hub search, GET /api/knowledge/materials?q=… (guest browser, gzip)', url: searchUrl, options: browser },
    { name: 'podcast list (no compression)', url: listUrl },
    { name: 'hub search (guest, no compression)', url: searchUrl },
  ];
  // Warm-up: JIT, the database's caches, connections.
  for (const t of targets) await measure(t.url, { ...t.options, duration: 1 });

  // Rounds that take every target in turn, so that a burst of other work on the machine
  // lands on all of them alike; ratios are taken against the bare route of the same round.
  const runs = targets.map(() => [] as { result: autocannon.Result; cpuMicros: number | null; loadCpuMicros: number; ratio: number }[]);
  for (let round = 0; round < rounds; round++) {
    let bareRps = 0;
    for (const [i, t] of targets.entries()) {
      const cpu0 = procCpuMicros(ready.pid);
      const load0 = process.cpuUsage();
      const result = await measure(t.url, t.options);
      const load = process.cpuUsage(load0);
      const cpu1 = procCpuMicros(ready.pid);
      if (i === 0) bareRps = result.requests.average;
      runs[i]?.push({
        result,
        cpuMicros: cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null,
        loadCpuMicros: load.user + load.system,
        ratio: result.requests.average / bareRps,
      });
    }
  }
  const rows: Row[] = targets.map((t, i) => {
    const r = runs[i] ?? [];
    const requests = r.reduce((n, x) => n + x.result.requests.total, 0);
    const cpu = r.every((x) => x.cpuMicros !== null) ? r.reduce((n, x) => n + (x.cpuMicros ?? 0), 0) : null;
    return {
      database: driver,
      target: t.name,
      rps: median(r.map((x) => x.result.requests.average)),
      ratio: median(r.map((x) => x.ratio)),
      p50: median(r.map((x) => x.result.latency.p50)),
      p99: median(r.map((x) => x.result.latency.p99)),
      errors: r.reduce((n, x) => n + x.result.errors + x.result.non2xx, 0),
      bytesPerResponse: r.reduce((n, x) => n + x.result.throughput.total, 0) / Math.max(1, requests),
      cpuMicrosPerRequest: cpu === null ? null : cpu / Math.max(1, requests),
      loadCpuMicrosPerRequest: r.reduce((n, x) => n + x.loadCpuMicros, 0) / Math.max(1, requests),
    };
  });

  const upload = await measureUpload(driver, server, ready, token);
  await server.stop();
  return { rows, upload, ready };
}

const results = [await benchDriver('pglite')];
const pg = await withBenchDatabase((url) => benchDriver('postgres', url));
if (pg) results.push(pg);

/**
 * The goal is judged as browsers ask (compression accepted). Uncompressed answers (44–71 kB
 * each) are printed for reference: receiving them costs the load generator, on the same cores,
 * more CPU than the server spends sending them, so their ratio measures autocannon.
 */
const isReference = (target: string) => target.includes('no compression');

const first = results[0]!.ready;
console.log(
  `\n${connections} connections, ${rounds} rounds of ${seconds} s per target (medians; ratios against the bare route of the same round); ` +
    `${first.podcasts} podcasts, ${first.materials} knowledge materials; search "${search}". ` +
    `'vs bare, by CPU' is the bare route's server CPU per request over the target's: the ratio when the server, not the load generator, is the limit. ` +
    `'load gen CPU µs/req' is this process's (autocannon's) CPU per request: it shares the machine's cores with the server (response bodies are ` +
    `received and counted but not kept as strings: see discardBodies).\n`,
);
const rows = results.flatMap((r) => r.rows);
const bareCpu = new Map(rows.filter((r) => r.target.startsWith('bare')).map((r) => [r.database, r.cpuMicrosPerRequest]));
console.table(
  rows.map((r) => {
    const isBare = r.target.startsWith('bare');
    return {
      database: r.database,
      target: r.target,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'KB/resp': Number((r.bytesPerResponse / 1024).toFixed(1)),
      'server CPU µs/req': r.cpuMicrosPerRequest === null ? '–' : Math.round(r.cpuMicrosPerRequest),
      'vs bare': `${Math.round(r.ratio * 100)} %`,
      'load gen CPU µs/req': Math.round(r.loadCpuMicrosPerRequest),
      'vs bare, by CPU':
        bareCpu.get(r.database) && r.cpuMicrosPerRequest ? `${Math.round(((bareCpu.get(r.database) ?? 0) / r.cpuMicrosPerRequest) * 100)} %` : '–',
      goal: isBare ? '' : isReference(r.target) ? 'for reference' : `≥ ${GOAL_RATIO * 100} % ${r.ratio >= GOAL_RATIO ? 'met' : 'MISSED'}`,
      errors: r.errors,
    };
  }),
);

console.log(`\nServer memory while an 80 MB (${UPLOAD_MAX_BYTES.audio} bytes) WAV streams to POST /api/uploads/audio as an admin:\n`);
console.table(
  results.map(({ upload: u }) => ({
    database: u.database,
    status: u.status,
    seconds: Number(u.seconds.toFixed(2)),
    'MB/s': Math.round(UPLOAD_MAX_BYTES.audio / MB / u.seconds),
    'RSS before MB': Math.round(u.baselineMb),
    'RSS peak MB': Math.round(u.peakMb),
    'growth MB': Number(u.growthMb.toFixed(1)),
    goal: `< ${GOAL_UPLOAD_GROWTH_MB} MB ${u.growthMb < GOAL_UPLOAD_GROWTH_MB && u.status === 201 ? 'met' : 'MISSED'}`,
    measured: u.method,
  })),
);
