import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAnalyticsSchema,
  adminReaderSchema,
  adminReadersPageSchema,
  adminReadersQuerySchema,
  adminSessionsPageSchema,
  adminSessionsQuerySchema,
  adminStatsSchema,
  adminUserIdParamsSchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  updateReaderSchema,
} from '@shared/admin';
import { createReaderSchema } from '@shared/readers';
import { sessionIdParamsSchema, sessionSchema } from '@shared/sessions';
import type { Auth } from '../../auth/auth';
import { currentUser, type OnUserCreated, requireUser } from '../auth';
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

export async function adminRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; sessions: SessionDeps; isProduction: boolean; onUserCreated: OnUserCreated },
) {
  const { auth, sessions, isProduction, onUserCreated } = deps;
  const { db } = sessions;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireUser(auth, 'admin');
  const oneReader = { response: { 200: adminReaderSchema } };
  const oneUser = { response: { 200: adminUserSchema } };

  api.post(
    '/api/admin/readers',
    { onRequest: adminOnly, schema: { body: createReaderSchema, response: { 201: adminReaderSchema } } },
    async (request, reply) => {
      const { id } = await createReader(
        { db, isProduction, now: new Date(sessions.clock.now()), onUserCreated },
        request.body,
      );
      return reply.status(201).send(await loadAdminReader(db, id));
    },
  );

  api.get(
    '/api/admin/readers',
    {
      onRequest: adminOnly,
      schema: { querystring: adminReadersQuerySchema, response: { 200: adminReadersPageSchema } },
    },
    async (request) => listReaders(db, request.query),
  );

  api.patch(
    '/api/admin/readers/:id',
    { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema, body: updateReaderSchema, ...oneReader } },
    async (request) => updateReader({ ...sessions, isProduction }, request.params.id, request.body),
  );

  api.post(
    '/api/admin/readers/:id/deactivate',
    { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema, ...oneReader } },
    async (request) => deactivateReader(sessions, currentUser(request), request.params.id),
  );

  api.post(
    '/api/admin/readers/:id/reactivate',
    { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema, ...oneReader } },
    async (request) => reactivateReader(sessions, request.params.id),
  );

  api.get(
    '/api/admin/analytics',
    { onRequest: adminOnly, schema: { response: { 200: adminAnalyticsSchema } } },
    async () => getAdminAnalytics(db, sessions.clock),
  );

  api.get('/api/admin/stats', { onRequest: adminOnly, schema: { response: { 200: adminStatsSchema } } }, async () =>
    getAdminStats(db, sessions.clock),
  );

  api.get(
    '/api/admin/users',
    { onRequest: adminOnly, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } },
    async (request) => listUsers(db, request.query),
  );

  api.post(
    '/api/admin/users/:id/suspend',
    { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema, ...oneUser } },
    async (request) => suspendUser(sessions, currentUser(request), request.params.id),
  );

  api.post(
    '/api/admin/users/:id/restore',
    { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema, ...oneUser } },
    async (request) => restoreUser(sessions, request.params.id),
  );

  api.get(
    '/api/admin/sessions',
    {
      onRequest: adminOnly,
      schema: { querystring: adminSessionsQuerySchema, response: { 200: adminSessionsPageSchema } },
    },
    async (request) => listSessions(db, request.query),
  );

  api.post(
    '/api/admin/sessions/:id/end',
    { onRequest: adminOnly, schema: { params: sessionIdParamsSchema, response: { 200: sessionSchema } } },
    async (request) => endSessionAsAdmin(sessions, currentUser(request).id, request.params.id),
  );
}
