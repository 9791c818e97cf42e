import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { buildUser } from '../test/factories';

describe('id parameters', () => {
  const ctx = useTestApp();

  it('answer 404 with the resource’s message when they cannot name a record, before any service runs', async () => {
    const user = await buildUser(ctx());
    const cases: [string, string][] = [
      ['/api/podcasts/not-an-id', 'Podcast not found'],
      ['/api/categories/not-an-id', 'Category not found'],
      ['/api/knowledge/materials/not-an-id', 'Knowledge material not found'],
      ['/api/knowledge/tags/not-an-id', 'Tag not found'],
      ['/api/forum/topics/not-an-id', 'Topic not found'],
      ['/api/chat/threads/not-an-id', 'This conversation does not exist'],
    ];
    for (const [url, error] of cases) {
      const res = await ctx().app.inject({ method: 'GET', url, headers: user.headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not_found', error });
    }
  });

  it('still answer 400 for a malformed parameter that is not an id', async () => {
    const admin = await buildUser(ctx(), { admin: true });
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/forum/moderation/post/6f1c2d1e-8a53-4c39-9a0e-0c2a4b7b3b11/approve',
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', error: "Kind must be 'topic' or 'reply'" });
  });
});
