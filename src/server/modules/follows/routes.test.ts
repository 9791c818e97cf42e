import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../../shared/schemas/chat';
import type { FollowedStandard, FollowList, NoticeList } from '../../../shared/schemas/notices';
import type { StandardUploadResponse } from '../../../shared/schemas/standards';
import { runCommand } from '../../cli/commands';
import { createTestApp, type TestContext } from '../../test/app';
import { buildUser, type TestUser } from '../../test/factories';
import { derailPosition, yardRules } from '../../test/yard-rules';
import { importCurrentEdition } from '../standards/service';
import { citesClause, refAncestors } from './service';

const STANDARD = 'Yard Rules';
const rev1 = yardRules([derailPosition, { ref: '4.2(a)', section: '4.2', heading: 'Derail colour', text: '(a) Derails shall be painted yellow.' }]);

/** Rev 2 as a JSONL upload: 4.1(a) reworded, 4.2(a) removed, 4.3(a) added, the rest as it was. */
function rev2Jsonl(): string {
  const clauses = yardRules([
    { ...derailPosition, text: '(a) Each derail shall be locked and tagged in the derailing position whenever cars are stored on the siding.' },
    { ref: '4.3(a)', section: '4.3', heading: 'Derail signs', text: '(a) Derail signs shall be reflectorised.' },
  ]).clauses;
  return clauses.map((c) => JSON.stringify({ section: c.section, ref: c.ref, heading: c.heading, text: c.text })).join('\n');
}

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Record<string, string>, file: { name: string; data: string }) {
  const boundary = `----trackside${randomUUID()}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n${file.data}\r\n`,
  );
  parts.push(`--${boundary}--\r\n`);
  return { payload: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('ref matching', () => {
  it('reads a ref as the paragraphs it is part of', () => {
    expect(refAncestors('213.57(h)(1)')).toEqual(['213.57(h)(1)', '213.57(h)', '213.57']);
    expect(refAncestors('SOR/2014-275, s. 12(1)')).toEqual(['SOR/2014-275, s. 12(1)', 'SOR/2014-275, s. 12']);
  });

  it('counts a citation of the clause, of its section or paragraph, or of a paragraph of it, and nothing else', () => {
    const clause = { ref: '213.9(b)', section: '213.9', heading: 'Classes of track' };
    expect(citesClause('213.9(b)', clause)).toBe(true);
    expect(citesClause('213.9', clause)).toBe(true);
    expect(citesClause('213.9(b)(2)', clause)).toBe(true);
    expect(citesClause('213.9(a)', clause)).toBe(false);
    expect(citesClause('213.91', clause)).toBe(false);
  });
});

/** Following a standard and the notices of its new editions, through the API, with e-mail over a real SMTP conversation. */
describe('following a standard', () => {
  const received: { to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SIGNIN_RATE_LIMIT: '1000' }, undefined, { realMailer: true });
    await importCurrentEdition(ctx.database.db, STANDARD, rev1);
    [admin, alice, bob, carol] = await Promise.all([buildUser(ctx, { admin: true }), buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
  });

  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  const inject = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, headers?: Record<string, string>) =>
    ctx.app.inject({ method, url, ...(headers ? { headers } : {}) });
  const follows = `/api/follows/${encodeURIComponent(STANDARD)}`;

  it('asks for a session to follow, list follows or read notices', async () => {
    expect((await inject('PUT', follows)).statusCode).toBe(401);
    expect((await inject('DELETE', follows)).statusCode).toBe(401);
    expect((await inject('GET', '/api/follows')).statusCode).toBe(401);
    expect((await inject('GET', '/api/notices')).statusCode).toBe(401);
    expect((await inject('GET', '/api/notices/unread')).statusCode).toBe(401);
    expect((await inject('POST', `/api/notices/${randomUUID()}/read`)).statusCode).toBe(401);
    expect((await inject('POST', '/api/notices/read-all')).statusCode).toBe(401);
  });

  it('follows and unfollows a standard by code or name; an unknown standard is 404', async () => {
    const res = await inject('PUT', follows, alice.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FollowedStandard>()).toMatchObject({ code: STANDARD, name: STANDARD });
    expect((await inject('PUT', follows, alice.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/follows', alice.headers)).json<FollowList>().standards.map((s) => s.code)).toEqual([STANDARD]);
    expect((await inject('GET', '/api/follows', bob.headers)).json<FollowList>().standards).toEqual([]);

    const unknown = await inject('PUT', '/api/follows/No%20such%20standard', alice.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', error: 'There is no standard called No such standard' });

    expect((await inject('PUT', follows, carol.headers)).statusCode).toBe(200);
    expect((await inject('DELETE', follows, carol.headers)).statusCode).toBe(204);
    expect((await inject('GET', '/api/follows', carol.headers)).json<FollowList>().standards).toEqual([]);
    expect((await inject('PUT', `/api/follows/${encodeURIComponent(STANDARD.toLowerCase())}`, carol.headers)).statusCode).toBe(200);
  });

  it('tells each follower of a new edition which clauses changed and which of their own conversations and checks cited them, in the app and by e-mail', async () => {
    // Alice asks the assistant about derails (the reply cites 4.1(a)) and has a check whose finding cites 4.2(a).
    const chat = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: alice.headers,
      payload: {
        message: 'Must a derail be locked in the derailing position when cars are stored on the siding?',
        selectedStandard: STANDARD,
        discipline: 'Track and Civil',
        chatContext: [],
      },
    });
    expect(chat.statusCode, chat.body).toBe(200);
    const reply = chat.json<ChatResponse>();
    expect(reply.citations.map((c) => c.ref)).toContain('4.1(a)');
    const checkId = randomUUID();
    await ctx.database.db.execute(sql`
      insert into checks (id, user_id, standard, document_name, document_type, document_bytes, status, stage, percent)
      values (${checkId}, ${alice.id}, ${STANDARD}, 'siding-layout.pdf', 'pdf', 1000, 'done', 'done', 100)`);
    const finding = { id: 'f1', verdict: 'non_conformance', requirement: { standard: STANDARD, ref: '4.2(a)', quote: 'painted yellow', limit: 'yellow' } };
    await ctx.database.db.execute(sql`
      insert into check_findings (check_id, finding_id, position, verdict, finding) values (${checkId}, 'f1', 0, 'non_conformance', ${JSON.stringify(finding)}::jsonb)`);
    // Bob asked the same but follows nothing: he is told nothing.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: bob.headers,
      payload: { message: 'Must a derail be locked?', selectedStandard: STANDARD, discipline: 'Track and Civil', chatContext: [] },
    });

    const body = multipart(
      { standard: STANDARD, discipline: 'Track and Civil', edition: 'Rev 2', title: rev1.title },
      { name: 'yard-rules-rev2.jsonl', data: rev2Jsonl() },
    );
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/standards/documents',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json<StandardUploadResponse>().results).toEqual([
      { title: rev1.title, edition: 'Rev 2', clauses: 8, status: 'new-edition', otherEditions: ['Rev 1'] },
    ]);
    await ctx.app.services.editionNotices.idle();

    const mine = (await inject('GET', '/api/notices', alice.headers)).json<NoticeList>();
    expect(mine.unread).toBe(1);
    expect(mine.notices).toHaveLength(1);
    const notice = mine.notices[0]!;
    expect(notice).toMatchObject({ kind: 'edition_change', title: 'Yard Rules Yard rules: a new edition is in force', readAt: null });
    expect(notice.data).toMatchObject({
      standard: STANDARD,
      title: rev1.title,
      fromEdition: 'Rev 1',
      toEdition: 'Rev 2',
      changed: [{ ref: '4.1(a)', section: '4.1', heading: 'Derail position' }],
      removed: [{ ref: '4.2(a)', section: '4.2', heading: 'Derail colour' }],
      added: [{ ref: '4.3(a)', section: '4.3', heading: 'Derail signs' }],
      conversations: [{ id: reply.threadId, refs: ['4.1(a)'] }],
      checks: [{ id: checkId, name: 'siding-layout.pdf', refs: ['4.2(a)'] }],
    });
    expect(notice.body).toContain('Changed clauses: 4.1(a).');
    expect(notice.body).toContain('Your document checks that cited them: “siding-layout.pdf” (4.2(a)).');

    // Carol follows too but cited nothing; Bob follows nothing.
    const carols = (await inject('GET', '/api/notices', carol.headers)).json<NoticeList>();
    expect(carols.notices.map((n) => n.data)).toMatchObject([{ conversations: [], checks: [] }]);
    expect(carols.notices[0]?.body).toContain('None of your conversations or document checks cited these clauses.');
    expect((await inject('GET', '/api/notices', bob.headers)).json<NoticeList>()).toEqual({ notices: [], unread: 0 });

    // One e-mail each to Alice and Carol, naming the clauses and Alice's check.
    expect(received.map((m) => m.to).sort()).toEqual([[alice.email], [carol.email]].sort());
    const toAlice = received.find((m) => m.to.includes(alice.email))!.data.replace(/=\r?\n/g, '');
    expect(toAlice).toContain('Subject: Trackside: Yard Rules Yard rules: a new edition is in force');
    expect(toAlice).toContain('siding-layout.pdf');
    expect(toAlice).toContain('http://trackside.test/notices');

    // Announced once: another run tells nobody again.
    await ctx.app.services.editionNotices.schedule();
    expect((await inject('GET', '/api/notices', alice.headers)).json<NoticeList>().notices).toHaveLength(1);
    expect(received).toHaveLength(2);
  });

  it("marks a user's own notices read, and never shows or touches another's", async () => {
    const [alices] = (await inject('GET', '/api/notices', alice.headers)).json<NoticeList>().notices;
    const [carols] = (await inject('GET', '/api/notices', carol.headers)).json<NoticeList>().notices;
    expect(alices && carols && alices.id !== carols.id).toBe(true);

    expect((await inject('POST', `/api/notices/${carols!.id}/read`, alice.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/api/notices/${carols!.id}/read`, bob.headers)).statusCode).toBe(404);
    expect((await inject('POST', '/api/notices/not-an-id/read', alice.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/api/notices/unread', carol.headers)).json()).toEqual({ unread: 1 });

    expect((await inject('POST', `/api/notices/${alices!.id}/read`, alice.headers)).statusCode).toBe(204);
    expect((await inject('POST', `/api/notices/${alices!.id}/read`, alice.headers)).statusCode).toBe(204);
    expect((await inject('GET', '/api/notices/unread', alice.headers)).json()).toEqual({ unread: 0 });
    expect((await inject('GET', '/api/notices', alice.headers)).json<NoticeList>().notices[0]?.readAt).not.toBeNull();

    expect((await inject('POST', '/api/notices/read-all', carol.headers)).statusCode).toBe(204);
    expect((await inject('GET', '/api/notices/unread', carol.headers)).json()).toEqual({ unread: 0 });
  });

  it('tells followers of an edition imported by the CLI too', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'trackside-editions-'));
    try {
      const file = path.join(folder, 'yard-rules-rev3.jsonl');
      await writeFile(file, rev2Jsonl().replace('reflectorised', 'reflectorised and lit'));
      const output = await runCommand(
        { database: ctx.database, auth: ctx.app.services.auth, keys: ctx.app.services.keys, config: ctx.config },
        'standards:import',
        { standard: STANDARD, file, edition: 'Rev 3', title: rev1.title },
      );
      expect(output).toContain('Yard rules (Rev 3): new-edition, 8 clauses; in force now, Rev 2 kept as an older edition');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const [latest] = (await inject('GET', '/api/notices', alice.headers)).json<NoticeList>().notices;
    expect(latest?.data).toMatchObject({
      fromEdition: 'Rev 2',
      toEdition: 'Rev 3',
      changed: [{ ref: '4.3(a)' }],
      removed: [],
      added: [],
      conversations: [],
      checks: [],
    });
    expect((await inject('GET', '/api/notices/unread', alice.headers)).json()).toEqual({ unread: 1 });
  });
});
