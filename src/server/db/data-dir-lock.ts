import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(`database in use by process ${pid} (DATA_DIR ${dataDir}); stop it first or use another DATA_DIR`);
    this.name = 'DataDirInUseError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process lock: a second process on the same directory would start and
 * silently lose its writes. This exclusive lock file makes the second opener stop instead.
 * A lock left by a crashed process (its pid is gone) is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'soul-tribe.lock');
  const ownPid = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, ownPid, { flag: 'wx' });
      return {
        release() {
          try {
            if (readFileSync(lockPath, 'utf8') === ownPid) unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirInUseError(holder, dataDir);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
