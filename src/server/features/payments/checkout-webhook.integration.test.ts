import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { deposits, ledgerTransfers, providerEvents } from '../../db/schema';
import { createClient, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { stripeTestApp } from '../../../../tests/integration/stripe-app';
import { TEST_ORIGIN } from '../../../../tests/integration/test-app';
import { checkLedger, getBalances, getWalletBalanceCents, SYSTEM_ACCOUNTS } from '../wallet';

// Decision 039: money in by Stripe Checkout, credited only by Stripe's signed webhook, exactly once.
const clock = fakeClock();

const stripe = await stripeTestApp({ clock });
const { app, standIn } = stripe;
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const transferCount = async () => (await app.db.select({ n: count() }).from(ledgerTransfers))[0]!.n;
const externalCents = async () =>
  (await getBalances(app.db, [SYSTEM_ACCOUNTS.external])).get(SYSTEM_ACCOUNTS.external)!;
const depositRow = async (id: string) => (await app.db.select().from(deposits).where(eq(deposits.id, id)))[0]!;
const checkout = (client: TestUser, amountCents: number, key?: string) => stripe.checkout(client, amountCents, key);

describe('POST /api/payments/checkout', () => {
  it('opens a Checkout Session in payment mode for the amount in USD, with our user and deposit ids, and credits nothing', async () => {
    const client = await createClient(app);
    const before = await transferCount();
    const session = await checkout(client, 2500);
    const atStripe = standIn.checkoutSessions.get(session.checkoutSessionId)!;
    expect(session.url).toBe(`http://127.0.0.1:${standIn.port}/c/pay/${session.checkoutSessionId}`);
    expect(atStripe).toMatchObject({
      amountTotal: 2500,
      currency: 'usd',
      metadata: { user_id: client.id, deposit_id: session.depositId },
      successUrl: `${TEST_ORIGIN}/dashboard/wallet?deposit=${session.depositId}`,
      cancelUrl: `${TEST_ORIGIN}/dashboard/wallet?deposit=${session.depositId}&checkout=cancelled`,
    });
    const request = standIn.log.find(
      (r) => r.path === '/v1/checkout/sessions' && r.params.get('metadata[deposit_id]') === session.depositId,
    )!;
    expect(request.params.get('mode')).toBe('payment');
    expect(request.idempotencyKey).toBe(`deposit:${session.depositId}:checkout`);
    expect(await depositRow(session.depositId)).toMatchObject({
      status: 'pending',
      checkoutSessionId: session.checkoutSessionId,
      provider: 'stripe',
    });
    expect(await transferCount()).toBe(before);
    expect((await http(app, client.cookie).get(`/api/payments/deposits/${session.depositId}`)).body).toEqual({
      depositId: session.depositId,
      amountCents: 2500,
      status: 'pending',
      failureMessage: null,
      bonusCents: 0,
    });
  });

  it('answers a repeated Idempotency-Key with the same session, and another amount under it with 409', async () => {
    const client = await createClient(app);
    const key = randomUUID();
    const first = await checkout(client, 3000, key);
    const again = await http(app, client.cookie).post(
      '/api/payments/checkout',
      { amountCents: 3000 },
      { 'idempotency-key': key },
    );
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.checkoutSessionId).toBe(first.checkoutSessionId);
    expect(
      (await http(app, client.cookie).post('/api/payments/checkout', { amountCents: 3100 }, { 'idempotency-key': key }))
        .status,
    ).toBe(409);
    expect(await app.db.select({ n: count() }).from(deposits).where(eq(deposits.userId, client.id))).toEqual([
      { n: 1 },
    ]);
  });

  it('refuses bad input with 400, a signed-out caller with 401, and the client’s own limit with 403 DEPOSIT_LIMIT, before Stripe is asked', async () => {
    const client = await createClient(app);
    const asked = standIn.log.length;
    const cases: [unknown, Record<string, string>, number][] = [
      [{ amountCents: 99 }, { 'idempotency-key': randomUUID() }, 400],
      [{ amountCents: 100_001 }, { 'idempotency-key': randomUUID() }, 400],
      [{ amountCents: 25.5 }, { 'idempotency-key': randomUUID() }, 400],
      [{ amountCents: '2500' }, { 'idempotency-key': randomUUID() }, 400],
      [{}, { 'idempotency-key': randomUUID() }, 400],
      [{ amountCents: 2500 }, {}, 400],
    ];
    for (const [body, headers, status] of cases) {
      const response = await http(app, client.cookie).post('/api/payments/checkout', body, headers);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    }
    expect(
      (await http(app).post('/api/payments/checkout', { amountCents: 2500 }, { 'idempotency-key': randomUUID() }))
        .status,
    ).toBe(401);
    expect((await http(app, client.cookie).put('/api/wallet/limits', { dailyCents: 2000 })).status).toBe(200);
    const limited = await http(app, client.cookie).post(
      '/api/payments/checkout',
      { amountCents: 2500 },
      { 'idempotency-key': randomUUID() },
    );
    expect(limited.status).toBe(403);
    expect(limited.body.error.code).toBe('DEPOSIT_LIMIT');
    expect(standIn.log.length).toBe(asked);
    expect(await app.db.select({ n: count() }).from(deposits).where(eq(deposits.userId, client.id))).toEqual([
      { n: 0 },
    ]);
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('credits the wallet once the card is paid on the hosted page, and tells the wallet’s socket', async () => {
    const client = await createClient(app);
    const session = await checkout(client, 2500);
    const socket = await app.connectSocket(client.cookie);
    const pushed = new Promise<unknown>((resolve) => socket.once('wallet_updated', resolve));
    const page = await fetch(session.url);
    expect(await page.text()).toContain('Card number');
    const paid = await fetch(session.url, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${TEST_ORIGIN}/dashboard/wallet?deposit=${session.depositId}`);
    expect(await pushed).toEqual({ balanceCents: 2500 });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(2500);
    expect(await depositRow(session.depositId)).toMatchObject({
      status: 'succeeded',
      paymentIntentId: expect.stringMatching(/^pi_/),
      balanceAfterCents: 2500,
    });
    expect((await http(app, client.cookie).get(`/api/payments/deposits/${session.depositId}`)).body.status).toBe(
      'succeeded',
    );
  });

  it('a declined card on the hosted page credits nothing', async () => {
    const client = await createClient(app);
    const session = await checkout(client, 2500);
    expect(await standIn.pay(session.checkoutSessionId, '4000 0000 0000 0002')).toEqual({ outcome: 'declined' });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(0);
    expect((await depositRow(session.depositId)).status).toBe('pending');
  });

  it('credits once for 20 concurrent deliveries of one event', async () => {
    const client = await createClient(app);
    const session = await checkout(client, 4321);
    const event = standIn.event('checkout.session.completed', standIn.completedSession(session.checkoutSessionId));
    const externalBefore = await externalCents();
    const answers = await Promise.all(Array.from({ length: 20 }, () => standIn.deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => (a.body as { outcome: string }).outcome === 'handled: credited')).toHaveLength(1);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(4321);
    expect((await externalCents()) - externalBefore).toBe(-4321);
    expect(
      await app.db
        .select({ n: count() })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.reference, `deposit:${session.depositId}`)),
    ).toEqual([{ n: 1 }]);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('credits once when two events announce the same payment, and never credits one payment intent to two deposits', async () => {
    const client = await createClient(app);
    const session = await checkout(client, 1500);
    const object = standIn.completedSession(session.checkoutSessionId);
    const answers = await Promise.all([
      standIn.deliver(standIn.event('checkout.session.completed', object)),
      standIn.deliver(standIn.event('checkout.session.async_payment_succeeded', object)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(1500);
    // Another deposit of the same amount named with the first one's payment intent.
    const other = await checkout(client, 1500);
    const reused = await standIn.deliver(
      standIn.event(
        'checkout.session.completed',
        standIn.completedSession(other.checkoutSessionId, { paymentIntent: object.payment_intent }),
      ),
    );
    expect(reused).toMatchObject({
      status: 200,
      body: { outcome: 'ignored: payment already credited to another deposit' },
    });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(1500);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refuses a forged, stale or missing signature with 400 and writes nothing', async () => {
    const client = await createClient(app);
    const session = await checkout(client, 2500);
    const event = standIn.event('checkout.session.completed', standIn.completedSession(session.checkoutSessionId));
    const transfersBefore = await transferCount();
    const eventsBefore = (await app.db.select({ n: count() }).from(providerEvents))[0]!.n;
    const nowSeconds = Math.floor(clock.now() / 1000);
    const attempts = [
      standIn.deliver(event, { secret: 'whsec_forged_by_someone_else' }),
      standIn.deliver(event, { timestampSeconds: nowSeconds - 301 }),
      standIn.deliver(event, { header: null }),
      standIn.deliver(event, { header: `t=${nowSeconds},v1=${'0'.repeat(64)}` }),
      standIn.deliver(event, { header: 'nonsense' }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(400);
      expect((answer.body as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    }
    // A body changed after signing does not check either.
    const tampered = await fetch(`${await app.listen()}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': (await import('../../payments/stripe-signature')).stripeSignatureHeader(
          standIn.webhookSecret,
          JSON.stringify(event),
          nowSeconds,
        ),
      },
      body: JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: 999_999 } } }),
    });
    expect(tampered.status).toBe(400);
    expect(await transferCount()).toBe(transfersBefore);
    expect((await app.db.select({ n: count() }).from(providerEvents))[0]!.n).toBe(eventsBefore);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(0);
    // Within the 5 minutes it is fine.
    expect((await standIn.deliver(event, { timestampSeconds: nowSeconds - 299 })).status).toBe(200);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(2500);
  });

  it('out of order: expired marks the deposit failed, a later success still credits once', async () => {
    const client = await createClient(app);
    const session = await checkout(client, 2000);
    const completed = standIn.event('checkout.session.completed', standIn.completedSession(session.checkoutSessionId));
    expect((await standIn.expire(session.checkoutSessionId)).status).toBe(200);
    expect(await depositRow(session.depositId)).toMatchObject({
      status: 'failed',
      failureMessage: expect.stringContaining('expired'),
    });
    clock.advance(60_000);
    expect((await standIn.deliver(completed)).body).toMatchObject({ outcome: 'handled: credited' });
    expect((await standIn.deliver(completed)).body).toMatchObject({ outcome: 'ignored: event already received' });
    // A late expiry after the credit changes nothing.
    expect((await standIn.expire(session.checkoutSessionId)).body).toMatchObject({
      outcome: 'ignored: deposit not pending',
    });
    expect(await depositRow(session.depositId)).toMatchObject({ status: 'succeeded', failureMessage: null });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(2000);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('credits nothing for a deposit we never created, another amount, another user or an unpaid session (200, logged)', async () => {
    const client = await createClient(app);
    const other = await createClient(app);
    const session = await checkout(client, 2500);
    const before = await transferCount();
    const base = standIn.completedSession(session.checkoutSessionId);
    const cases = [
      { ...base, metadata: { user_id: client.id, deposit_id: randomUUID() } },
      { ...base, amount_total: 2600 },
      { ...base, currency: 'eur' },
      { ...base, metadata: { user_id: other.id, deposit_id: session.depositId } },
      { ...base, payment_status: 'unpaid' },
      { ...base, metadata: {} },
    ];
    const outcomes = [];
    for (const object of cases) {
      const answer = await standIn.deliver(standIn.event('checkout.session.completed', object));
      expect(answer.status).toBe(200);
      outcomes.push((answer.body as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual([
      'ignored: unknown deposit',
      'ignored: amount differs from the deposit',
      'ignored: amount differs from the deposit',
      'ignored: deposit of another user',
      'ignored: not paid yet',
      'ignored: no deposit or payment intent named',
    ]);
    // Types we do not act on, and objects we cannot read, are answered 200 too.
    expect((await standIn.deliver(standIn.event('customer.created', { id: 'cus_1' }))).status).toBe(200);
    expect((await standIn.deliver(standIn.event('charge.dispute.created', { id: 'dp_x' }))).body).toMatchObject({
      outcome: 'ignored: object not understood',
    });
    expect(await transferCount()).toBe(before);
    expect((await depositRow(session.depositId)).status).toBe('pending');
  });

  it('answers 400 to a signed body that is not an event (no id, no data, an array, null, a NUL in its id) and records nothing', async () => {
    const client = await createClient(app);
    const session = await checkout(client, 2500);
    const event = standIn.event('checkout.session.completed', standIn.completedSession(session.checkoutSessionId));
    const { id: _id, ...withoutId } = event;
    const { data: _data, ...withoutData } = event;
    const { stripeSignatureHeader } = await import('../../payments/stripe-signature');
    const url = `${await app.listen()}/api/payments/stripe/webhook`;
    const postSigned = (payload: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignatureHeader(standIn.webhookSecret, payload, Math.floor(clock.now() / 1000)),
        },
        body: payload,
      });
    const transfersBefore = await transferCount();
    const eventsBefore = (await app.db.select({ n: count() }).from(providerEvents))[0]!.n;
    const bodies = [
      withoutId,
      withoutData,
      [event],
      null,
      { ...event, id: `${event.id}\u0000` },
      { ...event, data: { object: [] } },
      { ...event, data: null },
    ].map((body) => JSON.stringify(body));
    for (const payload of bodies) {
      const answer = await postSigned(payload);
      expect(answer.status, payload.slice(0, 60)).toBe(400);
      expect(await answer.json()).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message: 'This payload is not a Stripe event: it needs an id, a type and data.object',
        },
      });
    }
    expect((await app.db.select({ n: count() }).from(providerEvents))[0]!.n).toBe(eventsBefore);
    expect(await transferCount()).toBe(transfersBefore);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(0);
    // The same event whole still credits its 2500 cents, once.
    expect((await standIn.deliver(event)).body).toMatchObject({ outcome: 'handled: credited' });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(2500);
  });

  it('answers 500 when the database fails, so Stripe retries; the retry credits once', async () => {
    const client = await createClient(app);
    const session = await checkout(client, 1800);
    const event = standIn.event('checkout.session.completed', standIn.completedSession(session.checkoutSessionId));
    // The wallet's account goes missing for a moment: the credit's transaction fails and rolls back whole.
    const { ledgerAccounts } = await import('../../db/schema');
    await app.db
      .update(ledgerAccounts)
      .set({ id: `gone:${client.id}` })
      .where(eq(ledgerAccounts.id, `wallet:${client.id}`));
    const failed = await standIn.deliver(event);
    expect(failed.status).toBe(500);
    expect(await app.db.select({ n: count() }).from(providerEvents).where(eq(providerEvents.id, event.id))).toEqual([
      { n: 0 },
    ]);
    expect((await depositRow(session.depositId)).status).toBe('pending');
    await app.db
      .update(ledgerAccounts)
      .set({ id: `wallet:${client.id}` })
      .where(eq(ledgerAccounts.id, `gone:${client.id}`));
    expect((await standIn.deliver(event)).body).toMatchObject({ outcome: 'handled: credited' });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(1800);
  });

  it('shows another user’s deposit to no one but its owner', async () => {
    const client = await createClient(app);
    const other = await createClient(app);
    const session = await checkout(client, 1000);
    expect((await http(app, other.cookie).get(`/api/payments/deposits/${session.depositId}`)).status).toBe(404);
    expect((await http(app).get(`/api/payments/deposits/${session.depositId}`)).status).toBe(401);
  });
});
