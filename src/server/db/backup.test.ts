import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { runCommand } from '../cli/commands';
import { insertThread, listThreads } from '../modules/assistant/repository';
import { users } from '../modules/auth/tables';
import { createCategory, listCategories } from '../modules/categories/service';
import { LocalStorageDriver } from '../modules/uploads/storage';
import { testConfig } from '../test/app';
import { restoreEmbedded } from './backup';
import { openConfiguredDatabase } from './open';

/** db:backup and db:restore on the embedded database: users, content, conversations and uploads come back. */
// The embedded database only: the `postgres` project would run the same PGlite test again.
describe.runIf(process.env.TEST_DB !== 'postgres')('backup and restore of the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-backup-'));
  const archive = path.join(mkdtempSync(path.join(os.tmpdir(), 'trackside-archive-')), 'trackside.tar.gz');
  const config = testConfig({ DATA_DIR: dataDir });
  const cover = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(archive), { recursive: true, force: true });
  });

  const open = async () => {
    const database = await openConfiguredDatabase(config);
    await database.migrate();
    const app = await buildApp({ config, database, logger: false, webRoot: '/nonexistent-web-root', mailer: { send: async () => {} } });
    return { database, app };
  };

  it('round-trips users, content, conversations and uploads, keeping what the restore replaced', async () => {
    let { database, app } = await open();
    const engineer = await app.services.auth.createUser('engineer@example.com', 'Correct-Horse-9');
    await insertThread(database.db, { userId: engineer.id, title: 'Rail wear on curves', standard: '49 CFR', discipline: 'Track and Civil' });
    await createCategory(database.db, { name: 'Bridges', description: 'Structures' });
    await new LocalStorageDriver(path.join(dataDir, 'storage')).put('podcasts', 'images/cover.png', Readable.from([cover]), 'image/png');

    // Taken while the "server" holds the database, as the control socket would run it.
    const said = await runCommand({ database, auth: app.services.auth, keys: app.services.keys, config }, 'db:backup', { out: archive });
    expect(said).toMatch(/^Backup written to .*trackside\.tar\.gz \(.* MB: the database and 1 uploaded file\)\.$/);

    // After the backup: a new account, and the conversation deleted.
    await app.services.auth.createUser('later@example.com', 'Correct-Horse-9');
    await database.db.delete(users).where(eq(users.email, 'engineer@example.com'));
    await app.close();
    await database.shutdown();

    const restored = await restoreEmbedded(config, archive);
    expect(restored).toMatch(/^Restored the backup of .* into /);
    expect(restored).toMatch(/kept in .*db\.before-restore-.* and .*storage\.before-restore-/);

    ({ database, app } = await open());
    try {
      const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
      expect(emails).toContain('engineer@example.com');
      expect(emails).not.toContain('later@example.com');
      const [threads, categories] = await Promise.all([listThreads(database.db, engineer.id), listCategories(database.db)]);
      expect(threads.map((t) => t.title)).toEqual(['Rail wear on curves']);
      expect(categories.map((c) => c.name)).toContain('Bridges');
      expect(new Uint8Array(readFileSync(path.join(dataDir, 'storage', 'podcasts', 'images', 'cover.png')))).toEqual(cover);
      expect(readdirSync(dataDir).some((name) => name.startsWith('db.before-restore-'))).toBe(true);
    } finally {
      await app.close();
      await database.shutdown();
    }
  });

  it('refuses a file that is not a backup and changes nothing', async () => {
    const bogus = path.join(path.dirname(archive), 'notes.tar.gz');
    writeFileSync(bogus, 'not an archive');
    const before = readdirSync(dataDir).sort();
    await expect(restoreEmbedded(config, bogus)).rejects.toThrow(`${bogus}: not a Trackside backup`);
    await expect(restoreEmbedded(config, path.join(path.dirname(archive), 'missing.tar.gz'))).rejects.toThrow('no such backup file');
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
  });
});
