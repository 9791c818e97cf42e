import { describe, expect, it } from 'vitest';
import { designAssistantUrl } from './design-assistant-url';

const session = { access_token: 'eyJ.a+b/c', refresh_token: 'r&t=1', token_type: 'bearer' as const, expires_in: 3600, expires_at: 1_900_000_000 };

describe('designAssistantUrl', () => {
  it('puts the tokens in the fragment, encoded, and never in the query', () => {
    const url = new URL(designAssistantUrl('https://design.example.com/app?lang=en', session));
    expect(url.origin + url.pathname).toBe('https://design.example.com/app');
    expect(url.search).toBe('?lang=en');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('access_token')).toBe('eyJ.a+b/c');
    expect(fragment.get('refresh_token')).toBe('r&t=1');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('expires_at')).toBe('1900000000');
    expect(url.search).not.toContain('token');
  });

  it('replaces a fragment the configured address had', () => {
    const url = designAssistantUrl('https://design.example.com/#/start', session);
    expect(url.startsWith('https://design.example.com/#access_token=')).toBe(true);
    expect(url).not.toContain('/start');
  });
});
