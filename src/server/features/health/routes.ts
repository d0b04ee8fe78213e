import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { livenessSchema, readinessSchema } from '@shared/health';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
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

  app.get('/api/health/live', { schema: { response: { 200: livenessSchema } } }, async () => ({ status: 'ok' }));

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
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
    if (databaseAnswer.isReady && (redisAnswer?.isReady ?? true)) return { status: 'ok', ...answer };
    return reply.status(503).send({ status: 'error', ...answer });
  };
  // Its own 503 answer, not the error shape every other route declares (api-docs.ts).
  const readySchema = { response: { 200: readinessSchema, 503: readinessSchema } };
  app.get('/api/health/ready', { schema: readySchema }, ready);
  app.get('/api/health', { schema: readySchema }, ready);
}
