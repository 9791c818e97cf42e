import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../modules/uploads/fixtures';
import { controlSocketPath } from './control-socket';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cliEntry = 'src/server/cli/main.ts';
const serverEntry = 'src/server/main.ts';
const PASSWORD = 'Cli-Password-1';

/** Every variable config.ts reads is dropped from the inherited environment, then set per test. */
const CONFIG_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DB_CONNECT_TIMEOUT_MS',
  'DB_QUERY_TIMEOUT_MS',
  'PUBLIC_URL',
  'LOG_LEVEL',
  'REQUEST_IDLE_TIMEOUT_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'TRUST_PROXY',
  'SIGNUP_ENABLED',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'ACCESS_TOKEN_TTL',
  'RECOVERY_TOKEN_TTL',
  'REFRESH_TOKEN_REUSE_INTERVAL',
  'AUTH_REDIRECT_URLS',
  'SIGNIN_RATE_LIMIT',
  'RECOVER_RATE_LIMIT_SECONDS',
  'REDIS_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'DESIGN_ASSISTANT_URL',
  'KNOWLEDGE_HUB_URL',
  'PODCASTS_URL',
];

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The CLI and the server as real processes on a temporary DATA_DIR (embedded PGlite). */
describe.skipIf(process.env.TEST_DB === 'postgres')('trackside CLI (real processes)', () => {
  let dataDir = '';
  let server: ChildProcess | undefined;
  let serverOutput: Promise<RunResult> | undefined;

  const cli = (...args: string[]) =>
    collect(spawn(process.execPath, ['--import', 'tsx', cliEntry, ...args], { cwd: repoRoot, env: childEnv({ DATA_DIR: dataDir }) }));

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'trackside-cli-'));
  });
  const emptyStandardsDir = () => mkdtempSync(path.join(dataDir, 'standards-'));

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await serverOutput;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an admin on a fresh data directory (migrating it), and refuses the same e-mail twice', async () => {
    const created = await cli('user:create', '--email', 'Admin@Example.com', '--password', PASSWORD, '--admin');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created admin user admin@example\.com \(/);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);

    const again = await cli('user:create', '--email', 'admin@example.com', '--password', PASSWORD);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('A user with this email address has already been registered');
  }, 60_000);

  it('refuses a weak password with the rule it breaks', async () => {
    const weak = await cli('user:create', '--email', 'weak@example.com', '--password', 'short');
    expect(weak.code).not.toBe(0);
    expect(weak.stderr).toContain('--password: Password must be at least 8 characters');
  }, 30_000);

  it('adds to the whitelist, sets a password and a protected-content password', async () => {
    const whitelisted = await cli('whitelist:add', '--email', 'boss@example.com');
    expect(whitelisted.code, whitelisted.stderr).toBe(0);
    expect(whitelisted.stdout).toContain('boss@example.com');

    // Without SMTP_URL an invitation's e-mail, link included, is written to the CLI's output.
    const invited = await cli('user:invite', '--email', 'invitee@example.com');
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stdout).toContain('Invited invitee@example.com: the link, valid 7 days, was written to the log (no SMTP_URL set).');
    expect(invited.stdout).toMatch(/\/api\/auth\/verify\?token=[\w-]+&type=invite&redirect_to=/);

    const reset = await cli('user:set-password', '--email', 'admin@example.com', '--password', 'Cli-Password-2');
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('Password set for admin@example.com');

    const access = await cli('access:set-password', '--resource', 'investor_flyer', '--password', 'Flyer-Secret-1');
    expect(access.code, access.stderr).toBe(0);
    expect(access.stdout).toContain('investor_flyer');
  }, 60_000);

  it('runs commands through the running server, whose HTTP API then knows the new user', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      // No bundled standards: importing the 49 CFR library at start is not what this test is about, and takes a while.
      env: childEnv({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        STANDARDS_DIR: emptyStandardsDir(),
        SHUTDOWN_TIMEOUT_MS: '1000',
      }),
    });
    serverOutput = collect(server);

    const deadline = Date.now() + 30_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      if (server.exitCode !== null) break;
      healthy = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!healthy) throw new Error(`server did not become healthy:\n${(await Promise.race([serverOutput, Promise.resolve(undefined)]))?.stderr ?? ''}`);
    expect(existsSync(controlSocketPath(dataDir))).toBe(true);

    const created = await cli('user:create', '--email', 'live@example.com', '--password', PASSWORD);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created user live@example\.com/);

    const unknown = await cli('access:set-password', '--resource', 'secret_plans', '--password', 'Whatever-123');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('resource must be one of: investor_flyer');

    const signIn = await fetch(`${base}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'live@example.com', password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as { access_token: string; user: { email: string } };
    expect(session.user.email).toBe('live@example.com');

    // The password set offline is the admin's password now; the original one fails.
    const admin = await fetch(`${base}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Cli-Password-2' }),
    });
    expect(admin.status).toBe(200);
    const adminToken = ((await admin.json()) as { access_token: string }).access_token;
    const roles = await fetch(`${base}/api/roles/me`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(await roles.json()).toEqual({ admin: true, whitelisted: false });

    // User administration through the running server: a disabled account's session ends at once.
    const disabled = await cli('user:disable', '--email', 'live@example.com');
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain('live@example.com is disabled; their sessions have ended.');
    expect((await fetch(`${base}/api/auth/user`, { headers: { authorization: `Bearer ${session.access_token}` } })).status).toBe(403);
    const listed = await cli('user:list', '--search', 'live@');
    expect(listed.stdout).toContain('live@example.com  disabled  user  ');

    // A backup while the server holds the database: the server takes it through the control socket.
    const archive = path.join(dataDir, 'backup.tar.gz');
    const backup = await cli('db:backup', '--out', archive);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${archive}`);
    const restoreWhileRunning = await cli('db:restore', '--from', archive);
    expect(restoreWhileRunning.code).not.toBe(0);
    expect(restoreWhileRunning.stderr).toContain('A Trackside server is running');

    // An upload that stalls halfway, then SIGTERM: the shutdown deadline cuts it, and its partial file goes.
    const audioDir = path.join(dataDir, 'storage', 'podcasts', 'audio');
    const boundary = 'trackside-stalled-upload';
    const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stalled.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
    const upload = net.connect(port, '127.0.0.1');
    upload.on('error', () => undefined);
    upload.write(
      `POST /api/uploads/audio HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${adminToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${partHead.length + 10_000_000}\r\n\r\n${partHead}`,
    );
    upload.write(wav(30));
    const partial = () => (existsSync(audioDir) ? readdirSync(audioDir).filter((name) => name.endsWith('.part')) : []);
    await expect.poll(partial, { timeout: 10_000 }).toHaveLength(1);

    const stopping = Date.now();
    server.kill('SIGTERM');
    const exited = await serverOutput;
    expect(exited.code).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(partial()).toEqual([]);
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
    expect(existsSync(path.join(dataDir, '.trackside.lock'))).toBe(false);
    upload.destroy();

    // A restart on the same data directory succeeds at once.
    const restartPort = await freePort();
    const restartBase = `http://127.0.0.1:${restartPort}`;
    server = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: childEnv({ DATA_DIR: dataDir, PORT: String(restartPort), HOST: '127.0.0.1', PUBLIC_URL: restartBase, STANDARDS_DIR: emptyStandardsDir() }),
    });
    serverOutput = collect(server);
    await expect
      .poll(
        () =>
          fetch(`${restartBase}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000, interval: 200 },
      )
      .toBe(200);
    server.kill('SIGTERM');
    expect((await serverOutput).code).toBe(0);
  }, 120_000);
});
