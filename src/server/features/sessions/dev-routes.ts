import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { advanceReadingSchema, sessionIdParamsSchema, sessionSchema } from '@shared/sessions';
import type { Auth } from '../../auth/auth';
import { currentUser, requireUser } from '../auth';
import { advanceReading } from './advance-reading';
import type { SessionDeps } from './deps';

/**
 * The end-to-end suite's clock for one reading, registered only with DEV_READING_CLOCK (which
 * production refuses at start, config.ts): a participant moves their reading on by whole billing
 * minutes instead of waiting for them (advance-reading.ts, docs/decisions/052).
 */
export async function devSessionRoutes(app: FastifyInstance, deps: { auth: Auth; sessions: SessionDeps }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/dev/sessions/:id/advance',
    {
      onRequest: requireUser(deps.auth),
      schema: { params: sessionIdParamsSchema, body: advanceReadingSchema, response: { 200: sessionSchema } },
    },
    async (request) => advanceReading(deps.sessions, currentUser(request), request.params.id, request.body.minutes),
  );
}
