import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { stripeTestApp } from '../../../../tests/integration/stripe-app';
import { eq } from 'drizzle-orm';
import { NOT_YOUR_CARD_MESSAGE } from '@shared/wallet';
import { deposits, paymentCustomers, savedCards } from '../../db/schema';
import { resumeAfterDeposit } from '../sessions';
import { checkLedger, getWalletBalanceCents, runDueAutoReloads } from '../wallet';

// Decision 039: a card used at checkout can be saved, listed, charged again and removed.
const clock = fakeClock();

const stripe = await stripeTestApp({ clock, env: { BILLING_MINUTE_MS: '60000' } });
const { app, standIn } = stripe;
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

describe('saved cards', () => {
  it('saves the card of a checkout that asks to, lists it, charges it off session, and removes it', async () => {
    const client = await createClient(app);
    const opened = await http(app, client.cookie).post(
      '/api/payments/checkout',
      { amountCents: 2500, saveCard: true },
      { 'idempotency-key': randomUUID() },
    );
    expect(opened.status).toBe(201);
    const session = standIn.checkoutSessions.get(opened.body.checkoutSessionId)!;
    expect(session).toMatchObject({ customer: expect.stringMatching(/^cus_standin_/), savesCard: true });
    expect((await http(app, client.cookie).get('/api/payments/cards')).body).toEqual({ cards: [] });
    await standIn.pay(session.id, '4242 4242 4242 4242');

    const listed = await http(app, client.cookie).get('/api/payments/cards');
    expect(listed.body.cards).toEqual([
      {
        id: expect.stringMatching(/^pm_card_standin_saved_/),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      },
    ]);
    const cardId = listed.body.cards[0].id as string;

    const charged = await http(app, client.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents: 1000, paymentMethodId: cardId },
      { 'idempotency-key': randomUUID() },
    );
    expect(charged.status).toBe(201);
    expect(charged.body).toMatchObject({ amountCents: 1000, balanceCents: 3500 });
    const create = standIn.log.find(
      (r) => r.path === '/v1/payment_intents' && r.params.get('payment_method') === cardId,
    )!;
    expect(create.params.get('customer')).toBe(session.customer);
    const confirm = standIn.log.find(
      (r) => r.path.endsWith('/confirm') && r.idempotencyKey === `deposit:${charged.body.depositId}:confirm`,
    )!;
    expect(confirm.params.get('off_session')).toBe('true');
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(3500);

    const other = await createClient(app);
    expect((await http(app, other.cookie).get('/api/payments/cards')).body).toEqual({ cards: [] });
    expect((await http(app, other.cookie).delete(`/api/payments/cards/${cardId}`)).status).toBe(404);
    expect((await http(app, client.cookie).delete(`/api/payments/cards/${cardId}`)).status).toBe(204);
    expect(standIn.detached).toContain(cardId);
    expect((await http(app, client.cookie).get('/api/payments/cards')).body).toEqual({ cards: [] });
  });

  it('a checkout that does not ask to save keeps no card; a card of a customer not ours is ignored', async () => {
    const client = await createClient(app);
    const session = await stripe.paidDeposit(client, 1000);
    expect(standIn.checkoutSessions.get(session.checkoutSessionId)).toMatchObject({ customer: null, savesCard: false });
    expect((await http(app, client.cookie).get('/api/payments/cards')).body).toEqual({ cards: [] });
    const stray = await standIn.deliver(
      standIn.event('payment_method.attached', {
        id: 'pm_x',
        customer: 'cus_not_ours',
        card: { brand: 'visa', last4: '1111', exp_month: 1, exp_year: 2031 },
      }),
    );
    expect(stray.body).toMatchObject({ outcome: 'ignored: customer of no user of ours' });
  });

  it("refuses B's deposit naming A's saved card before the provider is asked: 400, nothing charged or recorded", async () => {
    const owner = await createClient(app);
    const opened = await http(app, owner.cookie).post(
      '/api/payments/checkout',
      { amountCents: 2500, saveCard: true },
      { 'idempotency-key': randomUUID() },
    );
    await standIn.pay(opened.body.checkoutSessionId, '4242 4242 4242 4242');
    const [card] = (await http(app, owner.cookie).get('/api/payments/cards')).body.cards;
    const other = await createClient(app);
    const otherBalance = await getWalletBalanceCents(app.db, other.id);
    const asked = () => standIn.log.filter((r) => r.params.get('payment_method') === card.id).length;
    const askedBefore = asked();

    const refused = await http(app, other.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents: 1000, paymentMethodId: card.id },
      { 'idempotency-key': randomUUID() },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: NOT_YOUR_CARD_MESSAGE,
        fields: { paymentMethodId: NOT_YOUR_CARD_MESSAGE },
      },
    });
    expect(asked()).toBe(askedBefore);
    expect(await app.db.select().from(deposits).where(eq(deposits.userId, other.id))).toEqual([]);
    expect(await getWalletBalanceCents(app.db, other.id)).toBe(otherBalance);
    expect(await getWalletBalanceCents(app.db, owner.id)).toBe(2500);

    // The owner's own deposit with it still goes through: 2500 + 1000 cents.
    const own = await http(app, owner.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents: 1000, paymentMethodId: card.id },
      { 'idempotency-key': randomUUID() },
    );
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ amountCents: 1000, balanceCents: 3500 });
  });

  it('keeps cards to their owner', async () => {
    expect((await http(app).get('/api/payments/cards')).status).toBe(401);
    expect((await http(app).delete('/api/payments/cards/pm_1')).status).toBe(401);
  });
});

