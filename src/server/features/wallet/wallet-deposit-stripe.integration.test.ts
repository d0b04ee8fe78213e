import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema';
import { startStripeStandIn } from '../../../../tests/integration/stripe-stand-in';
import { createClient } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger } from './check-ledger';
import { getWalletBalanceCents } from './ledger';

// Not stripeTestApp: no webhook points at this app, so a direct charge is credited on Stripe's answer alone.
const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
const app = await testApp({
  env: {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(standIn.port),
    STRIPE_API_PROTOCOL: 'http',
  },
});
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

describe('deposits through Stripe (PAYMENTS_PROVIDER=stripe, local stand-in)', () => {
  it('says the provider is stripe', async () => {
    expect((await http(app).get('/api/payments/config')).body).toEqual({ provider: 'stripe', testMode: false });
  });

  it('credits the wallet once Stripe confirms the PaymentIntent', async () => {
    const client = await createClient(app);
    const response = await http(app, client.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents: 2500, paymentMethodId: 'pm_card_visa' },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.status).toBe(201);
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, response.body.depositId));
    expect(row).toMatchObject({
      status: 'succeeded',
      provider: 'stripe',
      providerReference: expect.stringMatching(/^pi_standin_/),
    });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(2500);
  });

  it('answers a decline with 402 and credits nothing', async () => {
    const client = await createClient(app);
    const response = await http(app, client.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents: 2500, paymentMethodId: 'pm_card_chargeDeclined' },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({ message: 'Failed to add funds', reason: 'Your card was declined.' });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(0);
  });

  it('keeps a deposit pending through a network failure; a retry with the same key finishes it at Stripe under the same key', async () => {
    const client = await createClient(app);
    const key = randomUUID();
    const body = { amountCents: 4000, paymentMethodId: 'pm_card_visa' };
    standIn.dropConnections(100);
    const failed = await http(app, client.cookie).post('/api/payments/wallet-deposit', body, {
      'idempotency-key': key,
    });
    expect(failed.status).toBe(402);
    expect(failed.body.error).toMatchObject({ message: 'Failed to add funds', isRetryable: true });
    const [pending] = await app.db.select().from(deposits).where(eq(deposits.id, failed.body.error.depositId));
    expect(pending).toMatchObject({ status: 'pending', attemptStartedAt: null });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(0);

    standIn.dropConnections(0);
    const retried = await http(app, client.cookie).post('/api/payments/wallet-deposit', body, {
      'idempotency-key': key,
    });
    expect(retried.status).toBe(201);
    expect(retried.body.depositId).toBe(failed.body.error.depositId);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(4000);
    const stripeKeys = new Set(
      standIn.log
        .filter((r) => r.path === '/v1/payment_intents' && r.params.get('amount') === '4000')
        .map((r) => r.idempotencyKey),
    );
    expect([...stripeKeys]).toEqual([`deposit:${retried.body.depositId}:create`]);
  });
});
