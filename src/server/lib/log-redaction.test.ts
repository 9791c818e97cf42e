import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase } from '../test/database';
import { testConfig } from '../test/app';
import { redactingLoggerOptions, redactText, redactUrl } from './log-redaction';

describe('log redaction', () => {
  it('replaces credentials in URLs and keeps the rest', () => {
    expect(redactUrl('/api/uploads/documents/a.pdf?access_token=eyJhbGciOi.x.y&download=1')).toBe(
      '/api/uploads/documents/a.pdf?access_token=%5Bredacted%5D&download=1',
    );
    expect(redactUrl('/api/auth/verify?token=abc&type=recovery')).toBe('/api/auth/verify?token=%5Bredacted%5D&type=recovery');
    expect(redactUrl('/api/forum/topics?page=2')).toBe('/api/forum/topics?page=2');
  });

  it('leaves e-mail addresses and statement parameters out of errors', () => {
    const error = Object.assign(
      new Error('Failed query: select * from users where email = $1\nparams: engineer@example.com', {
        cause: new Error('connect ECONNREFUSED 127.0.0.1:5432'),
      }),
      { query: 'select * from users where email = $1', params: ['engineer@example.com'] },
    );
    const logged = JSON.stringify(redactingLoggerOptions.serializers.err(error));
    expect(logged).not.toContain('engineer@example.com');
    expect(logged).toContain('Failed query: select * from users where email = $1');
    expect(redactText('sent to ops.lead+rail@trackside.co.uk')).toBe('sent to [email]');
  });

  it('never writes a bearer token from a document link to the request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logger: { stream },
      webRoot: '/nonexistent-web-root',
      mailer: { send: async () => {} },
    });
    try {
      const token = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
      await app.inject({ method: 'GET', url: `/api/uploads/documents/report.pdf?access_token=${token}` });
      const log = lines.join('');
      expect(log).toContain('/api/uploads/documents/report.pdf?access_token=%5Bredacted%5D');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