describe('auto-reload through Stripe', () => {
  const driver = readingDriver(app, clock, 60_000);
  const log = { error: (obj: unknown) => expect.unreachable(JSON.stringify(obj)) };
  const runReloads = () =>
    runDueAutoReloads({
      db: app.db,
      payments: app.payments,
      realtime: app.realtime,
      clock,
      onDeposited: (userId) => resumeAfterDeposit(app.sessions, userId),
      log,
    });

  it('charges the card saved at checkout off session when a reading finds the wallet short', async () => {
    const { client } = await driver.startReading({ rateCents: 299, balanceCents: 400 });
    const opened = await http(app, client.cookie).post(
      '/api/payments/checkout',
      { amountCents: 500, saveCard: true },
      { 'idempotency-key': randomUUID() },
    );
    await standIn.pay(opened.body.checkoutSessionId, '4242 4242 4242 4242');
    const [card] = (await http(app, client.cookie).get('/api/payments/cards')).body.cards;
    // 400 − 299 + 500 = 601, under the $7.00 threshold.
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(601);
    expect(
      (
        await http(app, client.cookie).put('/api/wallet/auto-reload', {
          enabled: true,
          thresholdCents: 700,
          amountCents: 2000,
          cardId: card.id,
        })
      ).status,
    ).toBe(200);
    expect(await runReloads()).toBe(1);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(2601);
    const charges = standIn.log.filter(
      (r) => r.path === '/v1/payment_intents' && r.params.get('payment_method') === card.id,
    );
    expect(charges.map((r) => [r.params.get('amount'), r.params.get('customer')])).toEqual([
      ['2000', expect.stringMatching(/^cus_standin_/)],
    ]);
  });

  it('a card that needs the person (3-D Secure) stops auto-reload with the reason; nothing is credited', async () => {
    const { client } = await driver.startReading({ rateCents: 299, balanceCents: 400 });
    await app.db.insert(paymentCustomers).values({ userId: client.id, customerId: `cus_${client.id}` });
    await app.db.insert(savedCards).values({
      id: 'pm_card_authenticationRequired',
      userId: client.id,
      brand: 'visa',
      last4: '3155',
      expMonth: 12,
      expYear: 2030,
    });
    await http(app, client.cookie).put('/api/wallet/auto-reload', {
      enabled: true,
      thresholdCents: 500,
      amountCents: 2000,
      cardId: 'pm_card_authenticationRequired',
    });
    expect(await runReloads()).toBe(1);
    const settings = (await http(app, client.cookie).get('/api/wallet/auto-reload')).body;
    expect(settings.failure.message).toMatch(/authentication/);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(101);
  });
});
