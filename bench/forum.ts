/**
 * `npm run bench:forum`: requests/s and latency percentiles of the forum's topic list and
 * search with 10,000 topics and 100,000 replies loaded, beside a bare Fastify route measured
 * in the same run. PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set (a scratch
 * database is made on that server and dropped afterwards), PGlite otherwise. Prints figures;
 * asserts nothing. Goal: p99 under 50 ms at 10 connections on PostgreSQL.
 *
 *   BENCH_SECONDS (default 5)  BENCH_CONNECTIONS (default 10)
 *   BENCH_TOPICS (default 10000)  BENCH_REPLIES (default 100000)
 *
 * The same file is the server process (`--server`), so that load generation does not share
 * the server's event loop.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Database } from '../src/server/db/client';
import { openBenchDatabase, startBenchApp } from './bench-app';
import { withScratchDatabase } from './bench-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const topicCount = Number(process.env.BENCH_TOPICS ?? 10_000);
const replyCount = Number(process.env.BENCH_REPLIES ?? 100_000);

interface Ready {
  appAddress: string;
  bareAddress: string;
  token: string;
  loadSeconds: number;
}

// ── Server process ─────────────────────────────────────────────────────────

const WORDS = [
  'track',
  'geometry',
  'cant',
  'curve',
  'ballast',
  'sleeper',
  'rail',
  'weld',
  'tamping',
  'turnout',
  'crossing',
  'signal',
  'interlocking',
  'axle',
  'counter',
  'balise',
  'etcs',
  'cbtc',
  'overlap',
  'aspect',
  'ohle',
  'contact',
  'wire',
  'pantograph',
  'earthing',
  'bonding',
  'substation',
  'traction',
  'return',
  'isolation',
  'bridge',
  'bearing',
  'culvert',
  'parapet',
  'tunnel',
  'cutting',
  'embankment',
  'drainage',
  'formation',
  'possession',
  'gauge',
  'twist',
  'dip',
  'top',
  'line',
  'alignment',
  'transition',
  'superelevation',
  'deficiency',
  'excess',
  'speed',
  'restriction',
  'buckle',
  'stress',
  'neutral',
  'temperature',
  'thermite',
  'flashbutt',
  'fishplate',
  'insulated',
  'joint',
  'clip',
  'pad',
  'baseplate',
  'chair',
  'spike',
  'shoulder',
  'crib',
  'cess',
  'cesspit',
  'geotextile',
  'subgrade',
  'pumping',
  'mud',
  'slurry',
  'void',
  'hanger',
  'dropper',
  'catenary',
  'registration',
  'cantilever',
  'mast',
  'portal',
  'feeder',
  'breaker',
  'section',
  'insulator',
  'arrester',
  'transformer',
  'rectifier',
  'cable',
  'trough',
  'duct',
  'route',
  'relay',
  'circuit',
  'detection',
  'point',
  'machine',
  'backdrive',
  'lock',
  'heater',
  'gradient',
  'vertical',
  'horizontal',
  'clearance',
  'gauging',
  'kinematic',
  'envelope',
  'structure',
  'platform',
  'edge',
  'coping',
  'stepping',
  'distance',
  'viaduct',
  'abutment',
  'pier',
  'deck',
  'girder',
  'arch',
  'masonry',
  'inspection',
  'survey',
  'lidar',
  'trolley',
  'recording',
  'vehicle',
  'defect',
  'report',
  'maintenance',
  'renewal',
  'handback',
  'planning',
  'access',
  'blockade',
  'shift',
  'worksite',
  'protection',
  'lookout',
  'warning',
];
const TAGS = [
  'track geometry',
  'cwr',
  'switches and crossings',
  'ballast',
  'etcs',
  'axle counters',
  'interlocking',
  'signal sighting',
  'ohle',
  'traction power',
  'bonding',
  'bridges',
  'tunnels',
  'earthworks',
  'drainage',
  'possession planning',
  'standards',
  'careers',
  'renewals',
  'maintenance',
];

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** Bulk-loads authors, topics and replies with set-based SQL (generate_series), then the counters. */
async function loadForum(database: Database): Promise<void> {
  const { db } = database;
  const words = textArray(WORDS);
  const tags = textArray(TAGS);
  const n = WORDS.length;
  await db.execute(sql`insert into users (email, password_hash) select 'bench-author-' || i || '@bench.local', '!disabled' from generate_series(1, 200) i`);
  await db.execute(sql`
    insert into forum_topics (category_id, author_id, title, body, tags, tag_names, text_hash, pinned, views, likes, created_at, last_activity_at)
    select
      (array['track-engineering','signalling','civil-structures','electrical-systems','geotechnical','industry-insights'])[1 + i % 6],
      a.ids[1 + (i * 7) % array_length(a.ids, 1)],
      initcap(w[1 + i % ${n}]) || ' ' || w[1 + (i * 3) % ${n}] || ' and ' || w[1 + (i * 11) % ${n}] || ' on site ' || i,
      array_to_string(array(select w[1 + ((i * 13 + j * 7919 + i * j) % ${n})] from generate_series(1, 60) j), ' '),
      array[t[1 + i % 20], t[1 + (i * 7 + 3) % 20]],
      t[1 + i % 20] || ' ' || t[1 + (i * 7 + 3) % 20],
      md5(i::text),
      i <= 3,
      (i * 7919) % 5000,
      (i * 31) % 40,
      now() - make_interval(mins => i),
      now() - make_interval(mins => i)
    from generate_series(1, ${topicCount}) i,
      (select ${words} as w) ws, (select ${tags} as t) ts,
      (select array_agg(id) as ids from users where email like 'bench-author-%') a`);
  // Four in five topics get replies; the rest stay unanswered.
  await db.execute(sql`
    insert into forum_replies (topic_id, author_id, body, text_hash, likes, created_at)
    select
      tp.ids[1 + (i * 7919) % greatest(1, (array_length(tp.ids, 1) * 4) / 5)],
      a.ids[1 + (i * 13) % array_length(a.ids, 1)],
      array_to_string(array(select w[1 + ((i * 17 + j * 104729 + i * j) % ${n})] from generate_series(1, 30) j), ' '),
      md5('r' || i::text),
      i % 5,
      now() - make_interval(mins => (i * 37) % ${topicCount})
    from generate_series(1, ${replyCount}) i,
      (select ${words} as w) ws,
      (select array_agg(id order by created_at desc) as ids from forum_topics) tp,
      (select array_agg(id) as ids from users where email like 'bench-author-%') a`);
  await db.execute(sql`
    update forum_topics t set replies = r.n, last_activity_at = greatest(t.created_at, r.latest)
    from (select topic_id, count(*)::int as n, max(created_at) as latest from forum_replies where status = 'published' group by topic_id) r
    where r.topic_id = t.id`);
  // What autovacuum does soon after a bulk load: visibility map, GIN pending list, statistics.
  await db.execute(sql`vacuum analyze`);
  // Flush the load's WAL now rather than during the first measurement (needs superuser on PostgreSQL).
  await db.execute(sql`checkpoint`).catch(() => undefined);
}

