import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

export async function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/api/health', async (request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });
}
