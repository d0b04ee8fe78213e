import type { FastifyInstance } from 'fastify';
import { payoutsApi } from '@shared/api/payouts';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { PaymentsProvider } from '../../payments/provider';
import type { Realtime } from '../../realtime/realtime';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
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
  const api = { app, auth };

  route(api, payoutsApi.request, async (request, reply) =>
    reply.status(201).send(await requestPayout(deps, currentUser(request).id, request.body)),
  );

  route(api, payoutsApi.list, async (request) => listPayouts(db, currentUser(request), request.query));

  // The reader's payout account (Stripe Connect Express): an onboarding link, and its status.
  route(api, payoutsApi.connectAccount, async (request, reply) =>
    reply.status(201).send(await connectPayoutAccount(deps, currentUser(request).id)),
  );
  route(api, payoutsApi.account, async (request) => getPayoutAccount(db, currentUser(request).id));

  route(api, payoutsApi.decide, async (request) =>
    decidePayout(deps, currentUser(request).id, request.params.id, request.body),
  );
}
