import type { Clock } from './clock';

/**
 * Fixed-window counts per key, in memory: a key's first count opens its window of `windowMs`, the
 * next ones in it add up, and windows past their end are swept now and then. Returns the count so
 * far and what is left of the window.
 */
export function fixedWindowCounts(now: () => number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  return (key: string, windowMs: number): { count: number; ttlMs: number } => {
    const at = now();
    if (at - lastSweep > windowMs) {
      for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      lastSweep = at;
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, ttlMs: window.resetAt - at };
  };
}

/**
 * Fixed-window counters per key, in memory, on the injected clock: flood control for chat over a
 * socket (a reading's messages, a stream's chat), whose tests drive the window with the fake
 * clock. HTTP limits go through @fastify/rate-limit, shared across processes (rate-limits.ts).
 */
export function createFixedWindowLimiter(options: { max: number; windowMs: number; clock: Clock }) {
  const count = fixedWindowCounts(() => options.clock.now());
  return {
    /** Counts one attempt; `allowed` is false once `max` attempts were made in this window. */
    hit(key: string): { allowed: boolean; retryAfterMs: number } {
      const { count: made, ttlMs } = count(key, options.windowMs);
      return { allowed: made <= options.max, retryAfterMs: ttlMs };
    },
  };
}
