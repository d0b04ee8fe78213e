import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Promotion } from '@shared/promotions';
import { afterEach, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema';
import { createAdmin, createClient, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { stripeTestApp } from '../../../../tests/integration/stripe-app';
import { checkLedger, creditAccountId, getBalances, walletAccountId } from '../wallet';

// Decision 066: a code given at checkout earns its bonus when Stripe's event credits the deposit, and
// refunding or disputing that deposit takes back what is left of the bonus first.
const MINUTE = 60_000;
const clock = fakeClock();
const stripe = await stripeTestApp({ clock, env: { BILLING_MINUTE_MS: String(MINUTE) } });
const { app, standIn } = stripe;
const admin = await createAdmin(app);

afterEach(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

/** 50% of a top-up of at least $10.00, up to $10.00 of bonus, lasting 30 days. */
async function bonusCode(overrides: Record<string, unknown> = {}): Promise<Promotion> {
  const code = `B${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
  const created = await http(app, admin.cookie).post<Promotion>('/api/admin/promotions', {
    code,
    bonusPercent: 50,
    maxBonusCents: 1000,
    minTopUpCents: 1000,
    startsAt: new Date(clock.now()).toISOString(),
    creditDays: 30,
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}
const money = async (client: TestUser) => {
  const balances = await getBalances(app.db, [walletAccountId(client.id), creditAccountId(client.id)]);
  return { cash: balances.get(walletAccountId(client.id)) ?? 0, credit: balances.get(creditAccountId(client.id)) ?? 0 };
};
const listed = async (id: string) =>
  ((await http(app, admin.cookie).get('/api/admin/promotions')).body.promotions as Promotion[]).find(
    (p) => p.id === id,
  )!;
const depositCount = async (client: TestUser) =>
  (await app.db.select({ n: count() }).from(deposits).where(eq(deposits.userId, client.id)))[0]!.n;

describe('a code at checkout', () => {
  it('grants its bonus, up to its cap, when the deposit is credited, and previews it before', async () => {
    const promotion = await bonusCode();
    const client = await createClient(app);
    const preview = await http(app, client.cookie).post('/api/promotions/preview', {
      code: promotion.code.toLowerCase(),
      amountCents: 1600,
    });
    expect(preview.body).toMatchObject({ code: promotion.code, bonusCents: 800, creditDays: 30 });
    const session = await stripe.checkout(client, 3000, randomUUID(), { promoCode: promotion.code });
    // Nothing before the payment is credited.
    expect(await money(client)).toEqual({ cash: 0, credit: 0 });
    expect((await standIn.pay(session.checkoutSessionId, '4242424242424242')).outcome).toBe('paid');
    expect(await money(client)).toEqual({ cash: 3000, credit: 1000 });
    expect(await listed(promotion.id)).toMatchObject({ redemptions: 1, grantedCents: 1000 });
    // The wallet page, back from checkout, says what came with the payment.
    expect((await http(app, client.cookie).get(`/api/payments/deposits/${session.depositId}`)).body).toMatchObject({
      status: 'succeeded',
      amountCents: 3000,
      bonusCents: 1000,
    });
    const wallet = (await http(app, client.cookie).get('/api/wallet')).body;
    expect(wallet).toMatchObject({
      balanceCents: 3000,
      creditCents: 1000,
      nextCreditExpiry: { amountCents: 1000, expiresAt: new Date(clock.now() + 30 * 24 * 60 * MINUTE).toISOString() },
    });
  });

  it('refuses a code that cannot be used before anything is opened or asked of Stripe', async () => {
    const promotion = await bonusCode();
    const client = await createClient(app);
    const asked = standIn.log.length;
    for (const [amountCents, promoCode, message] of [
      [500, promotion.code, 'This code gives a bonus on a top-up of at least $10.00'],
      [2000, 'NOSUCHCODE', 'This code is not valid'],
    ] as const) {
      const refused = await http(app, client.cookie).post(
        '/api/payments/checkout',
        { amountCents, promoCode },
        { 'idempotency-key': randomUUID() },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'PROMOTION_UNAVAILABLE', message });
    }
    expect(await depositCount(client)).toBe(0);
    expect(standIn.log.length).toBe(asked);
  });

  it('credits the deposit without a bonus when the code was used up between checkout and payment', async () => {
    const promotion = await bonusCode({ maxRedemptions: 1 });
    const [first, second] = [await createClient(app), await createClient(app)];
    const late = await stripe.checkout(second, 2000, randomUUID(), { promoCode: promotion.code });
    await stripe.paidDeposit(first, 2000, { promoCode: promotion.code });
    expect((await standIn.pay(late.checkoutSessionId, '4242424242424242')).outcome).toBe('paid');
    expect(await money(first)).toEqual({ cash: 2000, credit: 1000 });
    expect(await money(second)).toEqual({ cash: 2000, credit: 0 });
    expect(await listed(promotion.id)).toMatchObject({ redemptions: 1, grantedCents: 1000 });
  });
});

describe('a deposit that earned a bonus', () => {
  /** A client who topped up $30.00 with a $10.00 bonus and spent $4.00 of it on a one-minute reading. */
  async function clientWhoSpentBonus() {
    const promotion = await bonusCode();
    const client = await createClient(app);
    const deposit = await stripe.paidDeposit(client, 3000, { promoCode: promotion.code });
    const { id } = await readingDriver(app, clock, MINUTE).startReading({ rateCents: 400, balanceCents: 0, client });
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
    expect(await money(client)).toEqual({ cash: 3000, credit: 600 });
    return { client, deposit, promotion };
  }

  it('refunded to the card: what is left of the bonus goes back first, what was spent stays spent', async () => {
    const { client, deposit, promotion } = await clientWhoSpentBonus();
    standIn.holdRefundEvents();
    const refund = await http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, {
      amountCents: 1000,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    await standIn.releaseRefundEvents();
    expect(await money(client)).toEqual({ cash: 2000, credit: 0 });
    expect(await listed(promotion.id)).toMatchObject({ grantedCents: 1000, spentCents: 400, expiredCents: 600 });
    const lines = (await http(app, client.cookie).get('/api/wallet')).body;
    expect(lines).toMatchObject({ creditCents: 0, nextCreditExpiry: null });
  });

  it('disputed: what is left of the bonus goes back when the dispute opens', async () => {
    const { client, deposit } = await clientWhoSpentBonus();
    expect((await standIn.dispute(deposit.paymentIntentId, 3000, 'needs_response')).status).toBe(200);
    expect(await money(client)).toEqual({ cash: 3000, credit: 0 });
  });
});

describe('the welcome offer', () => {
  it('reaches a new client’s first top-up without a code, shown before they pay, and never a second top-up', async () => {
    const welcome = await bonusCode({ bonusPercent: 100, maxBonusCents: 1000, minTopUpCents: 0, welcome: true });
    expect(welcome).toMatchObject({ welcome: true, newClientsOnly: true });
    const client = await createClient(app);
    expect((await http(app, client.cookie).get('/api/promotions/welcome')).body).toEqual({
      offer: {
        code: welcome.code,
        creditCents: 0,
        bonusPercent: 100,
        maxBonusCents: 1000,
        minTopUpCents: 0,
        bonusCents: 0,
        creditDays: 30,
      },
    });
    await stripe.paidDeposit(client, 800);
    expect(await money(client)).toEqual({ cash: 800, credit: 800 });
    expect((await http(app, client.cookie).get('/api/promotions/welcome')).body).toEqual({ offer: null });
    await stripe.paidDeposit(client, 800);
    expect(await money(client)).toEqual({ cash: 1600, credit: 800 });
    // Paused, it reaches no one.
    expect((await http(app, admin.cookie).patch(`/api/admin/promotions/${welcome.id}`, { paused: true })).status).toBe(
      200,
    );
    const late = await createClient(app);
    expect((await http(app, late.cookie).get('/api/promotions/welcome')).body).toEqual({ offer: null });
    await stripe.paidDeposit(late, 800);
    expect(await money(late)).toEqual({ cash: 800, credit: 0 });
  });
});
