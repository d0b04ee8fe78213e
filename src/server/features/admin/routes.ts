import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSessionsQuerySchema, adminUserIdParamsSchema, adminUsersQuerySchema } from '@shared/admin';
import { createReaderSchema } from '@shared/readers';
import { sessionIdParamsSchema } from '@shared/sessions';
import type { Auth } from '../../auth/auth';
import { readerProfiles } from '../../db/schema';
import { currentUser, requireUser } from '../auth/require-user';
import { createReader } from '../readers/create-reader';
import { selectReaders, toReader } from '../readers/reader-view';
import type { SessionDeps } from '../sessions/deps';
import { endSessionAsAdmin } from './end-session-as-admin';
import { getAdminStats } from './get-admin-stats';
import { listSessions } from './list-sessions';
import { listUsers } from './list-users';
import { restoreUser } from './restore-user';
import { suspendUser } from './suspend-user';

export async function adminRoutes(app: FastifyInstance, deps: { auth: Auth; sessions: SessionDeps }) {
  const { auth, sessions } = deps;
  const { db } = sessions;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireUser(auth, 'admin');

  api.post('/api/admin/readers', { onRequest: adminOnly, schema: { body: createReaderSchema } }, async (request, reply) => {
    const { id } = await createReader(db, request.body);
    const [row] = await selectReaders(db).where(eq(readerProfiles.userId, id));
    return reply.status(201).send(toReader(row!, { includeEmail: true }));
  });

  api.get('/api/admin/readers', { onRequest: adminOnly }, async () => {
    const rows = await selectReaders(db).orderBy(desc(readerProfiles.createdAt));
    return { readers: rows.map((r) => toReader(r, { includeEmail: true })) };
  });

  api.get('/api/admin/stats', { onRequest: adminOnly }, async () => getAdminStats(db, sessions.clock));

  api.get('/api/admin/users', { onRequest: adminOnly, schema: { querystring: adminUsersQuerySchema } }, async (request) => listUsers(db, request.query));

  api.post('/api/admin/users/:id/suspend', { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema } }, async (request) =>
    suspendUser(sessions, currentUser(request).id, request.params.id),
  );

  api.post('/api/admin/users/:id/restore', { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema } }, async (request) =>
    restoreUser(sessions, request.params.id),
  );

  api.get('/api/admin/sessions', { onRequest: adminOnly, schema: { querystring: adminSessionsQuerySchema } }, async (request) => listSessions(db, request.query));

  api.post('/api/admin/sessions/:id/end', { onRequest: adminOnly, schema: { params: sessionIdParamsSchema } }, async (request) =>
    endSessionAsAdmin(sessions, currentUser(request).id, request.params.id),
  );
}
