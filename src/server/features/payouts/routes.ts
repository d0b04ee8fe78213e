import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payoutAccountLinkSchema, payoutAccountSchema } from '@shared/payments';
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
import type { PaymentsProvider } from '../../payments/provider';
import type { Realtime } from '../../realtime/realtime';
import { currentUser, requireUser } from '../auth';
import { decidePayout } from './decide-payout';
import { listPayouts } from './list-payouts';
import { connectPayoutAccount, getPayoutAccount } from './payout-account';
import { requestPayout } from './request-payout';

export interface PayoutRouteDeps {
  auth: Auth;
  db: Db;
  realtime: Realtime;
  clock: Clock;
  payments: PaymentsProvider;
  publicUrl: string;
  /** PAYOUT_MINIMUM_CENTS. */
  payoutMinimumCents: number;
}

export async function payoutRoutes(app: FastifyInstance, deps: PayoutRouteDeps) {
  const { auth, db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reader = requireUser(auth, 'reader');

  api.post(
    '/api/payouts',
    { onRequest: reader, schema: { body: requestPayoutSchema, response: { 201: payoutResultSchema } } },
    async (request, reply) => reply.status(201).send(await requestPayout(deps, currentUser(request).id, request.body)),
  );

  api.get(
    '/api/payouts',
    {
      onRequest: requireUser(auth, 'reader', 'admin'),
      schema: { querystring: payoutListQuerySchema, response: { 200: payoutListSchema } },
    },
    async (request) => listPayouts(db, currentUser(request), request.query),
  );

  // The reader's payout account (Stripe Connect Express): an onboarding link, and its status.
  api.post(
    '/api/payouts/account',
    { onRequest: reader, schema: { response: { 201: payoutAccountLinkSchema } } },
    async (request, reply) => reply.status(201).send(await connectPayoutAccount(deps, currentUser(request).id)),
  );
  api.get(
    '/api/payouts/account',
    { onRequest: reader, schema: { response: { 200: payoutAccountSchema } } },
    async (request) => getPayoutAccount(db, currentUser(request).id),
  );

  api.post(
    '/api/admin/payouts/:id/decision',
    {
      onRequest: requireUser(auth, 'admin'),
      schema: { params: payoutIdParamsSchema, body: payoutDecisionSchema, response: { 200: payoutResultSchema } },
    },
    async (request) => decidePayout(deps, currentUser(request).id, request.params.id, request.body),
  );
}
