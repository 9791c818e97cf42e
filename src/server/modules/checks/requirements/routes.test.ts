import { beforeAll, describe, expect, it } from 'vitest';
import { requirementsResponseSchema, type RequirementsResponse } from '../../../../shared/schemas/requirements';
import { useTestApp } from '../../../test/app';
import { loadBundledCorpus } from '../../../test/corpus';
import { buildUser } from '../../../test/factories';

describe('GET /api/requirements', () => {
  const ctx = useTestApp();
  beforeAll(async () => {
    await loadBundledCorpus(ctx().database.db, ['213', '214', '234']); // no Part 237: its requirements are reported disabled
  });
  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'GET', url, headers });

  it('gives an admin every requirement as verified now, with the report, and filters them', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const res = await get('/api/requirements', admin.headers);
    expect(res.statusCode).toBe(200);
    const body = requirementsResponseSchema.parse(res.json());
    expect(body.requirements).toHaveLength(body.report.total);
    expect(body.report.enabled).toBeGreaterThanOrEqual(80);
    expect(body.report.byPart['237']).toMatchObject({ enabled: 0 });
    expect(body.report.disabledRequirements.every((d) => d.ref.startsWith('237.') && d.reason.endsWith('is not in the library'))).toBe(true);

    const disabled = (await get('/api/requirements?status=disabled', admin.headers)).json<RequirementsResponse>();
    expect(disabled.requirements.length).toBe(body.report.disabled);
    expect(disabled.requirements.every((r) => r.status === 'disabled' && r.disabledReason && r.verifiedIn === null)).toBe(true);

    const speeds = (await get('/api/requirements?part=213&parameter=max_operating_speed&status=enabled', admin.headers)).json<RequirementsResponse>();
    expect(speeds.requirements.map((r) => r.ref)).toEqual([...Array<string>(11).fill('213.9(a)'), ...Array<string>(4).fill('213.307(a)')]);
  });

  it('rejects bad filters with 400', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    for (const query of ['status=maybe', 'part=two-thirteen', 'parameter=colour', 'unknown=1']) {
      const res = await get(`/api/requirements?${query}`, admin.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('answers 401 signed out and 403 to a user who is not an admin', async () => {
    expect((await get('/api/requirements')).statusCode).toBe(401);
    const user = await buildUser(ctx());
    expect((await get('/api/requirements', user.headers)).statusCode).toBe(403);
  });
});
