import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { livenessSchema, readinessSchema } from '@shared/health';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { createReadinessCheck } from './readiness';

/**
 * Probes for load balancers and orchestrators. Liveness does no I/O: the process answers, so it
 * need not be restarted. Readiness (and `/api/health`, the name older set-ups and the e2e runner
 * poll) also says the database answers, checked at most once a second whatever the probe rate.
 */
export async function healthRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const readiness = createReadinessCheck(async () => void (await deps.db.execute(sql`select 1`)), deps.clock);

  app.get('/api/health/live', { schema: { response: { 200: livenessSchema } } }, async () => ({ status: 'ok' }));

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await readiness((error) => request.log.error({ err: error }, 'health check: database unreachable'));
    if (answer.isReady) return { status: 'ok', database: 'ok' };
    return reply.status(503).send({ status: 'error', database: 'unreachable' });
  };
  // Its own 503 answer, not the error shape every other route declares (api-docs.ts).
  const readySchema = { response: { 200: readinessSchema, 503: readinessSchema } };
  app.get('/api/health/ready', { schema: readySchema }, ready);
  app.get('/api/health', { schema: readySchema }, ready);
}
