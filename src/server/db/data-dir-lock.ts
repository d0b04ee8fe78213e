import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorCode } from '../error-code';

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
    return errorCode(error) === 'EPERM';
  }
}

/** The file's text, or undefined when it is gone. */
function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** A live process other than this one named in the text, if any. */
function liveHolder(text: string): number | undefined {
  const pid = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  // Our own pid in a lock we do not hold is a leftover of an earlier process (a container restart).
  return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid) ? pid : undefined;
}

/** A file in the lock's directory holding our pid, complete before anyone can see it at `path`. */
function withPidFile<T>(path: string, place: (temp: string) => T): T {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, String(process.pid), { flag: 'wx' });
  try {
    return place(temp);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Renamed into place: nothing left to remove.
    }
  }
}

const MAX_TAKEOVER_DEPTH = 8;

/**
 * Makes `path` hold our pid, or returns the live pid that holds it. Creation is a link() of a
 * complete file, so nobody ever reads a half-written lock. A stale lock (its pid is gone) may be
 * replaced only by the one process that first creates the token `<path>.takeover-<stale text>`,
 * and only while the lock still holds that text: two processes that both saw the same stale pid
 * can never both replace it, and one that saw it too late finds the new live holder instead.
 * A token left by a process that died mid-takeover is itself stale and is taken over the same way.
 * See docs/decisions/010-edge-input-origins-and-locks.md.
 */
function acquire(path: string, depth: number): { heldBy?: number } {
  if (depth > MAX_TAKEOVER_DEPTH) throw new Error(`could not lock ${path}: too many abandoned takeovers`);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      withPidFile(path, (temp) => linkSync(temp, path));
      return {};
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const staleText = readOrUndefined(path);
    if (staleText === undefined) continue;
    const holder = liveHolder(staleText);
    if (holder !== undefined) return { heldBy: holder };

    const token = `${path}.takeover-${staleText.replace(/[^0-9]/g, '').slice(0, 20) || 'unreadable'}`;
    const takeover = acquire(token, depth + 1);
    if (takeover.heldBy !== undefined) return takeover;
    try {
      if (readOrUndefined(path) === staleText) {
        withPidFile(path, (temp) => renameSync(temp, path));
        return {};
      }
    } finally {
      unlinkSync(token);
    }
  }
  throw new Error(`could not lock ${path}: it keeps changing`);
}

/**
 * PGlite has no cross-process lock: a second process on the same directory would start and
 * silently lose its writes. This exclusive lock file makes the second opener stop instead.
 * A lock left by a crashed process (its pid is gone) is taken over, by exactly one contender.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'soul-tribe.lock');
  const ownPid = String(process.pid);
  const { heldBy } = acquire(lockPath, 0);
  if (heldBy !== undefined) throw new DataDirInUseError(heldBy, dataDir);
  return {
    release() {
      // Only a process holding `<lock>.takeover-<our pid>` could change the lock, and it needs us dead.
      if (readOrUndefined(lockPath) === ownPid) unlinkSync(lockPath);
    },
  };
}
