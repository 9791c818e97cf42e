import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { migrateWhenReachable } from './open';
import { isDatabaseUnavailable, rootCauseMessage } from './pg-errors';

/** An error as Drizzle wraps a driver's: the statement and parameters on top, the cause below. */
const wrapped = (cause: unknown) => new Error('Failed query: select * from users where email = $1\nparams: someone@example.com', { cause });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached or cannot answer in time', () => {
    expect(isDatabaseUnavailable(wrapped(socketError('ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Query read timeout')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })))).toBe(true);
  });

  it('leaves statement errors to the caller', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });

  it('reports the driver’s words without the statement or its parameters', () => {
    const message = rootCauseMessage(wrapped(socketError('ECONNREFUSED')));
    expect(message).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(message).not.toContain('example.com');
  });
});

describe('migrateWhenReachable', () => {
  const databaseFailing = (failures: unknown[]): Database & { attempts: number } => {
    const db = {
      attempts: 0,
      async migrate() {
        const failure = failures[db.attempts];
        db.attempts += 1;
        if (failure) throw failure;
      },
    };
    return db as unknown as Database & { attempts: number };
  };

  it('waits for a database that is not up yet, saying why', async () => {
    const lines: string[] = [];
    const database = databaseFailing([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]);
    await migrateWhenReachable(database, (line) => lines.push(line), 1);
    expect(database.attempts).toBe(3);
    expect(lines).toEqual([
      'Waiting for the database (connect ECONNREFUSED 127.0.0.1:5432); trying again in 0 s',
      'Waiting for the database (connect ECONNREFUSED 127.0.0.1:5432); trying again in 0 s',
    ]);
  });

  it('stops the start on any other failure', async () => {
    const database = databaseFailing([Object.assign(new Error('permission denied for schema public'), { code: '42501' })]);
    await expect(migrateWhenReachable(database, () => undefined, 1)).rejects.toThrow('permission denied');
    expect(database.attempts).toBe(1);
  });
});
