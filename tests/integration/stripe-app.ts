import { randomUUID } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import { startStripeStandIn } from './stripe-stand-in';
import type { TestUser } from './factories';
import type { FakeClock } from './readings';
import { http } from './http';
import { createTestApp, type TestAppOptions } from './test-app';

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * The app with PAYMENTS_PROVIDER=stripe against the local stand-in, listening, with the stand-in's
 * webhook pointed at it (decision 039). Close both: `await close()`.
 */
export async function createStripeTestApp(options: { clock: FakeClock } & Omit<TestAppOptions, 'clock'>) {
  const standIn = await startStripeStandIn({ now: options.clock.now });
  const app = await createTestApp({
    runScheduler: false,
    ...options,
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(standIn.port),
      STRIPE_API_PROTOCOL: 'http',
      ...options.env,
    },
  });
  standIn.setWebhookUrl(`${await app.listen()}/api/payments/stripe/webhook`);

  /** Opens a checkout for the client; the deposit id is read back from the session's metadata. */
  async function checkout(
    client: TestUser,
    amountCents: number,
    key: string = randomUUID(),
    body: { promoCode?: string } = {},
  ) {
    const response = await http(app, client.cookie).post(
      '/api/payments/checkout',
      { amountCents, ...body },
      { 'idempotency-key': key },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const depositId = standIn.checkoutSessions.get(response.body.checkoutSessionId)!.metadata.deposit_id!;
    return { ...(response.body as { url: string; checkoutSessionId: string }), depositId };
  }

  /** A deposit paid with a card (4242 4242 4242 4242 unless named) and credited by the webhook; returns its payment intent. */
  async function paidDeposit(
    client: TestUser,
    amountCents: number,
    body: { promoCode?: string } = {},
    cardNumber = '4242424242424242',
  ) {
    const session = await checkout(client, amountCents, randomUUID(), body);
    expect((await standIn.pay(session.checkoutSessionId, cardNumber)).outcome).toBe('paid');
    return { ...session, paymentIntentId: standIn.checkoutSessions.get(session.checkoutSessionId)!.paymentIntent! };
  }

  return {
    app,
    standIn,
    checkout,
    paidDeposit,
    async close() {
      await app.close();
      await standIn.close();
    },
  };
}

/** The file's Stripe app (as `testApp`): made at the file's top, closed after its last test. */
export async function stripeTestApp(options: Parameters<typeof createStripeTestApp>[0]) {
  const stripe = await createStripeTestApp(options);
  afterAll(() => stripe.close());
  return stripe;
}
