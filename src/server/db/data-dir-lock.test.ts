import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

describe('the data-directory lock', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const scratch = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'trackside-lock-'));
    dirs.push(dir);
    return dir;
  };

  it('refuses a second holder while the first lives, and frees the directory on release', async () => {
    const dir = scratch();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`Another Trackside process is using ${dir}.`);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over at once a lock whose holder has died', async () => {
    const dir = scratch();
    // A lock as a killed process leaves it: fresh (not yet stale), held by a process id that no longer runs.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    // proper-lockfile's lock is a directory whose mtime says it is fresh; made here, not by a lock of
    // this process, whose update timer would find it taken over and throw later in the worker.
    mkdirSync(path.join(dir, '.trackside.lock'));
    writeFileSync(path.join(dir, '.trackside.lock.pid'), String(deadPid));
    const started = performance.now();
    const takenOver = await lockDataDir(dir);
    expect(performance.now() - started).toBeLessThan(1000);
    await takenOver();
  });
});
