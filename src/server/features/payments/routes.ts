import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCardPaymentListSchema,
  checkoutRequestSchema,
  checkoutSessionSchema,
  depositIdParamsSchema,
  depositRefundRequestSchema,
  depositRefundSchema,
  depositStatusSchema,
  sandboxCheckoutParamsSchema,
  sandboxCheckoutViewSchema,
  sandboxPayResultSchema,
  sandboxPaySchema,
  savedCardListSchema,
  savedCardParamsSchema,
  webhookAnswerSchema,
} from '@shared/payments';
import { adminUserIdParamsSchema } from '@shared/admin';
import { idempotentRequestHeadersSchema } from '@shared/wallet';
import type { Auth } from '../../auth/auth';
import type { Config } from '../../config';
import { creditGrants, deposits } from '../../db/schema';
import { notFound } from '../../errors';
import type { SandboxPayments } from '../../payments/sandbox';
import { currentUser, requireUser } from '../auth';
import { type CheckoutDeps, createCheckout } from './create-checkout';
import { listCardPayments, refundDeposit } from './refund-deposit';
import { listSavedCards, removeSavedCard } from './saved-cards';
import { forgedWebhookLimit } from './forged-webhook-limit';
import { receiveStripeWebhook, type WebhookDeps } from './stripe-webhook';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The payment provider's webhook: exempt from the per-person API budget (app.ts). */
    isProviderWebhook?: boolean;
  }
}

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

export type PaymentRouteDeps = CheckoutDeps &
  Omit<WebhookDeps, 'log'> & { auth: Auth; forgedWebhookLimit: Config['forgedWebhookLimit'] };

const isSandbox = (payments: PaymentRouteDeps['payments']): payments is SandboxPayments =>
  payments.name === 'sandbox' && 'checkout' in payments;

/** Money in through hosted checkout and Stripe's webhook, and refunds to the card (issue 28). */
export async function paymentRoutes(app: FastifyInstance, deps: PaymentRouteDeps) {
  const { auth, db, payments } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(auth);

  api.post(
    '/api/payments/checkout',
    {
      onRequest: signedIn,
      schema: {
        body: checkoutRequestSchema,
        headers: idempotentRequestHeadersSchema,
        response: { 201: checkoutSessionSchema },
      },
    },
    async (request, reply) => {
      const { session, isReplay } = await createCheckout(deps, {
        userId: currentUser(request).id,
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(session);
    },
  );

  // Cards saved at checkout; a saved card's id pays a direct deposit (POST /api/payments/wallet-deposit).
  api.get(
    '/api/payments/cards',
    { onRequest: signedIn, schema: { response: { 200: savedCardListSchema } } },
    async (request) => listSavedCards(db, currentUser(request).id),
  );
  api.delete(
    '/api/payments/cards/:id',
    { onRequest: signedIn, schema: { params: savedCardParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeSavedCard(deps, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The wallet page follows a deposit after Checkout: pending until the webhook credits it.
  api.get(
    '/api/payments/deposits/:id',
    { onRequest: signedIn, schema: { params: depositIdParamsSchema, response: { 200: depositStatusSchema } } },
    async (request) => {
      const [deposit] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, request.params.id), eq(deposits.userId, currentUser(request).id)));
      if (!deposit) throw notFound('Deposit not found');
      const [bonus] = await db
        .select({ cents: sql<string>`coalesce(sum(${creditGrants.amountCents}), 0)::text` })
        .from(creditGrants)
        .where(eq(creditGrants.depositId, deposit.id));
      return {
        depositId: deposit.id,
        amountCents: deposit.amountCents,
        status: deposit.status,
        failureMessage: deposit.failureMessage,
        bonusCents: Number(bonus?.cents ?? 0),
      };
    },
  );

  // What the admin refunds from: a user's card payments, each with what may still go back to the card.
  api.get(
    '/api/admin/users/:id/card-payments',
    {
      onRequest: requireUser(auth, 'admin'),
      schema: { params: adminUserIdParamsSchema, response: { 200: adminCardPaymentListSchema } },
    },
    async (request) => listCardPayments(db, request.params.id),
  );

  api.post(
    '/api/admin/deposits/:id/refund',
    {
      onRequest: requireUser(auth, 'admin'),
      schema: {
        params: depositIdParamsSchema,
        body: depositRefundRequestSchema,
        response: { 201: depositRefundSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await refundDeposit(deps, currentUser(request).id, request.params.id, request.body.amountCents)),
  );

  // Stripe's webhook: its own scope, so its body stays the exact bytes Stripe signed (no JSON
  // parser), no cookie and no sign-in; the signature is the only credential (stripe-webhook.ts).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    // Exempt from the per-person budget, but forged posts are limited per IP (forged-webhook-limit.ts).
    const forged = forgedWebhookLimit(scope, deps.forgedWebhookLimit);
    scope.withTypeProvider<ZodTypeProvider>().post(
      STRIPE_WEBHOOK_PATH,
      {
        config: { isProviderWebhook: true },
        onRequest: forged.refuseOverLimit,
        schema: { body: z.string().max(256 * 1024), response: { 200: webhookAnswerSchema } },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const outcome = await forged.countIfForged(request, () =>
          receiveStripeWebhook(
            { ...deps, log: request.log },
            request.body,
            typeof signature === 'string' ? signature : undefined,
          ),
        );
        return { received: true as const, outcome };
      },
    );
  });

  // The sandbox plays Stripe in this process: its events reach the webhook above, signed, as Stripe's would.
  payments.deliverEventsTo?.(async (payload, signature) => {
    const answer = await app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    if (answer.statusCode !== 200)
      app.log.error(
        { status: answer.statusCode, body: answer.body },
        'the sandbox could not deliver an event to the webhook',
      );
  });

  // The sandbox's local page that plays Stripe Checkout (web: /sandbox/checkout/:id).
  api.get(
    '/api/payments/sandbox/checkout/:id',
    {
      onRequest: signedIn,
      schema: { params: sandboxCheckoutParamsSchema, response: { 200: sandboxCheckoutViewSchema } },
    },
    async (request) => {
      const view = isSandbox(payments) ? payments.checkout.view(request.params.id, currentUser(request).id) : undefined;
      if (!view) throw notFound('No such checkout page');
      return view;
    },
  );
  api.post(
    '/api/payments/sandbox/checkout/:id/pay',
    {
      onRequest: signedIn,
      schema: {
        params: sandboxCheckoutParamsSchema,
        body: sandboxPaySchema,
        response: { 200: sandboxPayResultSchema },
      },
    },
    async (request) => {
      if (!isSandbox(payments)) throw notFound('No such checkout page');
      return payments.checkout.pay(request.params.id, currentUser(request).id, request.body.cardNumber);
    },
  );
}
