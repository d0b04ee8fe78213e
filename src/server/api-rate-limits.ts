import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { ipOf, limitBy, registerRateLimits } from './rate-limits';
import { isReadMethod } from './read-methods';

/**
 * The store every route's limits count in (rate-limits.ts), and the budget every write to the API
 * spends from, per address and per signed-in user. Returns the store's Redis connection, if any.
 */
export async function registerApiRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'apiRateLimit'>,
) {
  const limitsRedis = await registerRateLimits(app, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  const { windowMs, userMax, ipMax } = config.apiRateLimit;
  const apiBudget = limitBy(
    app,
    { name: 'api-ip', max: ipMax, windowMs, keyOf: ipOf },
    // Set by the route's sign-in check (onRequest), which runs before this hook.
    { name: 'api-user', max: userMax, windowMs, keyOf: (request) => request.sessionUser?.id },
  );
  app.addHook('preHandler', (request, _reply, done) => {
    // The provider's webhook is not a person's request: a burst of Stripe's deliveries must never be refused.
    const isProviderWebhook = request.routeOptions.config.isProviderWebhook === true;
    if (isReadMethod(request.method) || !request.url.startsWith('/api/') || isProviderWebhook) return done();
    apiBudget(request).then(() => done(), done);
  });
  return limitsRedis;
}
