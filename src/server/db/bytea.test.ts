import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { pgliteBytea, queryOne } from './client';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Every byte value, twice, in the middle of a larger buffer: a view with an offset, as a driver's or a parser's bytes often are. */
function bytes(): Uint8Array {
  const whole = new Uint8Array(600);
  for (let i = 0; i < whole.length; i++) whole[i] = (i * 7 + 3) % 256;
  for (let i = 0; i < 512; i++) whole[44 + i] = i % 256;
  return whole.subarray(44, 556);
}

it('stores bytes as a bytea parameter and reads them back unchanged', async () => {
  const value = bytes();
  const row = await queryOne<{ data: Uint8Array; hex: string }>(database.db, sql`select ${value}::bytea as data, encode(${value}::bytea, 'hex') as hex`);
  expect(row?.hex).toBe(Buffer.from(value).toString('hex'));
  expect(Buffer.from(row!.data).equals(Buffer.from(value))).toBe(true);
});

it("writes and reads PostgreSQL's hex format for the embedded database, of a view's own bytes only", () => {
  const value = bytes();
  expect(pgliteBytea.serialize(value.subarray(254, 258))).toBe('\\xfeff0001');
  expect(pgliteBytea.serialize(new Uint8Array(0))).toBe('\\x');
  expect([...pgliteBytea.parse('\\x00ff10')]).toEqual([0, 255, 16]);
  expect(Buffer.from(pgliteBytea.parse(pgliteBytea.serialize(value))).equals(Buffer.from(value))).toBe(true);
});
