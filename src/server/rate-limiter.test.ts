import { describe, expect, it } from 'vitest';
import { createFixedWindowLimiter } from './rate-limiter';

describe('createFixedWindowLimiter', () => {
  it('allows max hits per window and per key, then opens again', () => {
    let now = 1_000;
    const limiter = createFixedWindowLimiter({ max: 2, windowMs: 100, clock: { now: () => now } });
    expect([limiter.hit('a').allowed, limiter.hit('a').allowed, limiter.hit('a').allowed]).toEqual([true, true, false]);
    expect(limiter.hit('b').allowed).toBe(true);
    expect(limiter.hit('a').retryAfterMs).toBe(100);
    now += 100;
    expect(limiter.hit('a').allowed).toBe(true);
  });
});
