/**
 * `npm run bench:soak`: mixed traffic at a bounded rate against Trackside on the embedded
 * database and (when one answers) PostgreSQL — public lists, the signed-in profile, token
 * refreshes, forum reads, standards and questions to the assistant — printing errors by status,
 * p50/p99 per route and the server's RSS at start (after warm-up), middle and end. Asserts
 * nothing. Goal: no 5xx, RSS within ±10 % of the start after warm-up.
 *
 *   BENCH_SECONDS (default 600 per database)  BENCH_RATE (requests/s, default 40)
 *   BENCH_USERS (default 20)  BENCH_DATABASE_URL (default the local PostgreSQL when it answers)
 *   BENCH_DATABASES (default "pglite,postgres": which of the two to soak, in that order)
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { withBenchDatabase } from './bench-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 600);
const rate = Number(process.env.BENCH_RATE ?? 40);
const userCount = Number(process.env.BENCH_USERS ?? 20);
const WARM_UP_SECONDS = Math.min(30, Math.round(seconds / 10));

const QUESTIONS = [
  'What is the maximum speed for freight trains on class 3 track?',
  'How often must a grade crossing warning system be tested?',
  'What is the minimum number of crossties per 39 feet of class 2 track?',
  'When must a locomotive be given a periodic inspection?',
  'How often must a railroad bridge be inspected?',
];

interface User {
  email: string;
  access: string;
  refresh: string;
}

interface Sample {
  route: string;
  status: number;
  ms: number;
}

type Action = { route: string; weight: number; run: (base: string, user: User) => Promise<Response> };

const json = { 'content-type': 'application/json' };
const bearer = (user: User) => ({ authorization: `Bearer ${user.access}` });

/** The mix: mostly reading, some signed-in calls, a few refreshes and questions (chat is limited to 30 a minute per user). */
const ACTIONS: Action[] = [
  { route: 'GET /api/health', weight: 1, run: (b) => fetch(`${b}/api/health`) },
  { route: 'GET /api/podcasts', weight: 3, run: (b) => fetch(`${b}/api/podcasts`) },
  { route: 'GET /api/knowledge/materials', weight: 3, run: (b) => fetch(`${b}/api/knowledge/materials`) },
  { route: 'GET /api/forum/topics', weight: 4, run: (b, u) => fetch(`${b}/api/forum/topics?sort=recent`, { headers: bearer(u) }) },
  { route: 'GET /api/forum/search', weight: 1, run: (b) => fetch(`${b}/api/forum/topics?q=rail%20wear`) },
  { route: 'GET /api/standards', weight: 2, run: (b) => fetch(`${b}/api/standards`) },
  { route: 'GET /api/profiles/me', weight: 3, run: (b, u) => fetch(`${b}/api/profiles/me`, { headers: bearer(u) }) },
  { route: 'GET /api/chat/threads', weight: 1, run: (b, u) => fetch(`${b}/api/chat/threads`, { headers: bearer(u) }) },
  {
    route: 'POST /api/chat',
    weight: 1,
    run: (b, u) =>
      fetch(`${b}/api/chat`, {
        method: 'POST',
        headers: { ...json, ...bearer(u) },
        body: JSON.stringify({
          message: QUESTIONS[Math.floor(Math.random() * QUESTIONS.length)],
          selectedStandard: '49 CFR',
          discipline: 'Track and Civil',
          chatContext: [],
        }),
      }),
  },
  {
    route: 'POST /api/auth/token (refresh)',
    weight: 1,
    run: async (b, u) => {
      const res = await fetch(`${b}/api/auth/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ refresh_token: u.refresh }),
      });
      if (res.ok) {
        const session = (await res.clone().json()) as { access_token: string; refresh_token: string };
        u.access = session.access_token;
        u.refresh = session.refresh_token;
      }
      return res;
    },
  },
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, a) => sum + a.weight, 0);

function pick(): Action {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const action of ACTIONS) {
    r -= action.weight;
    if (r < 0) return action;
  }
  return ACTIONS[0] as Action;
}

function startServer(driver: string, databaseUrl?: string) {
  const child = fork(path.join(import.meta.dirname, 'soak-server.ts'), [driver, ...(databaseUrl ? [databaseUrl] : [])], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<{ address: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { address: string }));
    child.once('exit', (code) => reject(new Error(`soak server exited with ${code}`)));
  });
  const rss = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { rss: number }).rss));
      child.send('rss');
    });
  return { ready, rss, stop: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).send('stop')) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

async function soak(driver: string, databaseUrl?: string): Promise<void> {
  const server = startServer(driver, databaseUrl);
  const { address } = await server.ready;
  const users = await createUsers(address);
  const samples: Sample[] = [];
  const rss: { at: string; bytes: number }[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  let next = started;
  let inFlight = 0;
  let sampledStart = false;
  let sampledMiddle = false;
  const pending = new Set<Promise<void>>();

  while (performance.now() < end) {
    const elapsed = (performance.now() - started) / 1000;
    if (!sampledStart && elapsed >= WARM_UP_SECONDS) {
      sampledStart = true;
      rss.push({ at: `start (${WARM_UP_SECONDS} s)`, bytes: await server.rss() });
    }
    if (!sampledMiddle && elapsed >= seconds / 2) {
      sampledMiddle = true;
      rss.push({ at: `middle (${Math.round(seconds / 2)} s)`, bytes: await server.rss() });
    }
    const action = pick();
    const user = users[Math.floor(Math.random() * users.length)] as User;
    const t0 = performance.now();
    inFlight += 1;
    const request = action
      .run(address, user)
      .then(async (res) => {
        await res.arrayBuffer();
        samples.push({ route: action.route, status: res.status, ms: performance.now() - t0 });
      })
      .catch(() => void samples.push({ route: action.route, status: 0, ms: performance.now() - t0 }))
      .finally(() => {
        inFlight -= 1;
        pending.delete(request);
      });
    pending.add(request);
    next += 1000 / rate;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(pending);
  rss.push({ at: `end (${seconds} s)`, bytes: await server.rss() });
  await server.stop();
  report(driver, samples, rss, inFlight);
}

/** The soak's users, signed up (the soak server enables sign-up). */
async function createUsers(address: string): Promise<User[]> {
  const users: User[] = [];
  for (let i = 0; i < userCount; i++) {
    const res = await fetch(`${address}/api/auth/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: `soak-${Date.now()}-${i}@example.com`, password: 'Soak-Passw0rd1' }),
    });
    if (!res.ok) throw new Error(`sign-up for the soak failed: ${res.status} ${await res.text()}`);
    const session = (await res.json()) as { access_token: string; refresh_token: string; user: { email: string } };
    users.push({ email: session.user.email, access: session.access_token, refresh: session.refresh_token });
  }
  return users;
}