async function server(driver: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<void> {
  const bench = await openBenchDatabase(driver, databaseUrl, 'bench-forum');
  const { database } = bench;
  const started = performance.now();
  await loadForum(database);
  const loadSeconds = (performance.now() - started) / 1000;

  const { app, email, password } = await startBenchApp(database);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password } });
  const token = signIn.json<{ access_token: string }>().access_token;
  const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'ok' }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  process.send?.({ appAddress, bareAddress, token, loadSeconds } satisfies Ready);
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await app.close();
    await bare.close();
    await bench.dispose();
    process.exit(0);
  });
}

// ── Load generator ────────────────────────────────────────────────────────

interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function startServer(driver: string, databaseUrl?: string) {
  const child = fork(fileURLToPath(import.meta.url), ['--server', driver, ...(databaseUrl ? [databaseUrl] : [])], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready, stop: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).send('stop')) };
}

async function run(driver: 'pglite' | 'postgres', databaseUrl?: string): Promise<void> {
  console.log(`Loading ${topicCount.toLocaleString('en')} topics and ${replyCount.toLocaleString('en')} replies into ${driver}…`);
  const server = startServer(driver, databaseUrl);
  const { appAddress, bareAddress, token, loadSeconds } = await server.ready;
  console.log(`Loaded in ${loadSeconds.toFixed(1)} s; measuring ${seconds} s per target at ${connections} connections.`);
  const auth = { authorization: `Bearer ${token}` };
  const rows: Row[] = [];
  const measure = async (target: string, url: string, headers: Record<string, string> = auth) => {
    await autocannon({ url, connections, duration: 1, headers }); // warm-up of this target
    const r = await autocannon({ url, connections, duration: seconds, headers });
    rows.push({ target, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });
  };

  await measure('bare Fastify route', `${bareAddress}/bare`, {});
  await measure('list: all topics, recent', `${appAddress}/api/forum/topics`);
  await measure('list: category, active, page 3', `${appAddress}/api/forum/topics?category=signalling&sort=active&page=3`);
  await measure('list: unanswered tab, popular', `${appAddress}/api/forum/topics?tab=unanswered&sort=popular`);
  await measure('search: q=pantograph', `${appAddress}/api/forum/topics?q=pantograph`);
  await measure('search: q=track geometry + category', `${appAddress}/api/forum/topics?q=track%20geometry&category=track-engineering`);
  await measure('guest preview', `${appAddress}/api/forum/topics`, {});
  await measure('categories with counts', `${appAddress}/api/forum/categories`, {});
  await server.stop();

  const bare = rows[0]?.rps ?? 1;
  console.log(
    `\n${driver}: ${topicCount.toLocaleString('en')} topics, ${replyCount.toLocaleString('en')} replies; ${connections} connections, ${seconds} s per target\n`,
  );
  console.table(
    rows.map((r) => ({
      target: r.target,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs bare': `${((r.rps / bare) * 100).toFixed(1)} %`,
      errors: r.errors,
    })),
  );
  if (driver === 'postgres') {
    const listAndSearch = rows.filter((r) => r.target.startsWith('list') || r.target.startsWith('search'));
    const worst = Math.max(...listAndSearch.map((r) => r.p99));
    console.log(`Goal p99 < 50 ms for list and search: worst p99 ${worst} ms (${worst < 50 ? 'met' : 'NOT met'}).`);
  }
}

if (process.argv[2] === '--server') {
  await server(process.argv[3] === 'postgres' ? 'postgres' : 'pglite', process.argv[4]);
} else {
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (base) await withScratchDatabase(base, (url) => run('postgres', url), 'trackside_bench_forum');
  else {
    console.log('No TEST_DATABASE_URL or DATABASE_URL: measuring on PGlite (set one to measure PostgreSQL, the goal).');
    await run('pglite');
  }
}
