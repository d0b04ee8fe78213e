import type { FastifyInstance } from 'fastify';
import { adminApi } from '@shared/api/admin';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser, type OnUserCreated } from '../auth';
import { createReader } from '../readers';
import type { SessionDeps } from '../sessions';
import { loadAdminReader } from './admin-reader-view';
import { deactivateReader, reactivateReader } from './deactivate-reader';
import { endSessionAsAdmin } from './end-session-as-admin';
import { getAdminStats } from './get-admin-stats';
import { getAdminAnalytics } from './get-analytics';
import { listReaders } from './list-readers';
import { listSessions } from './list-sessions';
import { listUsers } from './list-users';
import { restoreUser } from './restore-user';
import { suspendUser } from './suspend-user';
import { updateReader } from './update-reader';
import type { PasswordHasher } from '../../auth/password-hasher';

export async function adminRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    sessions: SessionDeps;
    isProduction: boolean;
    onUserCreated: OnUserCreated;
    passwordHasher: PasswordHasher;
  },
) {
  const { auth, sessions, isProduction, onUserCreated, passwordHasher } = deps;
  const { db } = sessions;
  // Every endpoint is admin-only (access ['admin']): route()'s guard is requireUser(auth, 'admin'),
  // whose admin gate also refuses an admin whose powers are locked (two-factor required and off).
  const api = { app, auth };

  route(api, adminApi.createReader, async (request, reply) => {
    const { id } = await createReader(
      { db, isProduction, now: new Date(sessions.clock.now()), onUserCreated, passwordHasher },
      request.body,
    );
    return reply.status(201).send(await loadAdminReader(db, id));
  });

  route(api, adminApi.readers, async (request) => listReaders(db, request.query));

  route(api, adminApi.updateReader, async (request) =>
    updateReader({ ...sessions, isProduction }, request.params.id, request.body),
  );

  route(api, adminApi.deactivateReader, async (request) =>
    deactivateReader(sessions, currentUser(request), request.params.id),
  );

  route(api, adminApi.reactivateReader, async (request) => reactivateReader(sessions, request.params.id));

  route(api, adminApi.analytics, async () => getAdminAnalytics(db, sessions.clock));

  route(api, adminApi.stats, async () => getAdminStats(db, sessions.clock));

  route(api, adminApi.users, async (request) => listUsers(db, request.query));

  route(api, adminApi.suspendUser, async (request) => suspendUser(sessions, currentUser(request), request.params.id));

  route(api, adminApi.restoreUser, async (request) => restoreUser(sessions, request.params.id));

  route(api, adminApi.sessions, async (request) => listSessions(db, request.query));

  route(api, adminApi.endSession, async (request) =>
    endSessionAsAdmin(sessions, currentUser(request).id, request.params.id),
  );
}
