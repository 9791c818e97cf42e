import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';

describe('OpenAPI document', () => {
  const ctx = useTestApp();
  it('describes the content API', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/podcasts/',
        '/api/podcasts/{id}',
        '/api/categories/',
        '/api/knowledge/materials',
        '/api/knowledge/tags/{id}',
        '/podcasts.xml',
      ]),
    );
  });
});
