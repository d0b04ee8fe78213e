import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  payoutDecisionSchema,
  payoutIdParamsSchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutResultSchema,
  requestPayoutSchema,
} from '@shared/wallet';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import { currentUser, requireUser } from '../auth';
import { decidePayout } from './decide-payout';
import { listPayouts } from './list-payouts';
import { requestPayout } from './request-payout';

export async function payoutRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; realtime: Realtime; clock: Clock }) {
  const { auth, db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/payouts', { onRequest: requireUser(auth, 'reader'), schema: { body: requestPayoutSchema, response: { 201: payoutResultSchema } } }, async (request, reply) =>
    reply.status(201).send(await requestPayout(deps, currentUser(request).id, request.body)),
  );

  api.get('/api/payouts', { onRequest: requireUser(auth, 'reader', 'admin'), schema: { querystring: payoutListQuerySchema, response: { 200: payoutListSchema } } }, async (request) =>
    listPayouts(db, currentUser(request), request.query),
  );

  api.post(
    '/api/admin/payouts/:id/decision',
    { onRequest: requireUser(auth, 'admin'), schema: { params: payoutIdParamsSchema, body: payoutDecisionSchema, response: { 200: payoutResultSchema } } },
    async (request) => decidePayout(deps, currentUser(request).id, request.params.id, request.body),
  );
}
