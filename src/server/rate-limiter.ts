import type { Clock } from './clock';

/**
 * Fixed-window counters per key, in memory. Used where one request must pass several limits at
 * once (sign-in: per IP and per account), which @fastify/rate-limit cannot do (it runs only the
 * first limiter of a request). Per process: with several processes each keeps its own count.
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
