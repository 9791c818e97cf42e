import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/database';

describe('GET /api/health', () => {
  const ctx = useTestApp();

  it('answers ok when the database answers', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const database = await openTestDatabase();
    const broken = await createTestApp({}, database);
    await database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'unreachable' });
    await broken.app.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', error: 'This API route does not exist' });
  });
});
