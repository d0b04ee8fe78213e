import type { FastifyInstance } from 'fastify';
import { walletApi } from '@shared/api/wallet';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { PaymentsProvider } from '../../payments/provider';
import type { Realtime } from '../../realtime/realtime';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { getAccountBreak, takeBreak } from './account-break';
import { getAutoReload, setAutoReload } from './auto-reload';
import { getDepositLimits, setDepositLimits } from './deposit-limits';
import { type DepositDeps, depositToWallet, ReplayedDepositFailure } from './deposit-to-wallet';
import { getWallet } from './get-wallet';
import { getReadingReminder, setReadingReminder } from './reading-reminder';

export interface WalletRouteDeps {
  auth: Auth;
  db: Db;
  payments: PaymentsProvider;
  /** A staging site's play money in production (config.payments.testMode): the web app says so on every page. */
  testMode: boolean;
  realtime: Realtime;
  clock: Clock;
  onDeposited?: DepositDeps['onDeposited'];
  promotions?: DepositDeps['promotions'];
}

export async function walletRoutes(app: FastifyInstance, deps: WalletRouteDeps) {
  const { auth, db, payments, clock, testMode } = deps;
  const api = { app, auth };

  route(api, walletApi.paymentsConfig, async () => ({ provider: payments.name, testMode }));

  route(api, walletApi.deposit, async (request, reply) => {
    // As Stripe and the IETF Idempotency-Key draft do: a replay repeats the first answer (201, or
    // the decline's 402), and says it is one, so a client can tell a retry that created nothing new.
    try {
      const { result, isReplay } = await depositToWallet(deps, {
        userId: currentUser(request).id,
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result);
    } catch (error) {
      if (error instanceof ReplayedDepositFailure) reply.header('idempotent-replayed', 'true');
      throw error;
    }
  });

  route(api, walletApi.get, async (request) =>
    getWallet(db, currentUser(request).id, request.query, new Date(clock.now())),
  );

  // The client's own spending limits on deposits (docs/decisions/018).
  route(api, walletApi.limits, async (request) => getDepositLimits(db, currentUser(request).id, clock.now()));
  route(api, walletApi.setLimits, async (request) =>
    setDepositLimits(db, currentUser(request).id, request.body, clock.now()),
  );

  // 'Take a break' (decision 066): the client's own pause of funds and paid readings.
  route(api, walletApi.accountBreak, async (request) =>
    getAccountBreak(db, currentUser(request).id, new Date(clock.now())),
  );
  route(api, walletApi.takeBreak, async (request) =>
    takeBreak(db, currentUser(request).id, request.body.days, new Date(clock.now())),
  );

  route(api, walletApi.readingReminder, async (request) => getReadingReminder(db, currentUser(request).id));
  route(api, walletApi.setReadingReminder, async (request) =>
    setReadingReminder(db, currentUser(request).id, request.body, clock.now()),
  );

  // Charging a saved card when a reading finds the wallet short (decision 039, auto-reload.ts).
  route(api, walletApi.autoReload, async (request) => getAutoReload(db, currentUser(request).id));
  route(api, walletApi.setAutoReload, async (request) =>
    setAutoReload(db, currentUser(request).id, request.body, new Date(clock.now())),
  );
}
