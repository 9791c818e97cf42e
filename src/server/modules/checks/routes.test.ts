import type { LightMyRequestResponse } from 'fastify';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { checkAuditEntrySchema, checkFindingSchema, checkListSchema, type Check } from '../../../shared/schemas/checks';
import { documentContentSchema } from '../../../shared/schemas/document-content';
import { useTestApp } from '../../test/app';
import { loadBundledCorpus } from '../../test/corpus';
import { buildUser, type TestUser } from '../../test/factories';
import { drawing, text } from './readers/dxf-test-fixtures';
import { MODEL_WITHOUT_ALIGNMENT } from './readers/ifc-test-fixtures';
import { makePdf } from './readers/test-fixtures';
import { CHECK_PARTS, hasSamples, queueCheck, sample, settledCheck, uploadCheck } from './test-support';

const ctx = useTestApp();
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await loadBundledCorpus(ctx().database.db, CHECK_PARTS);
  [owner, other, admin] = await Promise.all([buildUser(ctx()), buildUser(ctx()), buildUser(ctx(), { admin: true })]);
});

function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code, ...(message === undefined ? {} : { error: message }) });
}

const get = (url: string, user: TestUser | null) => ctx().app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const patch = (url: string, user: TestUser | null, payload: unknown) =>
  ctx().app.inject({ method: 'PATCH', url, headers: user?.headers ?? {}, payload: payload as object });

async function checkedSample(name: string, user: TestUser = owner): Promise<Check> {
  const id = await queueCheck(ctx().app, user, { filename: name, data: sample(name) });
  return settledCheck(ctx().app, user, id);
}

async function myCheckIds(user: TestUser): Promise<string[]> {
  const res = await get('/api/checks', user);
  expect(res.statusCode).toBe(200);
  return checkListSchema.parse(res.json()).checks.map((c) => c.id);
}

describe.skipIf(!hasSamples)('checking the design samples through the API', () => {
  it.each([
    ['curve-schedule.csv', 'csv'],
    ['curve-schedule.xlsx', 'xlsx'],
    ['design-basis-report.docx', 'docx'],
    ['design-basis-report.pdf', 'pdf'],
  ] as const)('%s: queued at once, then done with located findings that quote their clause', async (name, type) => {
    const check = await checkedSample(name);
    expect(check).toMatchObject({ status: 'done', error: null, standard: '49 CFR', progress: { stage: 'done', percent: 100 } });
    expect(check.document).toMatchObject({ name, type, bytes: sample(name).length });
    if (type === 'pdf') expect(check.document.pages).toBe(8);
    expect(check.edition).toMatch(/2026-06-17/);
    expect(check.finishedAt).not.toBeNull();
    expect(check.findings.length).toBeGreaterThan(0);
    const { summary } = check;
    expect(summary.nonConformances + summary.conforms + summary.needsReview).toBe(check.findings.length);
    expect(summary.nonConformances).toBeGreaterThan(0);
    for (const finding of check.findings) {
      expect(finding.location.text.length).toBeGreaterThan(0);
      if (type === 'xlsx') expect(finding.location).toMatchObject({ sheet: expect.any(String), cell: expect.stringMatching(/^[A-Z]+\d+$/) });
      if (type === 'csv') expect(finding.location.line).toBeGreaterThan(1);
      if (type === 'pdf') expect(finding.location.page).toBeGreaterThan(0);
      if (finding.verdict === 'non_conformance') {
        expect(finding.requirement).toMatchObject({ standard: '49 CFR', ref: expect.stringMatching(/^2\d\d\.\d+/) });
        expect(finding.requirement!.quote.length).toBeGreaterThan(10);
      }
    }
    const content = await get(`/api/checks/${check.id}/content`, owner);
    expect(content.statusCode).toBe(200);
    const parsed = documentContentSchema.parse(content.json());
    expect(parsed.type).toBe(type);
    // Every finding's source text stands in the content it was read from.
    const texts = JSON.stringify(parsed);
    for (const finding of check.findings.slice(0, 20)) expect(texts).toContain(JSON.stringify(finding.location.text).slice(1, -1));
  });
});

