import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountStatusSchema } from '@shared/account';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../auth/require-user';
import { getAccountStatus } from './account-status';

export async function accountRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const { auth, db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(auth);

  api.get('/api/account/status', { onRequest: signedIn, schema: { response: { 200: accountStatusSchema } } }, async (request) =>
    getAccountStatus(db, currentUser(request).id, { requiresAdminTwoFactor: auth.requiresAdminTwoFactor }),
  );
}
