import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ERROR_CODES } from '@shared/errors';
import { AppError } from './errors';
import { rateLimitFallbacks } from './metrics/process-metrics';
import { failoverStore } from './rate-limit-store';

/** One count: requests with the same key share `max` per window; a rule with no key skips the request. */
export interface LimitRule {
  name: string;
  max: number;
  windowMs: number;
  keyOf: (request: FastifyRequest) => string | undefined;
}

/** The caller's address, with an IPv6 caller's /64 counted as one (one household, one count). */
export const ipOf = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * Registers @fastify/rate-limit's store: Redis when REDIS_URL is set, so every process counts
 * against the same numbers, memory otherwise (one process: PGlite). While Redis is down the
 * counts go to this process's memory instead of failing the request (rate-limit-store.ts), told
 * once each way and counted. Routes then take their limits from `limitBy`. Returns the Redis
 * connection, for readiness and to close with the app.
 */
export async function registerRateLimits(app: FastifyInstance, options: { redisUrl?: string; redisPrefix: string }) {
  if (!options.redisUrl) {
    await app.register(rateLimit, { global: false });
    return undefined;
  }
  // The library's advice: a limit must not hang a request while Redis reconnects.
  const redis = new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  // ioredis retries for ever and says so each time: the store's fallback line tells the outage once.
  redis.on('error', (error) => app.log.debug({ err: error }, 'rate limits: Redis error'));
  const store = failoverStore(
    redis,
    {
      onFallback: (error) => {
        rateLimitFallbacks.inc();
        app.log.warn(
          { err: error },
          'rate limits: Redis is unreachable; counting in this process until it is back (check REDIS_URL and the Redis server)',
        );
      },
      onRecovered: () => app.log.info('rate limits: Redis is back; counting there again'),
    },
    { prefix: `${options.redisPrefix}limits:` },
  );
  await app.register(rateLimit, { global: false, store });
  return redis;
}

/**
 * A hook that counts the request against every rule at once and answers 429, with Retry-After,
 * when any of them is over. The plugin's own route hook runs only the first limit of a request;
 * sign-in needs two (per IP and per account), so each rule is the plugin's `createRateLimit`.
 */
export function limitBy(app: FastifyInstance, ...rules: LimitRule[]) {
  const count = countAgainst(app, ...rules);
  return async (request: FastifyRequest) => {
    const retryAfterSeconds = await count(request);
    if (retryAfterSeconds > 0) throw tooManyAttempts(retryAfterSeconds);
  };
}

/** Counts the request against every rule; answers the seconds until all allow it again (0: allowed). */
export function countAgainst(app: FastifyInstance, ...rules: LimitRule[]) {
  const checks = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${rule.name}:${rule.keyOf(request)}`,
    }),
  }));
  return async (request: FastifyRequest): Promise<number> => {
    let retryAfterSeconds = 0;
    for (const { rule, check } of checks) {
      if (rule.keyOf(request) === undefined) continue;
      const counted = await check(request);
      if (!counted.isAllowed && counted.isExceeded)
        retryAfterSeconds = Math.max(retryAfterSeconds, counted.ttlInSeconds, 1);
    }
    return retryAfterSeconds;
  };
}

/** The 429 of every limit here; its Retry-After header is set by the error handler. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(ERROR_CODES.rateLimited, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, {
    retryAfterSeconds,
  });
