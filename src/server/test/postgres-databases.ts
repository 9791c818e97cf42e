import { randomBytes } from 'node:crypto';

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function uniqueDatabaseName(): string {
  return `trackside_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}
