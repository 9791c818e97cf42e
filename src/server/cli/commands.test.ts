import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/database';
import { runCommand, type CommandContext } from './commands';

describe('standards:import inside the server', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dir = mkdtempSync(path.join(os.tmpdir(), 'trackside-commands-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // The command does not sign anyone in: auth and keys stay unused.
  const context = (onStandardsImported: () => void) => ({ database, onStandardsImported }) as unknown as CommandContext;

  it('asks the server to embed the new clauses once they are imported', async () => {
    const file = path.join(dir, 'drainage.txt');
    writeFileSync(file, '1.1 Culverts\n(a) Culverts are inspected after every flood.');
    const imported = vi.fn();
    const message = await runCommand(context(imported), 'standards:import', { standard: 'Drainage Code', file });
    expect(message).toMatch(/Drainage Code/);
    expect(imported).toHaveBeenCalledOnce();
  });

  it('does not when nothing was imported', async () => {
    const imported = vi.fn();
    await expect(runCommand(context(imported), 'standards:import', { standard: 'Drainage Code', file: path.join(dir, 'missing') })).rejects.toThrow();
    expect(imported).not.toHaveBeenCalled();
  });
});
