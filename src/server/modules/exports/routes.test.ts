import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { DataExport, DataExportList } from '../../../shared/schemas/account';
import { queryOne, queryRows } from '../../db/client';
import { useTestApp } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';
import { engageWithTopic, seedAccountData } from '../erasure/test-data';
import { createStorageDriver } from '../uploads/service';
import { EXPORT_BUCKET } from './runner';

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code).toBe(code);
}

/** "Download my data": POST/GET /api/auth/account/exports, the download, and the admin's requests for a user. */
describe('data exports', () => {
  const ctx = useTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'trackside-exports-')) });
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  const db = () => ctx().database.db;
  const request = (who: TestUser) => inject({ method: 'POST', url: '/api/auth/account/exports', headers: who.headers });
  const list = (who: TestUser) => inject({ method: 'GET', url: '/api/auth/account/exports', headers: who.headers });
  const download = (who: TestUser | undefined, id: string) =>
    inject({ method: 'GET', url: `/api/auth/account/exports/${id}/download`, headers: who ? who.headers : {} });
  const adminRequest = (who: TestUser, userId: string) => inject({ method: 'POST', url: `/api/auth/admin/users/${userId}/exports`, headers: who.headers });

  async function readyExport(who: TestUser, res = request(who)): Promise<DataExport> {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json<DataExport>().status).toBe('requested');
    await ctx().app.services.exports.idle();
    const exports = (await list(who)).json<DataExportList>().exports;
    const done = exports.find((e) => e.id === answer.json<DataExport>().id);
    expect(done?.status).toBe('ready');
    return done!;
  }

  const unzip = (res: LightMyRequestResponse) => unzipSync(new Uint8Array(res.rawPayload));

  it('prepares a zip of my data in the background: my conversations with citations, checks with the document, forum; nobody else’s', async () => {
    const user = await buildUser(ctx());
    const other = await buildUser(ctx());
    const mine = await seedAccountData(db(), user.id, 'Mine');
    const theirs = await seedAccountData(db(), other.id, 'Theirs');
    await engageWithTopic(db(), user.id, theirs.topicId, 'Mine');
    await db().execute(sql`update checks set status = 'done', stage = 'done', percent = 100, finished_at = now() where id = ${mine.checkId}::uuid`);

    const ready = await readyExport(user);
    expect(ready.bytes).toBeGreaterThan(0);
    expect(new Date(ready.expires_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const res = await download(user, ready.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="?trackside-data-\d{4}-\d{2}-\d{2}\.zip/);
    const files = unzip(res);
    const names = Object.keys(files);
    expect(names).toContain(`conversations/${mine.threadId}.json`);
    expect(names).not.toContain(`conversations/${theirs.threadId}.json`);
    const conversation = JSON.parse(strFromU8(files[`conversations/${mine.threadId}.json`]!)) as { messages: { role: string; citations: unknown }[] };
    expect(conversation.messages.find((m) => m.role === 'assistant')?.citations).toEqual([expect.objectContaining({ standard: 'EN 50126', ref: '6.1' })]);
    expect(strFromU8(files[`checks/${mine.checkId}/Mine.pdf`]!)).toBe('%PDF-Mine');
    // The check's DOCX report, as the checks page downloads it.
    expect(strFromU8(files[`checks/${mine.checkId}/Mine - check report.docx`]!.slice(0, 2))).toBe('PK');
    const account = JSON.parse(strFromU8(files['account.json']!)) as { email: string; full_name: string };
    expect(account).toMatchObject({ email: user.email, full_name: 'Mine Person' });
    expect(strFromU8(files['forum.json']!)).toContain('Mine reply');
    const everything = names.map((n) => strFromU8(files[n]!)).join('\n');
    // The other's topic is named where I replied to it; nothing else of theirs is there.
    for (const theirsOnly of ['Theirs question', 'Theirs answer', 'Theirs Person', 'Theirs topic body', 'Theirs notice', 'Theirs.pdf']) {
      expect(everything).not.toContain(theirsOnly);
    }
    expect(everything).not.toContain(other.email);
  });

  it('lets only the owner or an admin download (404 for anyone else, 401 signed out), 409 when not ready, 404 for a bad id', async () => {
    const user = await buildUser(ctx());
    const other = await buildUser(ctx());
    const admin = await buildUser(ctx(), { admin: true });
    const ready = await readyExport(user);
    expectError(await download(other, ready.id), 404, 'not_found');
    expectError(await download(undefined, ready.id), 401, 'no_authorization');
    expect((await download(admin, ready.id)).statusCode).toBe(200);
    expectError(await download(user, 'not-an-id'), 404, 'not_found');
    const [failed] = await queryRows<{ id: string }>(db(), sql`insert into data_exports (user_id, status) values (${user.id}::uuid, 'failed') returning id`);
    expectError(await download(user, failed!.id), 409, 'conflict');
    await db().execute(sql`update data_exports set expires_at = now() - interval '1 minute' where id = ${ready.id}::uuid`);
    expectError(await download(user, ready.id), 409, 'conflict');
    const downloads = await queryRows(db(), sql`select 1 from audit_log where action = 'data_export_downloaded' and target_user_id = ${user.id}::uuid`);
    expect(downloads).toHaveLength(1);
  });

  it('lets an admin ask for a user’s export (recorded in the audit log); refuses a non-admin (403) and an unknown user (404)', async () => {
    const user = await buildUser(ctx());
    const admin = await buildUser(ctx(), { admin: true });
    await seedAccountData(db(), user.id, 'Asked');
    const res = adminRequest(admin, user.id);
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(202);
    await ctx().app.services.exports.idle();
    const exports = (await inject({ method: 'GET', url: `/api/auth/admin/users/${user.id}/exports`, headers: admin.headers })).json<DataExportList>().exports;
    expect(exports[0]?.status).toBe('ready');
    const zip = unzip(await download(admin, exports[0]!.id));
    expect(strFromU8(zip['account.json']!)).toContain(user.email);
    const entry = await queryOne<{ actor_id: string; details: Record<string, unknown> }>(
      db(),
      sql`select actor_id, details from audit_log where action = 'data_export_requested' and target_user_id = ${user.id}::uuid`,
    );
    expect(entry).toMatchObject({ actor_id: admin.id, details: { by: 'admin' } });
    expectError(await adminRequest(user, admin.id), 403, 'forbidden');
    expectError(await adminRequest(admin, '11111111-1111-4111-8111-111111111111'), 404, 'user_not_found');
  });

  it('answers the pending export when asked again, and refuses a disabled user (403) everything', async () => {
    const user = await buildUser(ctx());
    const admin = await buildUser(ctx(), { admin: true });
    await ctx().app.services.exports.stop();
    try {
      const first = (await request(user)).json<DataExport>();
      const again = await request(user);
      expect(again.statusCode).toBe(202);
      expect(again.json<DataExport>().id).toBe(first.id);
    } finally {
      await ctx().app.services.exports.start();
    }
    await ctx().app.services.exports.idle();
    const ready = (await list(user)).json<DataExportList>().exports[0]!;
    expect(ready.status).toBe('ready');
    await inject({ method: 'PUT', url: `/api/auth/admin/users/${user.id}`, headers: admin.headers, payload: { ban_duration: '876000h' } });
    expect((await request(user)).statusCode).toBe(403);
    expect((await list(user)).statusCode).toBe(403);
    expect((await download(user, ready.id)).statusCode).toBe(403);
    // The admin still gets a disabled user's data.
    expect((await download(admin, ready.id)).statusCode).toBe(200);
  });

  it('resumes an export a dead process left running when the runner starts again', async () => {
    const user = await buildUser(ctx());
    const [left] = await queryRows<{ id: string }>(
      db(),
      sql`insert into data_exports (user_id, requested_by, status, started_at) values (${user.id}::uuid, ${user.id}::uuid, 'running', now() - interval '2 hours') returning id`,
    );
    await ctx().app.services.exports.stop();
    await ctx().app.services.exports.start();
    await ctx().app.services.exports.idle();
    const exports = (await list(user)).json<DataExportList>().exports;
    expect(exports.find((e) => e.id === left!.id)?.status).toBe('ready');
  });

  it('removes the prepared zip when the account is deleted', async () => {
    const user = await buildUser(ctx());
    const ready = await readyExport(user);
    const [row] = await queryRows<{ storage_key: string }>(db(), sql`select storage_key from data_exports where id = ${ready.id}::uuid`);
    const storage = createStorageDriver(ctx().config);
    expect(await storage.exists(EXPORT_BUCKET, row!.storage_key)).toBe(true);
    const res = await inject({ method: 'DELETE', url: '/api/auth/account', headers: user.headers, payload: { password: user.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storage.exists(EXPORT_BUCKET, row!.storage_key)).toBe(false);
  });
});
