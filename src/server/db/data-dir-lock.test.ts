import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const made: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'soul-tribe-lock-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second holder while a live process holds the lock', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(join(dir, 'soul-tribe.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`database in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and releases its own', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'soul-tribe.lock'), '999999999');
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'soul-tribe.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    const again = lockDataDir(dir);
    again.release();
  });
});

describe('lockDataDir after a crash mid-takeover', () => {
  it('takes over a stale lock whose takeover token was left by a process that is gone', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'soul-tribe.lock'), '999999998');
    writeFileSync(join(dir, 'soul-tribe.lock.takeover-999999998'), '999999997');
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'soul-tribe.lock'), 'utf8')).toBe(String(process.pid));
    expect(readdirSync(dir).sort()).toEqual(['soul-tribe.lock']);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports the live process that is taking a stale lock over as the holder', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(join(dir, 'soul-tribe.lock'), '999999998');
      writeFileSync(join(dir, 'soul-tribe.lock.takeover-999999998'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(`database in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });
});
