import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '@shared/api/payments';
import type { Auth } from '../../auth/auth';
import type { Config } from '../../config';
import { creditGrants, deposits } from '../../db/schema';
import { notFound } from '../../errors';
import type { SandboxPayments } from '../../payments/sandbox';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
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

export const STRIPE_WEBHOOK_PATH = paymentsApi.stripeWebhook.path;

export type PaymentRouteDeps = CheckoutDeps &
  Omit<WebhookDeps, 'log'> & { auth: Auth; forgedWebhookLimit: Config['forgedWebhookLimit'] };

const isSandbox = (payments: PaymentRouteDeps['payments']): payments is SandboxPayments =>
  payments.name === 'sandbox' && 'checkout' in payments;

/** Money in through hosted checkout and Stripe's webhook, and refunds to the card (decision 039). */
export async function paymentRoutes(app: FastifyInstance, deps: PaymentRouteDeps) {
  const { auth, db, payments } = deps;
  const api = { app, auth };

  route(api, paymentsApi.checkout, async (request, reply) => {
    const { session, isReplay } = await createCheckout(deps, {
      userId: currentUser(request).id,
      ...request.body,
      idempotencyKey: request.headers['idempotency-key'],
    });
    if (isReplay) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(session);
  });

  // Cards saved at checkout; a saved card's id pays a direct deposit (POST /api/payments/wallet-deposit).
  route(api, paymentsApi.cards, async (request) => listSavedCards(db, currentUser(request).id));
  route(api, paymentsApi.removeCard, async (request, reply) => {
    await removeSavedCard(deps, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  // The wallet page follows a deposit after Checkout: pending until the webhook credits it.
  route(api, paymentsApi.deposit, async (request) => {
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
  });

  // What the admin refunds from: a user's card payments, each with what may still go back to the card.
  route(api, paymentsApi.cardPayments, async (request) => listCardPayments(db, request.params.id));

  route(api, paymentsApi.refund, async (request, reply) =>
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
    route(
      { app: scope },
      paymentsApi.stripeWebhook,
      { config: { isProviderWebhook: true }, onRequest: [forged.refuseOverLimit] },
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
  route(api, paymentsApi.sandboxCheckout, async (request) => {
    const view = isSandbox(payments) ? payments.checkout.view(request.params.id, currentUser(request).id) : undefined;
    if (!view) throw notFound('No such checkout page');
    return view;
  });
  route(api, paymentsApi.sandboxPay, async (request) => {
    if (!isSandbox(payments)) throw notFound('No such checkout page');
    return payments.checkout.pay(request.params.id, currentUser(request).id, request.body.cardNumber);
  });
}
