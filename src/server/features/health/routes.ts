import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthApi } from '@shared/api/health';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { createReadinessCheck } from './readiness';

/** What readiness asks of Redis: the client's own state, and an answer to a ping. */
export interface RedisProbe {
  status: string;
  ping(): Promise<string>;
}

/**
 * Probes for load balancers and orchestrators. Liveness does no I/O: the process answers, so it
 * need not be restarted. Readiness (and `/api/health`, the name older set-ups and the e2e runner
 * poll) also says every part the node needs answers: the database, and Redis when REDIS_URL is set
 * (a node that cannot reach it shares no rate limits or rooms with the others), each checked at
 * most once a second whatever the probe rate; a 503 names the part that is down, or says the node
 * is draining.
 */
export async function healthRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; redis?: RedisProbe; isDraining: () => boolean },
) {
  const database = createReadinessCheck(async () => void (await deps.db.execute(sql`select 1`)), deps.clock);
  const { redis } = deps;
  const redisCheck = redis
    ? createReadinessCheck(async () => {
        // A client that is reconnecting would queue the ping: it is down now, whatever it says later.
        if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`);
        await redis.ping();
      }, deps.clock)
    : undefined;

  // Public probes: a feature whose endpoints are all public passes no auth.
  const api = { app };
  route(api, healthApi.live, async () => ({ status: 'ok' as const }));

  // `/api/health` is the name older set-ups and the e2e runner poll: the same check as ready.
  for (const endpoint of [healthApi.ready, healthApi.legacyReady]) {
    route(api, endpoint, async (request, reply) => {
      const [databaseAnswer, redisAnswer] = await Promise.all([
        database((error) => request.log.error({ err: error }, 'health check: database unreachable')),
        redisCheck?.((error) => request.log.error({ err: error }, 'health check: Redis unreachable')),
      ]);
      const answer = {
        database: databaseAnswer.isReady ? ('ok' as const) : ('unreachable' as const),
        ...(redisAnswer && { redis: redisAnswer.isReady ? ('ok' as const) : ('unreachable' as const) }),
      };
      // A draining node (drain.ts) still answers, but must be sent nothing new.
      if (deps.isDraining()) return reply.status(503).send({ status: 'error', draining: true, ...answer });
      if (databaseAnswer.isReady && (redisAnswer?.isReady ?? true)) return { status: 'ok' as const, ...answer };
      return reply.status(503).send({ status: 'error', ...answer });
    });
  }
}
