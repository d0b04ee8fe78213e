import type { Clock } from './clock';

/**
 * Fixed-window counters per key, in memory, on the injected clock: flood control for chat over a
 * socket (a reading's messages, a stream's chat), whose tests drive the window with the fake
 * clock. HTTP limits go through @fastify/rate-limit, shared across processes (rate-limits.ts).
 */
export function createFixedWindowLimiter(options: { max: number; windowMs: number; clock: Clock }) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  return {
    /** Counts one attempt; `allowed` is false once `max` attempts were made in this window. */
    hit(key: string): { allowed: boolean; retryAfterMs: number } {
      const now = options.clock.now();
      if (now - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= options.max, retryAfterMs: window.resetAt - now };
    },
  };
}
