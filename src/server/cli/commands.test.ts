import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages';
import type { Database } from '../db/client';
import { listAudit } from '../modules/auth/audit';
import { useTestApp } from '../test/app';
import { openTestDatabase } from '../test/database';
import { buildUser, uniqueEmail } from '../test/factories';
import { runCommand, type CommandContext, type CommandName } from './commands';

describe('standards:import inside the server', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dir = mkdtempSync(path.join(os.tmpdir(), 'trackside-commands-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // The command does not sign anyone in: auth and keys stay unused.
  const context = (onStandardsImported: () => void) => ({ database, onStandardsImported }) as unknown as CommandContext;

  it('asks the server to embed the new clauses once they are imported', async () => {
    const file = path.join(dir, 'drainage.txt');
    writeFileSync(file, '1.1 Culverts\n(a) Culverts are inspected after every flood.');
    const imported = vi.fn();
    const message = await runCommand(context(imported), 'standards:import', { standard: 'Drainage Code', file });
    expect(message).toMatch(/Drainage Code/);
    expect(imported).toHaveBeenCalledOnce();
  });

  it('does not when nothing was imported', async () => {
    const imported = vi.fn();
    await expect(runCommand(context(imported), 'standards:import', { standard: 'Drainage Code', file: path.join(dir, 'missing') })).rejects.toThrow();
    expect(imported).not.toHaveBeenCalled();
  });
});

describe('user administration commands', () => {
  const ctx = useTestApp();
  const run = (name: CommandName, args: Record<string, unknown>) =>
    runCommand({ database: ctx().database, auth: ctx().app.services.auth, users: ctx().app.services.users, keys: ctx().app.services.keys }, name, args);
  const auditOf = async (email: string) => (await listAudit(ctx().database.db, { page: 1, per_page: 50, filter: email })).entries;

  it('invites, resends and revokes an invitation; lists accounts with their status', async () => {
    const email = uniqueEmail('cli-invite');
    expect(await run('user:invite', { email })).toBe(`Invited ${email}: the link, valid 7 days, was written to the log (no SMTP_URL set).`);
    expect(ctx().mail.at(-1)).toMatchObject({ to: email, subject: 'You have been invited to Trackside' });
    expect(ctx().mail.at(-1)?.text).toContain('An administrator invited you');
    expect(await run('user:invite', { email })).toMatch(/^Invitation sent again/);
    expect(await run('user:list', { search: email })).toMatch(new RegExp(`^${email}  invited  user  -  never signed in\\n1–1 of 1 account\\.$`));
    expect(await run('user:revoke-invite', { email })).toBe(`Invitation of ${email} revoked; its link no longer works.`);
    expect(await run('user:list', { search: email })).toBe(`No account matches "${email}".`);
    const entries = await auditOf(email);
    expect(entries.map((e) => e.action)).toEqual(['invitation_revoked', 'invitation_resent', 'user_invited']);
    expect(entries.every((e) => e.actor_id === null && e.actor_email === null && e.details['via'] === 'cli')).toBe(true);
    await expect(run('user:invite', { email: 'nope' })).rejects.toThrow('--email: Please enter a valid email address');
  });

  it('refuses to revoke an account in use as an invitation; user:delete erases it, recorded without the e-mail', async () => {
    const user = await buildUser(ctx());
    await expect(run('user:revoke-invite', { email: user.email })).rejects.toThrow('is not a pending invitation');
    expect(await run('user:delete', { email: user.email })).toMatch(/deleted with its data/);
    expect(await run('user:list', { search: user.email })).toBe(`No account matches "${user.email}".`);
    expect(await auditOf(user.email)).toEqual([]);
  });

  it('disables and enables, grants and revokes admin, never the last active admin', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const user = await buildUser(ctx());
    expect(await run('user:disable', { email: user.email })).toBe(`${user.email} is disabled; their sessions have ended.`);
    expect(await run('user:list', { search: user.email })).toContain('  disabled  user  ');
    expect(await run('user:enable', { email: user.email })).toBe(`${user.email} is enabled again.`);
    expect(await run('user:grant-admin', { email: user.email })).toBe(`${user.email} is an admin.`);
    expect(await run('user:list', { search: user.email })).toContain('  active  admin  ');
    expect(await run('user:revoke-admin', { email: user.email })).toBe(`${user.email} is no longer an admin.`);
    // `admin` is the only active admin left: neither its role nor its account can go.
    await expect(run('user:revoke-admin', { email: admin.email })).rejects.toThrow(messages.users.lastAdmin);
    await expect(run('user:disable', { email: admin.email })).rejects.toThrow(messages.users.lastAdmin);
    await expect(run('user:disable', { email: uniqueEmail('nobody') })).rejects.toThrow(/^No account for /);
    expect((await auditOf(user.email)).map((e) => e.action)).toEqual(['admin_revoked', 'admin_granted', 'user_enabled', 'user_disabled']);
  });

  it('creates an account and sets its password, both in the audit log, which audit:list shows', async () => {
    const email = uniqueEmail('cli-created');
    expect(await run('user:create', { email, password: 'Cli-Created-1', admin: true })).toMatch(new RegExp(`^Created admin user ${email} \\(`));
    expect(await run('user:list', { search: email })).toContain(`${email}  active  admin  `);
    await expect(run('user:create', { email, password: 'Cli-Created-1' })).rejects.toThrow(messages.users.alreadyRegistered);
    expect(await run('user:set-password', { email, password: 'Cli-Created-2' })).toBe(`Password set for ${email}; their sessions were signed out.`);
    await expect(run('user:set-password', { email: uniqueEmail('nobody'), password: 'Cli-Created-2' })).rejects.toThrow(/^No account for /);
    const entries = await auditOf(email);
    expect(entries.map((e) => e.action)).toEqual(['password_set', 'user_created']);
    expect(entries[1]?.details).toEqual({ via: 'cli', admin: true, password: true, disabled: false });
    const lines = (await run('audit:list', { search: email })).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC  command line  password_set  ${email}$`));
    expect(lines[1]).toContain(`  command line  user_created  ${email}`);
    expect(lines[2]).toBe('1–2 of 2 entries.');
    expect(await run('audit:list', { search: uniqueEmail('nobody') })).toMatch(/^No audit entry names /);
  });

  it('adds to, lists and removes from the Make Me Admin whitelist', async () => {
    const email = uniqueEmail('cli-whitelist');
    await run('whitelist:add', { email });
    expect((await run('whitelist:list', {})).split('\n')).toContain(email);
    expect(await run('whitelist:remove', { email })).toMatch(/is off the admin whitelist/);
    await expect(run('whitelist:remove', { email })).rejects.toThrow(`${email} is not on the admin whitelist.`);
    expect((await auditOf(email)).map((e) => e.action)).toEqual(['whitelist_removed', 'whitelist_added']);
  });
});
