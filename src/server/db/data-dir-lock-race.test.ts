import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WORKER = fileURLToPath(new URL('../../../tests/unit/data-dir-lock-worker.ts', import.meta.url));
const CONTENDERS = 3;
const ROUNDS = 150;
// A pid no live process has (above the Linux maximum of 2^22).
const DEAD_PID = '999999999';

type Reply = { type: 'ready' } | { type: 'released' } | { type: 'result'; isWinner: boolean; message?: string };

function nextReply(child: ChildProcess, type: Reply['type']): Promise<Reply> {
  return new Promise((resolve) => {
    const listener = (message: Reply) => {
      if (message.type !== type) return;
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
  });
}

let workers: ChildProcess[] = [];
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'soul-tribe-lock-race-'));
  workers = Array.from({ length: CONTENDERS }, () =>
    fork(WORKER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  await Promise.all(workers.map((w) => nextReply(w, 'ready')));
}, 30_000);

afterAll(() => {
  for (const w of workers) w.kill();
  rmSync(root, { recursive: true, force: true });
});

describe('lockDataDir across processes', () => {
  it('lets exactly one of several processes take over a stale lock, every round', async () => {
    const winnersPerRound: number[] = [];
    const otherFailures: unknown[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const dir = mkdtempSync(join(root, 'round-'));
      writeFileSync(join(dir, 'soul-tribe.lock'), DEAD_PID);
      const startAt = Date.now() + 15;
      const results = workers.map((w) => nextReply(w, 'result'));
      for (const w of workers) w.send({ type: 'race', dir, startAt });
      const replies = (await Promise.all(results)) as Extract<Reply, { type: 'result' }>[];
      winnersPerRound.push(replies.filter((r) => r.isWinner).length);
      // A loser must be told who holds the lock, never fail on the takeover itself.
      otherFailures.push(
        ...replies
          .filter((r) => !r.isWinner && !/^database in use by process \d+/.test(r.message ?? ''))
          .map((r) => r.message),
      );
      const released = workers.map((w) => nextReply(w, 'released'));
      for (const w of workers) w.send({ type: 'release' });
      await Promise.all(released);
    }
    const rounds = winnersPerRound.length;
    expect({ rounds, notExactlyOne: winnersPerRound.filter((n) => n !== 1).length, otherFailures }).toEqual({
      rounds,
      notExactlyOne: 0,
      otherFailures: [],
    });
  }, 60_000);
});
