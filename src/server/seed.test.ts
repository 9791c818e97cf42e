import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { grantAdmin, isAdmin } from './modules/roles/service';
import { seedInitialAdmin } from './seed';
import { createTestApp, type TestContext } from './test/app';

const ADMIN_EMAIL = 'chief@example.com';
const ADMIN_PASSWORD = 'Initial-Admin-1';

/** The lines seedInitialAdmin logs, by level. */
function recordingLog() {
  const lines: { level: string; line: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, line: String(args.find((a) => typeof a === 'string') ?? '') });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace'), fatal: at('fatal') };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** seedInitialAdmin as main.ts calls it on each start: the configured admin exists whenever no admin does. */
describe('the initial admin', () => {
  const started: { ctx: TestContext; dataDir: string }[] = [];

  afterEach(async () => {
    for (const { ctx, dataDir } of started.splice(0)) {
      await ctx.app.close();
      await ctx.database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  /** An app on a fresh database, its DATA_DIR a scratch directory. */
  const start = async (env: Record<string, string> = { ADMIN_PASSWORD }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-seed-'));
    const ctx = await createTestApp({ ADMIN_EMAIL, DATA_DIR: dataDir, ...env });
    started.push({ ctx, dataDir });
    return ctx;
  };
  const seed = async (c: TestContext) => {
    const { log, lines } = recordingLog();
    await seedInitialAdmin(c.database.db, c.app.services.auth, c.config, log);
    return lines;
  };
  const signsIn = (c: TestContext, email: string, password: string) =>
    c.app.services.auth.signInWithPassword(email, password).then(
      (session) => session.user.id,
      () => undefined,
    );

  it('is created on an empty database from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const c = await start();
    const lines = await seed(c);
    const id = await signsIn(c, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(id).toBeDefined();
    expect(await isAdmin(c.database.db, id ?? '')).toBe(true);
    expect(lines).toEqual([{ level: 'info', line: expect.stringContaining(`Initial admin created: ${ADMIN_EMAIL}`) }]);
  });

  it('is created when accounts exist but none is an admin (user:create before the first start)', async () => {
    const c = await start();
    await c.app.services.auth.createUser('first@example.com', 'First-User-Pass-1');
    const lines = await seed(c);
    const id = await signsIn(c, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(id).toBeDefined();
    expect(await isAdmin(c.database.db, id ?? '')).toBe(true);
    expect(lines).toEqual([{ level: 'info', line: expect.stringContaining(`Initial admin created: ${ADMIN_EMAIL}`) }]);
    expect(lines[0]?.line).toContain('no account had the admin role');
  });

  it('is the existing ADMIN_EMAIL account given the role, its password unchanged', async () => {
    const c = await start();
    const own = 'Own-Password-7';
    const user = await c.app.services.auth.createUser(ADMIN_EMAIL.toUpperCase(), own);
    expect(await isAdmin(c.database.db, user.id)).toBe(false);
    const lines = await seed(c);
    expect(await isAdmin(c.database.db, user.id)).toBe(true);
    expect(await signsIn(c, ADMIN_EMAIL, own)).toBe(user.id);
    expect(await signsIn(c, ADMIN_EMAIL, ADMIN_PASSWORD)).toBeUndefined();
    expect(lines).toEqual([{ level: 'info', line: expect.stringContaining(`${ADMIN_EMAIL} already had an account`) }]);
    expect(lines[0]?.line).toContain('its password is unchanged');
  });

  it('generates, prints and saves a password when ADMIN_PASSWORD is not set, also beside other accounts', async () => {
    const c = await start({});
    await c.app.services.auth.createUser('first@example.com', 'First-User-Pass-1');
    const lines = await seed(c);
    const saved = readFileSync(path.join(c.config.dataDir, 'initial-admin.txt'), 'utf8');
    const password = /password: (\S+)/.exec(saved)?.[1] ?? '';
    expect(saved).toContain(`email: ${ADMIN_EMAIL}`);
    const id = await signsIn(c, ADMIN_EMAIL, password);
    expect(id).toBeDefined();
    expect(await isAdmin(c.database.db, id ?? '')).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.line).toContain(password);
  });

  it('is left alone while any admin exists, and a second start changes nothing', async () => {
    const c = await start();
    const boss = await c.app.services.auth.createUser('boss@example.com', 'Boss-Password-1');
    await grantAdmin(c.database.db, boss.id);
    expect(await seed(c)).toEqual([]);
    expect(await signsIn(c, ADMIN_EMAIL, ADMIN_PASSWORD)).toBeUndefined();

    const fresh = await start();
    expect(await seed(fresh)).toHaveLength(1);
    expect(await seed(fresh)).toEqual([]);
  });
});