describe('files that cannot be checked', () => {
  it('answers 400 without a file, with a bad standard, or when the body is not multipart', async () => {
    const boundary = '----tracksideNoFile';
    const onlyField = await ctx().app.inject({
      method: 'POST',
      url: '/api/checks',
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="standard"\r\n\r\n49 CFR\r\n--${boundary}--\r\n`,
    });
    expectError(onlyField, 400, ErrorCode.validationFailed, messages.uploads.fileMissing);
    const json = await ctx().app.inject({ method: 'POST', url: '/api/checks', headers: owner.headers, payload: { file: 'curve-schedule.csv' } });
    expectError(json, 400, ErrorCode.validationFailed, messages.uploads.notMultipart);
    const badStandard = await uploadCheck(ctx().app, owner, { filename: 'a.csv', data: Buffer.from('Curve,Speed (mph)\nC1,60\n') }, { standard: 'ISO 9000' });
    expectError(badStandard, 400, ErrorCode.validationFailed);
    expect(badStandard.json().details[0].path).toBe('standard');
    const wrongField = await uploadCheck(ctx().app, owner, { filename: 'a.csv', data: Buffer.from('a,b\n1,2\n'), field: 'document' } as never);
    expectError(wrongField, 400, ErrorCode.validationFailed, messages.uploads.notMultipart);
  });

  it('answers 413 past 20 MB', async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES.documents + 1, 0x41);
    expectError(await uploadCheck(ctx().app, owner, { filename: 'big.csv', data: big }), 413, ErrorCode.fileTooLarge, messages.uploads.documentTooLarge);
  });

  it('refuses DWG, DOC, XLS, binary and empty files by their content with the reader’s words, and stores nothing', async () => {
    const before = await myCheckIds(owner);
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
    const cases: [string, Buffer, string][] = [
      ['site-plan.dwg', Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(500)]), messages.documentReading.dwg],
      ['report.doc', ole2, messages.documentReading.legacyOffice],
      ['schedule.xls', ole2, messages.documentReading.legacyOffice],
      ['photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 1, 2, 3]), messages.documentReading.unsupportedType],
      // A PDF by its name only: what the name says never decides.
      ['renamed.pdf.exe', Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), messages.documentReading.unsupportedType],
    ];
    for (const [filename, data, message] of cases) {
      expectError(await uploadCheck(ctx().app, owner, { filename, data }), 415, ErrorCode.unreadableDocument, message);
    }
    expectError(
      await uploadCheck(ctx().app, owner, { filename: 'empty.csv', data: Buffer.alloc(0) }),
      400,
      ErrorCode.validationFailed,
      messages.documentReading.empty,
    );
    expect(await myCheckIds(owner)).toEqual(before);
  });

  it('fails a scanned PDF with the scanned message, never as "no findings"', async () => {
    const id = await queueCheck(ctx().app, owner, { filename: 'scan.pdf', data: Buffer.from(makePdf([null, null])) });
    const check = await settledCheck(ctx().app, owner, id);
    expect(check).toMatchObject({ status: 'failed', error: messages.documentReading.scannedPdf, findings: [], progress: { stage: 'failed' } });
    expect(check.finishedAt).not.toBeNull();
    expectError(await get(`/api/checks/${id}/content`, owner), 409, ErrorCode.checkNotDone, messages.checks.notDone);
  });

  it('fails a damaged XLSX with the corrupt message', async () => {
    const xlsx = hasSamples ? sample('curve-schedule.xlsx') : Buffer.from(strToU8('PK\u0003\u0004 not a zip'));
    const id = await queueCheck(ctx().app, owner, { filename: 'broken.xlsx', data: xlsx.subarray(0, Math.floor(xlsx.length / 2)) });
    const check = await settledCheck(ctx().app, owner, id);
    expect(check).toMatchObject({ status: 'failed', error: messages.documentReading.corrupt, document: { type: 'xlsx' } });
  });

  it('fails a PDF over the page limit (CHECK_MAX_PAGES, 100 by default) with the limit in words', async () => {
    const pages = Array.from({ length: 101 }, (_, i) => `Page ${i + 1} of the track chart`);
    const id = await queueCheck(ctx().app, owner, { filename: 'long.pdf', data: Buffer.from(makePdf(pages)) });
    const check = await settledCheck(ctx().app, owner, id);
    expect(check).toMatchObject({ status: 'failed', error: messages.documentReading.tooManyPages(101, 100) });
  });
});

describe('who sees which check', () => {
  let ownersCheck: Check;
  beforeAll(async () => {
    const id = await queueCheck(ctx().app, owner, { filename: 'segments.csv', data: Buffer.from('Segment,Track class,Design speed freight (mph)\nS1,3,70\n') });
    ownersCheck = await settledCheck(ctx().app, owner, id);
  });

  it('answers 401 to a signed-out caller on every operation', async () => {
    expectError(await uploadCheck(ctx().app, null, { filename: 'a.csv', data: Buffer.from('a,b\n1,2\n') }), 401, ErrorCode.noAuthorization);
    for (const url of ['/api/checks', `/api/checks/${ownersCheck.id}`, `/api/checks/${ownersCheck.id}/content`]) {
      expectError(await get(url, null), 401, ErrorCode.noAuthorization);
    }
    expectError(await patch(`/api/checks/${ownersCheck.id}/findings/f1`, null, { verdict: 'conforms', note: 'x' }), 401, ErrorCode.noAuthorization);
  });

  it('answers 404 to another user, as for an unknown id, and lists only the caller’s own checks', async () => {
    for (const url of [`/api/checks/${ownersCheck.id}`, `/api/checks/${ownersCheck.id}/content`]) {
      expectError(await get(url, other), 404, ErrorCode.notFound, messages.checks.notFound);
    }
    expectError(await patch(`/api/checks/${ownersCheck.id}/findings/f1`, other, { verdict: 'conforms', note: 'mine now' }), 404, ErrorCode.notFound);
    expectError(await get('/api/checks/00000000-0000-4000-8000-000000000000', owner), 404, ErrorCode.notFound, messages.checks.notFound);
    expectError(await get('/api/checks/not-an-id', owner), 404, ErrorCode.notFound, messages.checks.notFound);
    expect(await myCheckIds(other)).not.toContain(ownersCheck.id);
    const mine = await myCheckIds(owner);
    expect(mine).toContain(ownersCheck.id);
    expectError(await get('/api/checks?scope=all', other), 403, ErrorCode.forbidden);
  });

  it('lists newest first', async () => {
    const res = await get('/api/checks', owner);
    const created = checkListSchema.parse(res.json()).checks.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('lets an admin see every check, with its owner named', async () => {
    const all = checkListSchema.parse((await get('/api/checks?scope=all', admin)).json()).checks;
    expect(all.find((c) => c.id === ownersCheck.id)?.owner).toBe(owner.email.split('@')[0]);
    expect(await myCheckIds(admin)).not.toContain(ownersCheck.id);
    const res = await get(`/api/checks/${ownersCheck.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/checks/${ownersCheck.id}/content`, admin)).statusCode).toBe(200);
  });
});

describe('reviewing findings', () => {
  let check: Check;
  beforeAll(async () => {
    const id = await queueCheck(ctx().app, owner, {
      filename: 'segments.csv',
      data: Buffer.from('Segment,Track class,Design speed freight (mph)\nS1,3,70\nS2,3,40\nS3,2,30\n'),
    });
    check = await settledCheck(ctx().app, owner, id);
    expect(check.status).toBe('done');
    expect(check.findings.length).toBeGreaterThanOrEqual(2);
  });

  it('overrides a verdict with a note, twice, and keeps both in the audit trail in order', async () => {
    const finding = check.findings.find((f) => f.verdict === 'non_conformance') ?? check.findings[0]!;
    const url = `/api/checks/${check.id}/findings/${finding.id}`;
    const first = await patch(url, owner, { verdict: 'needs_review', note: 'Class 3 is disputed; the track chart says class 4.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(checkFindingSchema.parse(first.json())).toMatchObject({
      id: finding.id,
      verdict: finding.verdict,
      reviewer: { verdict: 'needs_review', note: 'Class 3 is disputed; the track chart says class 4.', by: owner.email.split('@')[0] },
    });
    const second = await patch(url, admin, { verdict: 'conforms', note: '  Confirmed class 4 with the roadmaster.  ' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().reviewer).toMatchObject({ verdict: 'conforms', note: 'Confirmed class 4 with the roadmaster.', by: admin.email.split('@')[0] });

    const after = await settledCheck(ctx().app, owner, check.id);
    expect(after.audit.map((a) => checkAuditEntrySchema.parse(a))).toEqual([
      expect.objectContaining({ findingId: finding.id, from: finding.verdict, to: 'needs_review', by: owner.email.split('@')[0] }),
      expect.objectContaining({ findingId: finding.id, from: 'needs_review', to: 'conforms', note: 'Confirmed class 4 with the roadmaster.' }),
    ]);
    expect(after.audit[0]!.at <= after.audit[1]!.at).toBe(true);
    // The summary counts verdicts as they stand now.
    const counted = (c: Check, verdict: string) => c.findings.filter((f) => (f.reviewer?.verdict ?? f.verdict) === verdict).length;
    expect(after.summary).toEqual({
      nonConformances: counted(after, 'non_conformance'),
      conforms: counted(after, 'conforms'),
      needsReview: counted(after, 'needs_review'),
    });
    expect(after.findings.find((f) => f.id === finding.id)?.reviewer?.verdict).toBe('conforms');
  });

  it('applies overrides sent at the same time one after the other', async () => {
    const finding = check.findings[1]!;
    const url = `/api/checks/${check.id}/findings/${finding.id}`;
    const verdicts = ['conforms', 'needs_review', 'non_conformance', 'conforms'] as const;
    const results = await Promise.all(verdicts.map((verdict, i) => patch(url, owner, { verdict, note: `review ${i}` })));
    for (const res of results) expect(res.statusCode).toBe(200);
    const trail = (await settledCheck(ctx().app, owner, check.id)).audit.filter((a) => a.findingId === finding.id);
    expect(trail).toHaveLength(4);
    // Each entry starts where the one before it left.
    expect(trail[0]!.from).toBe(finding.verdict);
    for (let i = 1; i < trail.length; i++) expect(trail[i]!.from).toBe(trail[i - 1]!.to);
  });

  it('answers 400 to an unknown verdict or an empty note, 404 to an unknown finding', async () => {
    const url = `/api/checks/${check.id}/findings/${check.findings[0]!.id}`;
    expectError(await patch(url, owner, { verdict: 'fine', note: 'looks fine' }), 400, ErrorCode.validationFailed);
    expectError(await patch(url, owner, { verdict: 'conforms', note: '   ' }), 400, ErrorCode.validationFailed, 'Say why the verdict is changed');
    expectError(await patch(url, owner, { verdict: 'conforms' }), 400, ErrorCode.validationFailed);
    expectError(
      await patch(`/api/checks/${check.id}/findings/f99999`, owner, { verdict: 'conforms', note: 'x' }),
      404,
      ErrorCode.notFound,
      messages.checks.findingNotFound,
    );
    expectError(await patch(`/api/checks/${check.id}/findings/${'x'.repeat(100)}`, owner, { verdict: 'conforms', note: 'x' }), 404, ErrorCode.notFound);
  });

  it('answers 409 to a review of a check that is not done', async () => {
    const id = await queueCheck(ctx().app, owner, { filename: 'scan.pdf', data: Buffer.from(makePdf([null])) });
    await settledCheck(ctx().app, owner, id);
    expectError(
      await patch(`/api/checks/${id}/findings/f1`, owner, { verdict: 'conforms', note: 'x' }),
      409,
      ErrorCode.checkNotDone,
      messages.checks.notDoneForReview,
    );
  });
});

describe.skipIf(!hasSamples)('the report of a check (GET /api/checks/:id/report.docx)', () => {
  it('is a DOCX whose redline strikes each stated value and inserts the limit, with a comment citing the clause, and counts the reviewer’s override', async () => {
    const check = await checkedSample('curve-schedule.csv');
    const target = check.findings.find((f) => f.verdict === 'conforms')!;
    const reviewed = await patch(`/api/checks/${check.id}/findings/${target.id}`, owner, { verdict: 'non_conformance', note: 'Owner standard is tighter.' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    const res = await get(`/api/checks/${check.id}/report.docx`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe('attachment; filename="curve-schedule - check report.docx"');
    const parts = unzipSync(new Uint8Array(res.rawPayload));
    const body = strFromU8(parts['word/document.xml']!);
    const comments = strFromU8(parts['word/comments.xml']!);
    expect(body.match(/<w:del /g)?.length).toBeGreaterThanOrEqual(check.summary.nonConformances);
    expect(body.match(/<w:ins /g)?.length).toBeGreaterThanOrEqual(check.summary.nonConformances);
    expect(comments).toContain('49 CFR 213.57(a)');
    expect(comments).toContain('Owner standard is tighter.');
    expect(body).toContain(`${check.summary.nonConformances + 1} non-conformances`);
  });

  it('is 409 for a check that did not finish, 404 to another user, 401 without a session', async () => {
    const failed = await queueCheck(ctx().app, owner, { filename: 'scan.pdf', data: Buffer.from(makePdf([null])) });
    await settledCheck(ctx().app, owner, failed);
    expectError(await get(`/api/checks/${failed}/report.docx`, owner), 409, ErrorCode.checkNotDone, messages.checks.notDone);
    const done = await checkedSample('geometry-exceptions.csv');
    expectError(await get(`/api/checks/${done.id}/report.docx`, other), 404, ErrorCode.notFound, messages.checks.notFound);
    expect((await get(`/api/checks/${done.id}/report.docx`, null)).statusCode).toBe(401);
    expect((await get(`/api/checks/${done.id}/report.docx`, admin)).statusCode).toBe(200);
  });
});

describe('IFC alignment models and DXF drawings through the API', () => {
  it.skipIf(!hasSamples)('checks alignment.ifc: findings located by IFC entity, quoting its STEP line', async () => {
    const check = await checkedSample('alignment.ifc');
    expect(check).toMatchObject({ status: 'done', error: null, document: { type: 'ifc' } });
    const nonConforming = check.findings.filter((f) => f.verdict === 'non_conformance');
    expect(nonConforming.map((f) => f.requirement?.ref).sort()).toEqual(['213.57(a)', '213.57(b)', '213.57(b)']);
    for (const finding of check.findings) {
      expect(finding.location.entity).toMatch(/^#\d+$/);
      expect(finding.location.text).toContain(`${finding.location.entity}=`);
    }
  });

  it('checks a DXF drawing’s annotations, each finding at its entity handle', async () => {
    const dxf = drawing(
      text('2A', 'ANNO', 10, 100, `CURVE C-7  D=4%%d30'  Ea=7 1/2"  CLASS 4`) + text('2C', 'ANNO', 10, 80, 'SUPERELEVATION 5 IN., CLASS 4 TRACK'),
    );
    const id = await queueCheck(ctx().app, owner, { filename: 'plan.dxf', data: Buffer.from(dxf) });
    const check = await settledCheck(ctx().app, owner, id);
    expect(check).toMatchObject({ status: 'done', document: { type: 'dxf' } });
    expect(check.findings.map((f) => [f.verdict, f.value, f.requirement?.ref, f.location.entity])).toEqual([
      ['non_conformance', 7.5, '213.57(a)', '2A'],
      ['conforms', 5, '213.57(a)', '2C'],
    ]);
  });

  it('fails a truncated IFC as damaged and a model without an alignment with its reason; refuses a binary DXF at upload', async () => {
    const truncated = hasSamples ? sample('alignment.ifc').subarray(0, 4000) : Buffer.from(MODEL_WITHOUT_ALIGNMENT.slice(0, 400));
    const broken = await settledCheck(ctx().app, owner, await queueCheck(ctx().app, owner, { filename: 'alignment.ifc', data: truncated }));
    expect(broken).toMatchObject({ status: 'failed', error: messages.documentReading.corrupt });
    const empty = await settledCheck(
      ctx().app,
      owner,
      await queueCheck(ctx().app, owner, { filename: 'site.ifc', data: Buffer.from(MODEL_WITHOUT_ALIGNMENT) }),
    );
    expect(empty).toMatchObject({ status: 'failed', error: messages.documentReading.ifcWithoutAlignment });
    const binary = Buffer.concat([Buffer.from('AutoCAD Binary DXF\r\n\u001a\u0000'), Buffer.alloc(256)]);
    expectError(
      await uploadCheck(ctx().app, owner, { filename: 'plan.dxf', data: binary }),
      415,
      ErrorCode.unreadableDocument,
      messages.documentReading.binaryDxf,
    );
  });
});