function report(driver: string, samples: Sample[], rss: { at: string; bytes: number }[], stillInFlight: number): void {
  const byStatus = new Map<number, number>();
  for (const s of samples) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  console.log(
    `\n${driver}: ${samples.length} requests in ${seconds} s at ${rate}/s, ${userCount} users${stillInFlight ? `, ${stillInFlight} unfinished` : ''}`,
  );
  console.log(
    `status: ${[...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status === 0 ? 'network error' : status} × ${n}`)
      .join(', ')}`,
  );
  const routes = [...new Set(samples.map((s) => s.route))].sort();
  console.table(
    routes.map((route) => {
      const mine = samples.filter((s) => s.route === route);
      const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
      return {
        route,
        requests: mine.length,
        'p50 ms': Math.round(percentile(ms, 50) * 10) / 10,
        'p99 ms': Math.round(percentile(ms, 99) * 10) / 10,
        '5xx': mine.filter((s) => s.status >= 500).length,
        other: mine.filter((s) => s.status === 0 || (s.status >= 400 && s.status < 500)).length,
      };
    }),
  );
  const [first] = rss;
  console.table(
    rss.map((r) => ({ at: r.at, rss: mb(r.bytes), 'vs start': first ? `${Math.round(((r.bytes - first.bytes) / first.bytes) * 1000) / 10} %` : '' })),
  );
}

const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
if (databases.includes('pglite')) await soak('pglite');
if (databases.includes('postgres')) await withBenchDatabase((url) => soak('postgres', url));
