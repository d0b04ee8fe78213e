import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { TEST_ORIGIN, testApp } from '../../../../tests/integration/test-app';
import { checkLedger, getWalletBalanceCents } from '../wallet';

// The default provider (no keys, no network) plays Checkout on a local page; the money still arrives
// only by a signed event through the same webhook as Stripe's (decision 039).
const app = await testApp();
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

describe('the sandbox checkout page', () => {
  it('takes the test card 4242 4242 4242 4242, credits through the webhook, and sends the person back to the wallet', async () => {
    const client = await createClient(app);
    const opened = await http(app, client.cookie).post(
      '/api/payments/checkout',
      { amountCents: 2500 },
      { 'idempotency-key': randomUUID() },
    );
    expect(opened.status).toBe(201);
    expect(opened.body.url).toBe(`${TEST_ORIGIN}/sandbox/checkout/${opened.body.checkoutSessionId}`);
    const id = opened.body.checkoutSessionId;
    const view = await http(app, client.cookie).get(`/api/payments/sandbox/checkout/${id}`);
    expect(view.body).toMatchObject({ checkoutSessionId: id, amountCents: 2500, status: 'open' });

    const declined = await http(app, client.cookie).post(`/api/payments/sandbox/checkout/${id}/pay`, {
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.body).toEqual({ outcome: 'declined', message: 'Your card was declined.' });
    expect(
      (await http(app, client.cookie).post(`/api/payments/sandbox/checkout/${id}/pay`, { cardNumber: '1234' })).status,
    ).toBe(400);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(0);

    const paid = await http(app, client.cookie).post(`/api/payments/sandbox/checkout/${id}/pay`, {
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.body.outcome).toBe('paid');
    const depositId = new URL(paid.body.redirectUrl).searchParams.get('deposit');
    expect(paid.body.redirectUrl).toBe(`${TEST_ORIGIN}/dashboard/wallet?deposit=${depositId}`);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(2500);
    expect((await http(app, client.cookie).get(`/api/payments/deposits/${depositId}`)).body.status).toBe('succeeded');
    // Paying the page again moves nothing.
    await http(app, client.cookie).post(`/api/payments/sandbox/checkout/${id}/pay`, { cardNumber: '4242424242424242' });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(2500);
  });

  it('shows a checkout page to its payer only', async () => {
    const client = await createClient(app);
    const other = await createClient(app);
    const opened = await http(app, client.cookie).post(
      '/api/payments/checkout',
      { amountCents: 1000 },
      { 'idempotency-key': randomUUID() },
    );
    const id = opened.body.checkoutSessionId;
    expect((await http(app, other.cookie).get(`/api/payments/sandbox/checkout/${id}`)).status).toBe(404);
    expect(
      (
        await http(app, other.cookie).post(`/api/payments/sandbox/checkout/${id}/pay`, {
          cardNumber: '4242424242424242',
        })
      ).status,
    ).toBe(400);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(0);
  });

  it('refuses an event the sandbox did not sign', async () => {
    const answer = await http(app).post(
      '/api/payments/stripe/webhook',
      { id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } },
      { origin: '', 'stripe-signature': 't=1,v1=00' },
    );
    expect(answer.status).toBe(400);
  });
});
