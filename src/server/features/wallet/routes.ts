import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { autoReloadRequestSchema, autoReloadSchema } from '@shared/payments';
import {
  accountBreakSchema,
  takeBreakSchema,
  depositLimitsSchema,
  depositLimitsUpdateSchema,
  idempotentRequestHeadersSchema,
  paymentsConfigSchema,
  readingReminderSchema,
  walletDepositResultSchema,
  walletDepositSchema,
  walletQuerySchema,
  walletSchema,
} from '@shared/wallet';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { PaymentsProvider } from '../../payments/provider';
import type { Realtime } from '../../realtime/realtime';
import { currentUser, requireUser } from '../auth';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Checked on request, before the body is read: a signed-out caller learns nothing about inputs.
  const signedIn = requireUser(auth);

  api.get('/api/payments/config', { schema: { response: { 200: paymentsConfigSchema } } }, async () => ({
    provider: payments.name,
    testMode,
  }));

  api.post(
    '/api/payments/wallet-deposit',
    {
      onRequest: signedIn,
      schema: {
        body: walletDepositSchema,
        headers: idempotentRequestHeadersSchema,
        response: { 201: walletDepositResultSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  api.get(
    '/api/wallet',
    { onRequest: signedIn, schema: { querystring: walletQuerySchema, response: { 200: walletSchema } } },
    async (request) => getWallet(db, currentUser(request).id, request.query, new Date(clock.now())),
  );

  // The client's own spending limits on deposits (docs/decisions/018).
  api.get(
    '/api/wallet/limits',
    { onRequest: signedIn, schema: { response: { 200: depositLimitsSchema } } },
    async (request) => getDepositLimits(db, currentUser(request).id, clock.now()),
  );
  api.put(
    '/api/wallet/limits',
    { onRequest: signedIn, schema: { body: depositLimitsUpdateSchema, response: { 200: depositLimitsSchema } } },
    async (request) => setDepositLimits(db, currentUser(request).id, request.body, clock.now()),
  );

  // 'Take a break' (issue 48): the client's own pause of funds and paid readings.
  api.get(
    '/api/wallet/break',
    { onRequest: signedIn, schema: { response: { 200: accountBreakSchema } } },
    async (request) => getAccountBreak(db, currentUser(request).id, new Date(clock.now())),
  );
  api.post(
    '/api/wallet/break',
    {
      onRequest: requireUser(auth, 'client'),
      schema: { body: takeBreakSchema, response: { 200: accountBreakSchema } },
    },
    async (request) => takeBreak(db, currentUser(request).id, request.body.days, new Date(clock.now())),
  );

  api.get(
    '/api/wallet/reading-reminder',
    { onRequest: signedIn, schema: { response: { 200: readingReminderSchema } } },
    async (request) => getReadingReminder(db, currentUser(request).id),
  );
  api.put(
    '/api/wallet/reading-reminder',
    { onRequest: signedIn, schema: { body: readingReminderSchema, response: { 200: readingReminderSchema } } },
    async (request) => setReadingReminder(db, currentUser(request).id, request.body, clock.now()),
  );

  // Charging a saved card when a reading finds the wallet short (issue 28, auto-reload.ts).
  api.get(
    '/api/wallet/auto-reload',
    { onRequest: signedIn, schema: { response: { 200: autoReloadSchema } } },
    async (request) => getAutoReload(db, currentUser(request).id),
  );
  api.put(
    '/api/wallet/auto-reload',
    { onRequest: signedIn, schema: { body: autoReloadRequestSchema, response: { 200: autoReloadSchema } } },
    async (request) => setAutoReload(db, currentUser(request).id, request.body, new Date(clock.now())),
  );
}
