import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StandardDocument, StandardUploadResponse } from '../../../shared/schemas/standards';
import { useTestApp } from '../../test/app';
import { buildUser } from '../../test/factories';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'importers', 'fixtures', name));

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Record<string, string | string[]>, file?: { name: string; data: Buffer | string; field?: string }) {
  const boundary = `----trackside${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, values] of Object.entries(fields)) {
    for (const value of [values].flat())
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('standards admin API', () => {
  const ctx = useTestApp();
  const upload = (headers: Record<string, string>, fields: Record<string, string | string[]>, file?: { name: string; data: Buffer | string; field?: string }) => {
    const body = multipart(fields, file);
    return ctx().app.inject({ method: 'POST', url: '/api/admin/standards/documents', payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const list = async (headers: Record<string, string>) =>
    (await ctx().app.inject({ method: 'GET', url: '/api/admin/standards/documents', headers })).json<StandardDocument[]>();

  it('uploads a document, lists it with its clause count, re-uploads it unchanged and deletes it', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const res = await upload(admin.headers, { standard: 'Metro Trains Melbourne', discipline: 'Track and Civil', edition: 'Rev 2' }, { name: 'track-standard.txt', data: fixture('track-standard.txt') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StandardUploadResponse>()).toEqual({
      file: 'track-standard.txt',
      standard: 'Metro Trains Melbourne',
      results: [{ title: 'track-standard', edition: 'Rev 2', clauses: 7, status: 'imported', otherEditions: [] }],
    });
    const documents = await list(admin.headers);
    const stored = documents.find((d) => d.standard === 'Metro Trains Melbourne');
    expect(stored).toMatchObject({ title: 'track-standard', edition: 'Rev 2', disciplines: ['Track and Civil'], clauseCount: 7, source: 'track-standard.txt' });

    // The clauses are readable through the public API, and the cached lists show them at once.
    const sections = await ctx().app.inject({ method: 'GET', url: `/api/standards/${encodeURIComponent('Metro Trains Melbourne')}/sections` });
    expect(sections.json<{ document: { title: string } }[]>().map((s) => s.document.title)).toContain('track-standard');
    const clause = await ctx().app.inject({ method: 'GET', url: `/api/standards/${encodeURIComponent('Metro Trains Melbourne')}/clauses/${encodeURIComponent('4.2.1(a)')}` });
    expect(clause.statusCode).toBe(200);
    expect(clause.json()).toMatchObject({ heading: 'Rail wear limits', discipline: 'Track and Civil' });

    const again = await upload(admin.headers, { standard: 'Metro Trains Melbourne', discipline: 'Track and Civil', edition: 'Rev 2' }, { name: 'track-standard.txt', data: fixture('track-standard.txt') });
    expect(again.json<StandardUploadResponse>().results[0]?.status).toBe('unchanged');

    const standardsBefore = await ctx().app.inject({ method: 'GET', url: '/api/standards' });
    expect(standardsBefore.json<{ code: string; enabled: boolean }[]>().find((s) => s.code === 'Metro Trains Melbourne')?.enabled).toBe(true);
    const del = await ctx().app.inject({ method: 'DELETE', url: `/api/admin/standards/documents/${stored?.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(204);
    const standardsAfter = await ctx().app.inject({ method: 'GET', url: '/api/standards' });
    expect(standardsAfter.json<{ code: string; enabled: boolean }[]>().find((s) => s.code === 'Metro Trains Melbourne')?.enabled).toBe(false);
    expect((await list(admin.headers)).some((d) => d.id === stored?.id)).toBe(false);
    const gone = await ctx().app.inject({ method: 'DELETE', url: `/api/admin/standards/documents/${stored?.id}`, headers: admin.headers });
    expect(gone.statusCode).toBe(404);
  });

  it('imports eCFR XML and Markdown uploads with a title', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const xml = await upload(admin.headers, { standard: '49 CFR', discipline: 'Track and Civil', edition: '' }, { name: 'part-999.xml', data: fixture('part-999.xml') });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.json<StandardUploadResponse>().results).toEqual([{ title: 'Part 999', edition: 'unspecified', clauses: 7, status: 'imported', otherEditions: [] }]);
    // A document may serve several disciplines: the field repeats, the main one first.
    const disciplines = ['Signaling', 'Operation and Train Controls', 'Signaling'];
    const md = await upload(admin.headers, { standard: 'V/Line', discipline: disciplines, title: 'Signal Guide' }, { name: 'signal-guide.md', data: fixture('signal-guide.md') });
    expect(md.json<StandardUploadResponse>().results[0]).toMatchObject({ title: 'Signal Guide', clauses: 5 });
    expect((await list(admin.headers)).find((d) => d.title === 'Signal Guide')?.disciplines).toEqual(['Signaling', 'Operation and Train Controls']);
  });

  it.each([
    [{ discipline: 'Track and Civil' }, 'Choose the standard this document belongs to'],
    [{ standard: '49 CFR', discipline: 'Plumbing' }, 'Discipline must be one of'],
    [{ standard: 'No Such Standard', discipline: 'Track and Civil' }, 'There is no standard called No Such Standard'],
  ])('rejects bad fields %j', async (fields, message) => {
    const admin = await buildUser(ctx(), { admin: true });
    const res = await upload(admin.headers, fields, { name: 'track-standard.txt', data: fixture('track-standard.txt') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(res.json<{ error: string }>().error).toContain(message);
  });

  it('rejects unreadable files, files without clauses, missing files and non-multipart bodies, storing nothing', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const before = (await list(admin.headers)).length;
    const fields = { standard: 'Eurocode', discipline: 'Structures' };
    const cases: [Record<string, string>, { name: string; data: Buffer | string } | undefined, string][] = [
      [fields, { name: 'letter.txt', data: 'Dear engineer,\nnothing numbered here.' }, 'This file could not be imported: letter.txt: no numbered sections'],
      [fields, { name: 'scan.pdf', data: 'not really a pdf' }, 'scan.pdf: not a readable PDF file'],
      [fields, { name: 'sheet.xlsx', data: 'PK' }, 'sheet.xlsx: unsupported file type'],
      [fields, { name: 'broken.jsonl', data: '{"ref": "1"}\n' }, 'broken.jsonl: line 1'],
      [fields, undefined, 'Choose a file to upload'],
    ];
    for (const [f, file, message] of cases) {
      const res = await upload(admin.headers, f, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(message);
    }
    const json = await ctx().app.inject({ method: 'POST', url: '/api/admin/standards/documents', headers: admin.headers, payload: { standard: 'Eurocode' } });
    expect(json.statusCode).toBe(400);
    expect(json.json<{ error: string }>().error).toContain('multipart/form-data');
    expect(await list(admin.headers)).toHaveLength(before);
  });

  it('refuses files over 20 MB with the spec message', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const res = await upload(admin.headers, { standard: 'Eurocode', discipline: 'Structures' }, { name: 'big.txt', data: Buffer.alloc(20 * 1024 * 1024 + 1, 'a') });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'File is too large. Maximum size is 20MB.', code: 'file_too_large' });
  });

  it('answers a malformed document id as not found, like an unknown one', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    for (const id of ['not-a-uuid', randomUUID()]) {
      const res = await ctx().app.inject({ method: 'DELETE', url: `/api/admin/standards/documents/${id}`, headers: admin.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', error: 'This document does not exist' });
    }
  });

  it('answers 401 signed out and 403 for a signed-in non-admin', async () => {
    const user = await buildUser(ctx());
    const id = randomUUID();
    for (const [headers, status] of [
      [{}, 401],
      [user.headers, 403],
    ] as const) {
      expect((await ctx().app.inject({ method: 'GET', url: '/api/admin/standards/documents', headers })).statusCode).toBe(status);
      expect((await upload(headers, { standard: 'Eurocode', discipline: 'Structures' }, { name: 'a.txt', data: fixture('track-standard.txt') })).statusCode).toBe(status);
      expect((await ctx().app.inject({ method: 'DELETE', url: `/api/admin/standards/documents/${id}`, headers })).statusCode).toBe(status);
    }
    const admin = await buildUser(ctx(), { admin: true });
    expect((await list(admin.headers)).some((d) => d.standard === 'Eurocode')).toBe(false);
  });
});
