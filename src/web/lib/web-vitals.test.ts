import { describe, expect, it } from 'vitest';
import { vitalSchema } from '../../shared/schemas/vitals';
import { pageOf, toPayload } from './web-vitals';

describe('web vitals payloads', () => {
  it.each([
    ['/', '/'],
    ['/about/', '/about'],
    ['/knowledge-hub/3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f', '/knowledge-hub/:id'],
    ['/community-forum/42', '/community-forum/:id'],
    ['/standards/49%20CFR/213.9', '/standards/49%20CFR/213.9'],
  ])('names the page of %s as %s', (pathname, page) => {
    expect(pageOf(pathname)).toBe(page);
  });

  it('builds what the server accepts', () => {
    const payload = toPayload({ name: 'LCP', value: 1234.5, delta: 1234.5, id: 'v5-1', navigationType: 'navigate' }, '/pricing');
    expect(vitalSchema.parse(payload)).toEqual(payload);
  });
});
