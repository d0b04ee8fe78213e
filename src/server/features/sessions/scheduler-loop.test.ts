import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionDeps } from './deps';
import { startScheduler } from './scheduler';
import { sessionTiming } from './timing';

const deps = { timing: sessionTiming(60_000) } as SessionDeps;
const log = { error: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
});

describe('startScheduler', () => {
  it('runs again at once while passes find a full batch due, then waits a tick', async () => {
    vi.useFakeTimers();
    const backlog = [true, true, false, false];
    const pass = vi.fn(async () => ({ handled: 100, isBacklogged: backlog.shift() ?? false }));
    const scheduler = startScheduler(deps, log, pass);
    await vi.advanceTimersByTimeAsync(deps.timing.tickMs);
    // The first pass found a full batch, and so did the second: three passes without a tick between
    // (the third is under way before the next tick is due), then a tick's wait.
    await vi.advanceTimersByTimeAsync(deps.timing.tickMs - 1);
    expect(pass).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(deps.timing.tickMs);
    expect(pass).toHaveBeenCalledTimes(4);
    await scheduler.stop();
  });

  it('logs a failing pass and tries again a tick later', async () => {
    vi.useFakeTimers();
    const pass = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue({ handled: 0, isBacklogged: false });
    const scheduler = startScheduler(deps, log, pass);
    await vi.advanceTimersByTimeAsync(deps.timing.tickMs);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'session scheduler pass failed');
    await vi.advanceTimersByTimeAsync(deps.timing.tickMs);
    expect(pass).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });
});
