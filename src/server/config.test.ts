import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('names the setting when an entry of AUTH_REDIRECT_URLS is not a URL, and keeps the origins of those that are', () => {
    expect(() => loadConfig({ AUTH_REDIRECT_URLS: 'https://app.example.com, app.example.org' })).toThrow(
      /AUTH_REDIRECT_URLS: each comma-separated entry must be an absolute URL/,
    );
    expect(loadConfig({ AUTH_REDIRECT_URLS: 'https://app.example.com/reset, http://localhost:5173 ,' }).redirectOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
  });

  it('stops on a partly configured model endpoint, naming what is missing, as it does for S3', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3' })).toThrow(
      /LLM_\*: set all of LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, or none \(missing LLM_API_KEY\)/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'trackside' })).toThrow(/S3_\*: .*missing S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_API_KEY: 'k', LLM_MODEL: 'llama3' }).llm?.model).toBe('llama3');
    expect(loadConfig({}).llm).toBeNull();
  });

  it('lists every incomplete group at once', () => {
    expect(() => loadConfig({ LLM_API_KEY: 'k', EMBEDDING_MODEL: 'm' })).toThrow(/LLM_\*[\s\S]*EMBEDDING_\*/);
  });

  it('reads TRUST_PROXY as a hop count or trusted addresses, never as "any"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: the number of proxies/);
  });

  it('has database timeouts and the refresh-token reuse interval, each configurable', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 5000, queryMs: 10_000 });
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_QUERY_TIMEOUT_MS: '3000' }).databaseTimeouts).toEqual({ connectMs: 2000, queryMs: 3000 });
    expect(loadConfig({}).refreshTokenReuseSeconds).toBe(10);
    expect(loadConfig({ REFRESH_TOKEN_REUSE_INTERVAL: '0' }).refreshTokenReuseSeconds).toBe(0);
  });
});
