import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountExportSchema,
  accountSessionListSchema,
  accountStatusSchema,
  deleteAccountSchema,
  sessionIdParamsSchema,
} from '@shared/account';
import { noContentSchema } from '@shared/errors';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../auth';
import { getAccountStatus } from './account-status';
import { deleteAccount } from './delete-account';
import { exportAccount } from './export-account';
import { listSignedInSessions, signOutEverywhere, signOutSession } from './signed-in-sessions';

export async function accountRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const { auth, db, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(auth);
  const noContent = { response: { 204: noContentSchema } };

  api.get(
    '/api/account/status',
    { onRequest: signedIn, schema: { response: { 200: accountStatusSchema } } },
    async (request) =>
      getAccountStatus(db, currentUser(request).id, { requiresAdminTwoFactor: auth.requiresAdminTwoFactor }),
  );

  api.get(
    '/api/account/sessions',
    { onRequest: signedIn, schema: { response: { 200: accountSessionListSchema } } },
    async (request) => ({
      sessions: await listSignedInSessions(auth, request.headers),
    }),
  );

  api.post(
    '/api/account/sessions/:id/sign-out',
    { onRequest: signedIn, schema: { params: sessionIdParamsSchema, ...noContent } },
    async (request, reply) => {
      await signOutSession(auth, request.headers, request.params.id);
      return reply.status(204).send();
    },
  );

  // This browser's sign-in ends with the rest; its cookie now names no session (a visitor).
  api.post(
    '/api/account/sessions/sign-out-everywhere',
    { onRequest: signedIn, schema: noContent },
    async (request, reply) => {
      await signOutEverywhere(auth, request.headers);
      return reply.status(204).send();
    },
  );

  // A download: the browser saves it as a file rather than showing it.
  // Sent as text (pretty-printed), so the schema documents the file rather than checks it; on the
  // untyped instance, which lets the reply be that text.
  app.get(
    '/api/account/export',
    {
      onRequest: signedIn,
      schema: { response: { 200: { content: { 'application/json': { schema: accountExportSchema } } } } },
    },
    async (request, reply) => {
      const data = await exportAccount(db, clock, currentUser(request).id);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .type('application/json')
        .header('content-disposition', `attachment; filename="soul-tribe-export-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  api.post(
    '/api/account/delete',
    { onRequest: signedIn, schema: { body: deleteAccountSchema, ...noContent } },
    async (request, reply) => {
      await deleteAccount(db, clock, currentUser(request).id, request.body.password);
      return reply.status(204).send();
    },
  );
}
