import { describe, expect, it } from 'vitest';
import { createReadinessCheck } from './readiness';

function fakeClock(startMs = 1_000_000) {
  let nowMs = startMs;
  return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
}

describe('createReadinessCheck', () => {
  it('checks the database at most once a second however many probes arrive', async () => {
    const clock = fakeClock();
    let checks = 0;
    const readiness = createReadinessCheck(async () => void checks++, clock);
    const answers = await Promise.all(Array.from({ length: 100 }, () => readiness()));
    expect(answers.every((a) => a.isReady)).toBe(true);
    expect(checks).toBe(1);
    clock.advance(999);
    await readiness();
    expect(checks).toBe(1);
    clock.advance(1);
    await readiness();
    expect(checks).toBe(2);
  });

  it('probes that arrive while a check runs share it', async () => {
    const clock = fakeClock();
    let release!: () => void;
    let checks = 0;
    const readiness = createReadinessCheck(() => {
      checks++;
      return new Promise<void>((resolve) => (release = resolve));
    }, clock);
    const first = readiness();
    const second = readiness();
    release();
    expect(await first).toBe(await second);
    expect(checks).toBe(1);
  });

  it('reports a failing database as not ready, once per window, and recovers on the next check', async () => {
    const clock = fakeClock();
    let isDown = true;
    const failures: unknown[] = [];
    const readiness = createReadinessCheck(async () => {
      if (isDown) throw new Error('connection refused');
    }, clock);
    expect((await readiness((e) => failures.push(e))).isReady).toBe(false);
    expect((await readiness((e) => failures.push(e))).isReady).toBe(false);
    expect(failures).toHaveLength(1);
    isDown = false;
    clock.advance(1000);
    expect((await readiness()).isReady).toBe(true);
  });

  it('answers from the last answer while a re-check waits, until that answer is 10 s old', async () => {
    const clock = fakeClock();
    let release: (() => void) | undefined;
    let checks = 0;
    const readiness = createReadinessCheck(() => {
      checks++;
      if (checks === 1) return Promise.resolve();
      return new Promise<void>((resolve) => (release = resolve));
    }, clock);
    const first = await readiness();
    clock.advance(1000);
    // The second check hangs: the probe is answered from the first, at once.
    expect(await readiness()).toBe(first);
    clock.advance(8999);
    expect(await readiness()).toBe(first);
    expect(checks).toBe(2);
    clock.advance(1);
    // Ten seconds without a fresh answer: the probe waits for the check under way.
    let settled = false;
    const waiting = readiness().then((answer) => {
      settled = true;
      return answer;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    release?.();
    expect((await waiting).checkedAtMs).toBe(clock.now());
    expect(checks).toBe(2);
  });

  it('a failed last answer is not served stale: a probe waits for the re-check that may say ready', async () => {
    const clock = fakeClock();
    let isDown = true;
    const readiness = createReadinessCheck(async () => {
      if (isDown) throw new Error('connection refused');
    }, clock);
    expect((await readiness()).isReady).toBe(false);
    isDown = false;
    clock.advance(1000);
    expect((await readiness()).isReady).toBe(true);
  });
});
