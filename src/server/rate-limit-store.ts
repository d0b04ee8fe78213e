import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { fixedWindowCounts } from './rate-limiter';

type Count = { current: number; ttl: number };
type Counted = (error: Error | null, result?: Count) => void;

/** The part of an ioredis client the store uses: its connection state and a script call. */
export interface RedisLike {
  status: string;
  evalsha(sha: string, numberOfKeys: number, key: string, windowMs: number): Promise<unknown>;
  eval(script: string, numberOfKeys: number, key: string, windowMs: number): Promise<unknown>;
}

export interface FailoverEvents {
  /** Redis stopped answering: the limits count in this process's memory until it is back. */
  onFallback(error: unknown): void;
  /** Redis answered again: the limits count there again. */
  onRecovered(): void;
}

/** One count in Redis: the key's first hit opens its window, later hits read what is left of it. */
const INCREMENT = `local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
return {current, redis.call('PTTL', KEYS[1])}`;
/** Every limited request counts: it sends the script's hash, and the script only when Redis has not cached it. */
const INCREMENT_SHA = createHash('sha1').update(INCREMENT).digest('hex');
const isNoScript = (error: unknown) => error instanceof Error && error.message.startsWith('NOSCRIPT');

function isCount(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

/**
 * @fastify/rate-limit's store for several processes (decision 054): counts in Redis while it is
 * connected, and in memory while it is not, so a Redis outage costs the shared counts, never a
 * request. The switch is told once each way (`events`), and the store goes back to Redis as soon
 * as its client is ready again; while the client is not ready no request waits on it. In memory
 * each process counts on its own (a client spread over N processes gets up to N times the budget):
 * still a limit, where failing the request (sign-in answered 500) or skipping the limit (sign-in
 * open to guessing) are not.
 */
export function failoverStore(
  redis: RedisLike,
  events: FailoverEvents,
  options: { prefix: string; now?: () => number },
): FastifyRateLimitStoreCtor {
  const counts = fixedWindowCounts(options.now ?? Date.now);
  const inMemory = (key: string, windowMs: number): Count => {
    const { count: current, ttlMs } = counts(key, windowMs);
    return { current, ttl: ttlMs };
  };
  let isFallingBack = false;
  const fallBack = (error: unknown) => {
    if (isFallingBack) return;
    isFallingBack = true;
    events.onFallback(error);
  };
  const recover = () => {
    if (!isFallingBack) return;
    isFallingBack = false;
    events.onRecovered();
  };

  const count = async (key: string, windowMs: number): Promise<Count> => {
    if (redis.status !== 'ready') {
      fallBack(new Error(`Redis is ${redis.status}`));
      return inMemory(key, windowMs);
    }
    try {
      const answer = await redis.evalsha(INCREMENT_SHA, 1, key, windowMs).catch((error: unknown) => {
        if (isNoScript(error)) return redis.eval(INCREMENT, 1, key, windowMs);
        throw error;
      });
      if (!isCount(answer)) throw new Error(`Redis answered ${JSON.stringify(answer)} to a count`);
      recover();
      return { current: answer[0], ttl: answer[1] };
    } catch (error) {
      fallBack(error);
      return inMemory(key, windowMs);
    }
  };

  // Every limit here is `createRateLimit` with the rule's name in its key (rate-limits.ts), so a
  // child store (the plugin makes one per limit) counts under the same prefix.
  return class FailoverStore implements FastifyRateLimitStore {
    incr(key: string, callback: Counted, timeWindow = 60_000) {
      count(`${options.prefix}${key}`, timeWindow).then((result) => callback(null, result), callback);
    }

    child() {
      return this;
    }
  };
}
