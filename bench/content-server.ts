/**
 * The server side of `npm run bench:content`, in its own process: the Trackside app with a
 * library of realistic size (the demo content with its generated media, then enough further
 * materials and episodes to make a few hundred) on one port, a bare Fastify route on another.
 * Its memory is read by the parent from /proc, or reported here on request elsewhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { readTimeOf } from '../src/shared/schemas/knowledge';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import * as knowledgeRepo from '../src/server/modules/knowledge/repository';
import { seedDemoContent } from '../src/server/modules/knowledge/seed';
import { SEED_MATERIALS } from '../src/server/modules/knowledge/seed-content';
import { SEED_PODCASTS } from '../src/server/modules/podcasts/seed-content';
import * as categoryRepo from '../src/server/modules/categories/repository';
import * as podcastRepo from '../src/server/modules/podcasts/repository';
import { grantAdmin } from '../src/server/modules/roles/service';

const driver = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const databaseUrl = process.argv[3];
const materialCount = Number(process.env.BENCH_MATERIALS ?? 300);
const podcastCount = Number(process.env.BENCH_PODCASTS ?? 100);

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-bench-content-'));
let database: Database;
if (driver === 'postgres') {
  if (!databaseUrl) throw new Error('postgres needs a database URL');
  database = openPostgres(databaseUrl, { max: 10 });
} else {
  database = await openPglite(path.join(tempDir, 'db'));
}
await database.migrate();

const config = loadConfig({ LOG_LEVEL: 'silent', SIGNIN_RATE_LIMIT: '0', PUBLIC_URL: 'http://127.0.0.1', DATA_DIR: tempDir });
const app = await buildApp({ config, database, logger: false, mailer: { send: async () => {} }, webRoot: path.join(tempDir, 'no-web') });
const { db } = database;

// The demo content with its generated covers and audio, then variations of it up to the sizes asked for.
await seedDemoContent(db, undefined, { media: app.uploads });
const categories = new Map((await categoryRepo.listCategories(db)).map((c) => [c.name, c.id]));
const tags = new Map((await knowledgeRepo.listTags(db)).map((t) => [t.name, t.id]));
const seededMaterials = await knowledgeRepo.listMaterials(db, { searchContent: false });
const seededPodcasts = await podcastRepo.listPodcasts(db);
const REGIONS = [
  'Victoria',
  'New South Wales',
  'Queensland',
  'Western Australia',
  'the Northeast Corridor',
  'the Midwest',
  'the Alps',
  'Scandinavia',
  'Ontario',
];
const ANGLES = ['case study', 'lessons learned', 'checklist', 'what changed this year', 'for graduate engineers', 'in practice', 'a second look'];
await db.transaction(async (tx) => {
  for (let i = SEED_MATERIALS.length; i < materialCount; i++) {
    const m = SEED_MATERIALS[i % SEED_MATERIALS.length]!;
    const created = new Date(Date.now() - (i + 1) * 3_600_000);
    const id = await knowledgeRepo.insertMaterial(tx, {
      kind: m.kind,
      title: `${m.title}: ${REGIONS[i % REGIONS.length]}, ${ANGLES[i % ANGLES.length]} (${i})`,
      abstract: m.abstract,
      content: `${m.content}\n\n## Local notes\n\nNotes ${i} for ${REGIONS[i % REGIONS.length]}: network instructions add to the national rules here.`,
      categoryId: categories.get(m.category)!,
      author: m.author,
      readTime: readTimeOf(m.content),
      featured: false,
      imageUrl: seededMaterials[i % seededMaterials.length]?.imageUrl ?? null,
      createdAt: created,
      updatedAt: created,
    });
    await knowledgeRepo.setMaterialTags(
      tx,
      id,
      m.tags.map((t) => tags.get(t)!),
    );
  }
  for (let i = SEED_PODCASTS.length; i < podcastCount; i++) {
    const p = SEED_PODCASTS[i % SEED_PODCASTS.length]!;
    const source = seededPodcasts[i % seededPodcasts.length]?.podcast;
    await podcastRepo.insertPodcast(tx, {
      title: `${p.title}: ${REGIONS[i % REGIONS.length]} (${i})`,
      description: p.description,
      categoryId: categories.get(p.category)!,
      featured: false,
      duration: source?.duration ?? null,
      imageUrl: source?.imageUrl ?? null,
      audioUrl: source?.audioUrl ?? null,
      publishDate: new Date(Date.now() - (p.daysAgo + i * 7) * 86_400_000),
    });
  }
});

const email = `bench-admin-${Date.now()}@example.com`;
const password = 'Bench-Passw0rd';
const admin = await app.services.auth.createUser(email, password);
await grantAdmin(db, admin.id);
const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'ok' }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

process.send?.({
  appAddress,
  bareAddress,
  email,
  password,
  pid: process.pid,
  materials: await knowledgeRepo.countMaterials(db),
  podcasts: await podcastRepo.countPodcasts(db),
});

// Memory sampled from inside, for systems without /proc: peak RSS between 'memory:start' and 'memory:stop'.
let sampler: NodeJS.Timeout | undefined;
let peakRss = 0;
process.on('message', async (message) => {
  if (message === 'gc') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ gc: true, rss: process.memoryUsage.rss() });
  } else if (message === 'memory:start') {
    peakRss = process.memoryUsage.rss();
    sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 20);
    process.send?.({ started: true, rss: peakRss });
  } else if (message === 'memory:stop') {
    clearInterval(sampler);
    process.send?.({ peakRss: Math.max(peakRss, process.memoryUsage.rss()) });
  } else if (message === 'stop') {
    await app.close();
    await bare.close();
    await database.close();
    rmSync(tempDir, { recursive: true, force: true });
    process.exit(0);
  }
});
