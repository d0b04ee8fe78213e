import type { FastifyInstance } from 'fastify';
import { devApi } from '@shared/api/dev';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { advanceReading } from './advance-reading';
import type { SessionDeps } from './deps';

/**
 * The end-to-end suite's clock for one reading, registered only with DEV_READING_CLOCK (which
 * production refuses at start, config.ts): a participant moves their reading on by whole billing
 * minutes instead of waiting for them (advance-reading.ts, docs/decisions/052).
 */
export async function devSessionRoutes(app: FastifyInstance, deps: { auth: Auth; sessions: SessionDeps }) {
  route({ app, auth: deps.auth }, devApi.advanceSession, async (request) =>
    advanceReading(deps.sessions, currentUser(request), request.params.id, request.body.minutes),
  );
}
