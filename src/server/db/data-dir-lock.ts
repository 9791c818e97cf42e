import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const LOCK_OPTIONS = { stale: 15_000, update: 5_000 } as const;

/** Lock files this process holds: its own id beside a lock it did not take is a previous life's (a restarted container's pid 1). */
const heldHere = new Set<string>();

/** True when a process with this id runs and holds the lock. */
function holds(pid: number, lockfilePath: string): boolean {
  if (pid === process.pid) return heldHere.has(lockfilePath);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(pidFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite admits one process per data directory. The server and the CLI take this lock
 * before opening it, so a second process fails fast instead of corrupting the database.
 * The holder's process id is kept beside the lock: a lock left by a process that has died
 * (killed, crashed, the container restarted) is taken over at once instead of after it goes stale.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const lockfilePath = path.join(dataDir, '.trackside.lock');
  const pidFile = `${lockfilePath}.pid`;
  const take = async () => {
    const release = await lockfile.lock(dataDir, { lockfilePath, ...LOCK_OPTIONS });
    writeFileSync(pidFile, String(process.pid));
    heldHere.add(lockfilePath);
    return async () => {
      heldHere.delete(lockfilePath);
      rmSync(pidFile, { force: true });
      await release();
    };
  };
  try {
    return await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = holderOf(pidFile);
    if (holder !== undefined && !holds(holder, lockfilePath)) {
      rmSync(lockfilePath, { recursive: true, force: true });
      return take();
    }
    throw new Error(`Another Trackside process is using ${dataDir}.`);
  }
}
