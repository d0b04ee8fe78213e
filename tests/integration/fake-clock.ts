import type { Clock } from '../../src/server/clock';
import type { Timers } from '../../src/server/timers';

/**
 * A clock that moves only when told to. Its timers run when an `advance` reaches them, in the order
 * they fall due, so a delay decided on this clock also passes on it (pass it as `timers` too).
 */
export function fakeClock(start = Date.parse('2026-11-21T12:00:00Z')) {
  let now = start;
  let pending: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
      const due = pending.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at);
      pending = pending.filter((timer) => timer.at > now);
      for (const timer of due) timer.run();
    },
    after(delayMs: number, run: () => void) {
      const timer = { at: now + delayMs, run };
      pending.push(timer);
      return () => {
        pending = pending.filter((other) => other !== timer);
      };
    },
  } satisfies Clock & Timers & { advance(ms: number): void };
}
