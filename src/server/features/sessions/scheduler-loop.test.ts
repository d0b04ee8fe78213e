import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionTiming } from '../../timing';
import type { SessionDeps } from './deps';
import { type PassResult, type PassScope, startScheduler } from './scheduler';

const timing = sessionTiming(60_000);
const log = { error: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

/** The scheduler on fake timers, with the pass replaced: each call answers the next of `answers`, then an idle pass. */
function schedulerWith(answers: Partial<PassResult>[]) {
  vi.useFakeTimers({ now: 1_000_000 });
  const deps = { timing, clock: { now: () => Date.now() } } as SessionDeps;
  const calls: { scope: PassScope; at: number }[] = [];
  const pass = vi.fn(async (_deps: SessionDeps, scope: PassScope = 'all'): Promise<PassResult> => {
    calls.push({ scope, at: Date.now() });
    return { handled: 0, isBacklogged: false, nextMinuteAt: null, ...answers.shift() };
  });
  return { scheduler: startScheduler(deps, log, pass), calls, start: Date.now() };
}

describe('startScheduler', () => {
  it('runs again at once while passes find a full batch due, then waits a tick', async () => {
    const { scheduler, calls, start } = schedulerWith([{ isBacklogged: true }, { isBacklogged: true }]);
    await vi.advanceTimersByTimeAsync(2 * timing.tickMs + 10);
    // Three passes in a row at the first tick (a timer of 0 between them), then a tick's wait.
    const [first, second, third, fourth] = calls.map((c) => c.at - start) as [number, number, number, number];
    expect(first).toBe(timing.tickMs);
    expect(third - first).toBeLessThan(10);
    expect(fourth - third).toBe(timing.tickMs);
    expect(second).toBeGreaterThanOrEqual(first);
    await scheduler.stop();
  });

  it('wakes at the next due minute for a minutes pass, between full passes a tick apart', async () => {
    const dueIn = Math.round(timing.tickMs / 3);
    const { scheduler, calls, start } = schedulerWith([{ nextMinuteAt: new Date(1_000_000 + timing.tickMs + dueIn) }]);
    await vi.advanceTimersByTimeAsync(2 * timing.tickMs);
    expect(calls.map((c) => [c.scope, c.at - start])).toEqual([
      ['all', timing.tickMs],
      ['minutes', timing.tickMs + dueIn],
      ['readings', 2 * timing.tickMs],
    ]);
    await scheduler.stop();
  });

  it('passes over the readings every tick, and sweeps (the full pass) first and then every sweepMs', async () => {
    const { scheduler, calls, start } = schedulerWith([]);
    const ticksPerSweep = timing.sweepMs / timing.tickMs;
    expect(ticksPerSweep).toBe(4);
    await vi.advanceTimersByTimeAsync(2 * timing.sweepMs);
    expect(calls.map((c) => c.at - start)).toEqual(
      Array.from({ length: 2 * ticksPerSweep }, (_, i) => (i + 1) * timing.tickMs),
    );
    expect(calls.map((c) => c.scope)).toEqual(
      Array.from({ length: 2 * ticksPerSweep }, (_, i) => (i % ticksPerSweep === 0 ? 'all' : 'readings')),
    );
    await scheduler.stop();
  });

  it('does not spin on a minute that stays due (another process holds it): wake-ups keep a gap', async () => {
    const overdue = new Date(0);
    const { scheduler, calls } = schedulerWith(Array.from({ length: 100 }, () => ({ nextMinuteAt: overdue })));
    await vi.advanceTimersByTimeAsync(2 * timing.tickMs);
    const gaps = calls.slice(1).map((c, i) => c.at - (calls[i] as { at: number }).at);
    expect(gaps.length).toBeGreaterThan(2);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(timing.tickMs / 10);
    await scheduler.stop();
  });

  it('logs a failing pass and tries again a tick later', async () => {
    vi.useFakeTimers();
    const deps = { timing, clock: { now: () => Date.now() } } as SessionDeps;
    const pass = vi
      .fn()
      .mockRejectedValueOnce(new Error('database gone'))
      .mockResolvedValue({ handled: 0, isBacklogged: false, nextMinuteAt: null });
    const scheduler = startScheduler(deps, log, pass);
    await vi.advanceTimersByTimeAsync(timing.tickMs);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'session scheduler pass failed',
    );
    await vi.advanceTimersByTimeAsync(timing.tickMs);
    expect(pass).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });
});
