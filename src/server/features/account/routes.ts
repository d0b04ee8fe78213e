import type { FastifyInstance } from 'fastify';
import { accountApi } from '@shared/api/account';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { getAccountStatus } from './account-status';
import { deleteAccount } from './delete-account';
import { exportAccount } from './export-account';
import { listSignedInSessions, signOutEverywhere, signOutSession } from './signed-in-sessions';
import type { PasswordHasher } from '../../auth/password-hasher';

export async function accountRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; clock: Clock; passwordHasher: PasswordHasher },
) {
  const { auth, db, clock, passwordHasher } = deps;
  const api = { app, auth };

  route(api, accountApi.status, async (request) =>
    getAccountStatus(db, currentUser(request).id, { requiresAdminTwoFactor: auth.requiresAdminTwoFactor }),
  );

  route(api, accountApi.sessions, async (request) => ({
    sessions: await listSignedInSessions(auth, request.headers),
  }));

  route(api, accountApi.signOutSession, async (request, reply) => {
    await signOutSession(auth, request.headers, request.params.id);
    return reply.status(204).send();
  });

  // This browser's sign-in ends with the rest; its cookie now names no session (a visitor).
  route(api, accountApi.signOutEverywhere, async (request, reply) => {
    await signOutEverywhere(auth, request.headers);
    return reply.status(204).send();
  });

  // A download: the browser saves it as a file rather than showing it. Pretty-printed by its own
  // serializer, so the schema documents the file rather than checks it.
  route(api, accountApi.export, async (request, reply) => {
    const data = await exportAccount(db, clock, currentUser(request).id);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .type('application/json')
      .header('content-disposition', `attachment; filename="soul-tribe-export-${day}.json"`)
      .header('cache-control', 'no-store')
      .serializer((payload) => JSON.stringify(payload, null, 2))
      .send(data);
  });

  route(api, accountApi.delete, async (request, reply) => {
    await deleteAccount({ db, clock, passwordHasher }, currentUser(request).id, request.body.password);
    return reply.status(204).send();
  });
}
