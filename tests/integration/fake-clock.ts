import type { Clock } from '../../src/server/clock';

/** A clock that moves only when told to. */
export function fakeClock(start = Date.parse('2026-11-21T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}
