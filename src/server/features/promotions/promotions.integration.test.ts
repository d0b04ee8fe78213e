import { randomUUID } from 'node:crypto';
import { splitCharge } from '@shared/money';
import type { Promotion } from '@shared/promotions';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import { runDueWork } from '../sessions';
import {
  checkLedger,
  creditAccountId,
  escrowAccountId,
  getBalances,
  MARKETING_ACCOUNT_ID,
  walletAccountId,
} from '../wallet';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const { app, clock, driver } = await readingTestApp(MINUTE);
const admin = await createAdmin(app);

afterEach(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const uniqueCode = () => `T${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
const now = () => new Date(clock.now()).toISOString();

async function newCode(overrides: Record<string, unknown> = {}): Promise<Promotion> {
  const created = await http(app, admin.cookie).post<Promotion>('/api/admin/promotions', {
    code: uniqueCode(),
    creditCents: 500,
    startsAt: now(),
    creditDays: 30,
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}
const redeem = (user: TestUser, code: string) => http(app, user.cookie).post('/api/promotions/redeem', { code });
const wallet = async (user: TestUser) => (await http(app, user.cookie).get('/api/wallet')).body;
const listed = async (id: string) =>
  ((await http(app, admin.cookie).get('/api/admin/promotions')).body.promotions as Promotion[]).find(
    (p) => p.id === id,
  )!;

describe('POST /api/admin/promotions', () => {
  it('creates a code in upper case with its limits, and lists it with its figures at zero', async () => {
    const code = uniqueCode();
    const created = await http(app, admin.cookie).post('/api/admin/promotions', {
      code: code.toLowerCase(),
      creditCents: 1000,
      bonusPercent: 50,
      minTopUpCents: 2000,
      maxBonusCents: 1500,
      startsAt: now(),
      endsAt: new Date(clock.now() + 7 * DAY).toISOString(),
      creditDays: 14,
      maxRedemptions: 100,
      budgetCents: 50_000,
      newClientsOnly: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code,
      creditCents: 1000,
      bonusPercent: 50,
      maxBonusCents: 1500,
      state: 'active',
      redemptions: 0,
      grantedCents: 0,
      spentCents: 0,
      expiredCents: 0,
    });
    expect(await listed(created.body.id)).toEqual(created.body);
  });

  it('names each bad field, and refuses a code already in use', async () => {
    const bad = await http(app, admin.cookie).post('/api/admin/promotions', {
      code: 'no spaces!',
      creditCents: -1,
      startsAt: 'soon',
      creditDays: 0,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['code', 'creditCents', 'creditDays', 'startsAt']);
    const nothing = await http(app, admin.cookie).post('/api/admin/promotions', {
      code: uniqueCode(),
      startsAt: now(),
      creditDays: 30,
    });
    expect(nothing.body.error.fields).toEqual({ creditCents: 'Give a credit, a bonus percentage, or both' });
    const uncapped = await http(app, admin.cookie).post('/api/admin/promotions', {
      code: uniqueCode(),
      bonusPercent: 100,
      startsAt: now(),
      creditDays: 30,
    });
    expect(uncapped.body.error.fields).toEqual({ maxBonusCents: 'A bonus needs a cap' });
    const { code } = await newCode();
    const again = await http(app, admin.cookie).post('/api/admin/promotions', {
      code: code.toLowerCase(),
      creditCents: 100,
      startsAt: now(),
      creditDays: 30,
    });
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ code: `There is already a promotion with the code ${code}` });
  });

  it('is the admin’s alone', async () => {
    for (const user of [await createClient(app), await createReader(app)]) {
      expect(
        (
          await http(app, user.cookie).post('/api/admin/promotions', {
            code: uniqueCode(),
            creditCents: 100,
            startsAt: now(),
            creditDays: 1,
          })
        ).status,
      ).toBe(403);
      expect((await http(app, user.cookie).get('/api/admin/promotions')).status).toBe(403);
    }
    expect((await http(app).get('/api/admin/promotions')).status).toBe(401);
  });
});

describe('POST /api/promotions/redeem', () => {
  it('gives the credit apart from the cash, once per person, whatever case the code is typed in', async () => {
    const promotion = await newCode({ creditCents: 750, creditDays: 10 });
    const client = await createClient(app, { balanceCents: 1000 });
    const redeemed = await redeem(client, promotion.code.toLowerCase());
    expect(redeemed.status).toBe(200);
    const expiresAt = new Date(clock.now() + 10 * DAY).toISOString();
    expect(redeemed.body).toEqual({ creditCents: 750, expiresAt });
    expect(await wallet(client)).toMatchObject({
      balanceCents: 1000,
      creditCents: 750,
      nextCreditExpiry: { amountCents: 750, expiresAt },
    });
    // The profile every page reads says what the client can spend: cash and credit.
    expect((await http(app, client.cookie).get('/api/auth/profile')).body).toMatchObject({
      walletBalanceCents: 1000,
      creditCents: 750,
    });
    const twice = await redeem(client, promotion.code);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({ code: 'PROMOTION_UNAVAILABLE', message: 'You have already used this code' });
    expect(await listed(promotion.id)).toMatchObject({ redemptions: 1, grantedCents: 750 });
  });

  it('refuses an unknown, paused, not yet started, ended or bonus-only code, and changes nothing', async () => {
    const client = await createClient(app);
    const refusal = async (code: string) => {
      const response = await redeem(client, code);
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('PROMOTION_UNAVAILABLE');
      return response.body.error.message as string;
    };
    expect(await refusal(uniqueCode())).toBe('This code is not valid');
    const paused = await newCode();
    expect(
      (await http(app, admin.cookie).patch(`/api/admin/promotions/${paused.id}`, { paused: true })).body,
    ).toMatchObject({ paused: true, state: 'paused' });
    expect(await refusal(paused.code)).toBe('This code is not available right now');
    const later = await newCode({ startsAt: new Date(clock.now() + DAY).toISOString() });
    expect(await refusal(later.code)).toBe('This code is not available right now');
    const ended = await newCode({
      startsAt: new Date(clock.now() - 2 * DAY).toISOString(),
      endsAt: new Date(clock.now() - DAY).toISOString(),
    });
    expect(await refusal(ended.code)).toBe('This code has expired');
    const bonus = await newCode({ creditCents: 0, bonusPercent: 100, maxBonusCents: 1000 });
    expect(await refusal(bonus.code)).toBe('This code gives a bonus on a top-up: enter it when you add funds');
    expect(await wallet(client)).toMatchObject({ creditCents: 0, nextCreditExpiry: null });
    // Resumed, it works again.
    expect(
      (await http(app, admin.cookie).patch(`/api/admin/promotions/${paused.id}`, { paused: false })).body.state,
    ).toBe('active');
    expect((await redeem(client, paused.code)).status).toBe(200);
  });

  it('keeps new-client codes from clients who have deposited, and every offer from a client at their own deposit limit', async () => {
    const promotion = await newCode({ newClientsOnly: true });
    const depositor = await createClient(app);
    const deposited = await http(app, depositor.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents: 1000, paymentMethodId: 'pm_card_visa' },
      { 'idempotency-key': randomUUID() },
    );
    expect(deposited.status).toBe(201);
    expect((await redeem(depositor, promotion.code)).body.error.message).toBe('This code is for new clients');

    const limited = await createClient(app);
    expect((await http(app, limited.cookie).put('/api/wallet/limits', { dailyCents: 1000 })).status).toBe(200);
    expect(
      (
        await http(app, limited.cookie).post(
          '/api/payments/wallet-deposit',
          { amountCents: 1000, paymentMethodId: 'pm_card_visa' },
          { 'idempotency-key': randomUUID() },
        )
      ).status,
    ).toBe(201);
    const open = await newCode();
    expect((await redeem(limited, open.code)).body.error.message).toBe(
      'Offers are paused while you are at a deposit limit you set',
    );
    expect(await wallet(limited)).toMatchObject({ balanceCents: 1000, creditCents: 0 });
  });

  it('lets exactly the limit through when twenty clients race for a code’s last redemptions', async () => {
    const promotion = await newCode({ creditCents: 200, maxRedemptions: 5 });
    const clients = await Promise.all(Array.from({ length: 20 }, () => createClient(app)));
    const answers = await Promise.all(clients.map((client) => redeem(client, promotion.code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error.message)).toEqual(
      Array(15).fill('This code has been used up'),
    );
    expect(await listed(promotion.id)).toMatchObject({ redemptions: 5, grantedCents: 1000, state: 'used_up' });
  });

  it('never grants a cent past the budget when twenty clients race for it', async () => {
    const promotion = await newCode({ creditCents: 300, budgetCents: 1000 });
    const clients = await Promise.all(Array.from({ length: 20 }, () => createClient(app)));
    const answers = await Promise.all(clients.map((client) => redeem(client, promotion.code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(await listed(promotion.id)).toMatchObject({ redemptions: 3, grantedCents: 900, state: 'used_up' });
  });

  it('is for clients: a reader or an admin is refused', async () => {
    const { code } = await newCode();
    for (const user of [await createReader(app), admin]) expect((await redeem(user, code)).status).toBe(403);
  });
});

describe('a code with a direct deposit (a saved card)', () => {
  const deposit = (client: TestUser, amountCents: number, promoCode: string) =>
    http(app, client.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents, paymentMethodId: 'pm_card_visa', promoCode },
      { 'idempotency-key': randomUUID() },
    );

  it('grants the code’s credit and bonus with the deposit, and refuses a code before the card is charged', async () => {
    const promotion = await newCode({ creditCents: 100, bonusPercent: 100, maxBonusCents: 1000 });
    const client = await createClient(app);
    const refused = await deposit(client, 2000, 'NOTACODE');
    expect(refused.status).toBe(409);
    expect(await wallet(client)).toMatchObject({ balanceCents: 0, creditCents: 0 });
    const paid = await deposit(client, 2000, promotion.code.toLowerCase());
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // $1.00 of credit and 100% of $20.00, capped at $10.00.
    expect(await wallet(client)).toMatchObject({ balanceCents: 2000, creditCents: 1100 });
    expect((await deposit(client, 2000, promotion.code)).body.error.message).toBe('You have already used this code');
  });
});

describe('credit in a reading', () => {
  it('pays first, soonest to expire first, then cash; the reader earns 70% of the full price', async () => {
    const creditSpent = async () =>
      (await http(app, admin.cookie).get('/api/admin/stats')).body.promotionalCreditSpentCents as number;
    const spentBefore = await creditSpent();
    const client = await createClient(app, { balanceCents: 1000 });
    const later = await newCode({ creditCents: 300, creditDays: 30 });
    const sooner = await newCode({ creditCents: 200, creditDays: 5 });
    for (const { code } of [later, sooner]) expect((await redeem(client, code)).status).toBe(200);

    const { reader, id } = await driver.startReading({ rateCents: 299, balanceCents: 0, client });
    // Minute 1: 299 of credit (200 of the sooner code, 99 of the later).
    expect(await wallet(client)).toMatchObject({
      balanceCents: 1000,
      creditCents: 201,
      nextCreditExpiry: { amountCents: 201 },
    });
    await driver.nextMinute(id);
    // Minute 2: the last 201 of credit and 98 of cash.
    expect(await wallet(client)).toMatchObject({ balanceCents: 902, creditCents: 0, nextCreditExpiry: null });
    await driver.nextMinute(id);
    expect(await wallet(client)).toMatchObject({ balanceCents: 603, creditCents: 0 });
    const balances = await getBalances(app.db, [escrowAccountId(reader.id), creditAccountId(client.id)]);
    expect(balances.get(escrowAccountId(reader.id))).toBe(3 * splitCharge(299).readerCents);
    expect(balances.get(creditAccountId(client.id))).toBe(0);
    expect(await listed(later.id)).toMatchObject({ spentCents: 300 });
    expect(await listed(sooner.id)).toMatchObject({ spentCents: 200 });
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
    // The receipt: what credit paid of each minute.
    const receipt = (await http(app, client.cookie).get(`/api/sessions/${id}/receipt`)).body;
    expect(
      receipt.minutes.map((line: { amountCents: number; creditCents: number }) => [line.amountCents, line.creditCents]),
    ).toEqual([
      [299, 299],
      [299, 201],
      [299, 0],
    ]);
    expect(receipt).toMatchObject({ totalCents: 897, creditCents: 500 });
    // The admin's dashboard counts it as marketing cost.
    expect(await creditSpent()).toBe(spentBefore + 500);
    // The activity: the two grants, and the reading at its full price with what credit paid of it;
    // credit moving into the wallet is not a line of its own.
    const { transactions } = await wallet(client);
    expect(
      transactions.map(
        (t: { kind: string; amountCents: number; creditCents: number; counterpart: { type: string } }) => [
          t.kind,
          t.amountCents,
          t.creditCents,
          t.counterpart.type,
        ],
      ),
    ).toEqual([
      ['session_charge', -897, 500, 'session'],
      ['credit_grant', 200, 0, 'platform'],
      ['credit_grant', 300, 0, 'platform'],
      ['deposit', 1000, 0, 'payment'],
    ]);
  });

  it('lets credit alone start a reading', async () => {
    const client = await createClient(app);
    const { code } = await newCode({ creditCents: 600 });
    expect((await redeem(client, code)).status).toBe(200);
    const { id } = await driver.startReading({ rateCents: 299, balanceCents: 0, client });
    expect(await wallet(client)).toMatchObject({ balanceCents: 0, creditCents: 301 });
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
  });

  it('gives a refunded reading’s credit back as credit with its expiry, and only the cash part as cash', async () => {
    const client = await createClient(app, { balanceCents: 1000 });
    const promotion = await newCode({ creditCents: 400, creditDays: 20 });
    expect((await redeem(client, promotion.code)).status).toBe(200);
    const { id } = await driver.startReading({ rateCents: 299, balanceCents: 0, client });
    await driver.nextMinute(id);
    expect(await wallet(client)).toMatchObject({ balanceCents: 802, creditCents: 0 });
    clock.advance(MINUTE / 4);
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    expect(ended.body).toMatchObject({ refundedCents: 598 });
    const after = await wallet(client);
    expect(after).toMatchObject({ balanceCents: 1000, creditCents: 400 });
    expect((await wallet(client)).transactions[0]).toMatchObject({
      kind: 'refund',
      amountCents: 598,
      creditCents: -400,
    });
    // Its own expiry: 20 days from the redemption, a few minutes ago.
    expect(Date.parse(after.nextCreditExpiry.expiresAt)).toBeGreaterThan(clock.now() + 19 * DAY);
    expect(await listed(promotion.id)).toMatchObject({ spentCents: 0 });
  });
});

describe('credit for a written question (held)', () => {
  it('pays first into the hold, stays spent when answered, and comes back as credit when the question is refunded', async () => {
    const reader = await createReader(app);
    expect(
      (
        await http(app, reader.cookie).patch('/api/readers/me', {
          writtenReadingPriceCents: 1999,
          writtenReadingAnswerHours: 24,
        })
      ).status,
    ).toBe(200);
    const question = 'Will my sister and I speak again before the winter ends?';
    const answer =
      'The cards show a letter crossing water: she is closer to reaching out than you think, and you will speak.';
    const [answered, unanswered] = [
      await createClient(app, { balanceCents: 1000 }),
      await createClient(app, { balanceCents: 1000 }),
    ];
    const { code } = await newCode({ creditCents: 1500 });
    const asked: string[] = [];
    for (const client of [answered, unanswered]) {
      expect((await redeem(client, code)).status).toBe(200);
      const response = await http(app, client.cookie).post('/api/written-readings', { readerId: reader.id, question });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      asked.push(response.body.id);
      // 1,500 of credit and 499 of cash.
      expect(await wallet(client)).toMatchObject({ balanceCents: 501, creditCents: 0, onHoldCents: 1999 });
    }
    expect((await http(app, reader.cookie).post(`/api/written-readings/${asked[0]}/answer`, { answer })).status).toBe(
      200,
    );
    clock.advance(DAY);
    await runDueWork(app.sessions);
    expect(await wallet(answered)).toMatchObject({ balanceCents: 501, creditCents: 0, onHoldCents: 0 });
    expect(await wallet(unanswered)).toMatchObject({ balanceCents: 1000, creditCents: 1500, onHoldCents: 0 });
  });
});

describe('expiry', () => {
  it('takes back what is left once, and the client can no longer spend it', async () => {
    const client = await createClient(app);
    const promotion = await newCode({ creditCents: 500, creditDays: 1 });
    expect((await redeem(client, promotion.code)).status).toBe(200);
    const { id } = await driver.startReading({ rateCents: 299, balanceCents: 0, client });
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
    const marketingBefore = (await getBalances(app.db, [MARKETING_ACCOUNT_ID])).get(MARKETING_ACCOUNT_ID)!;

    clock.advance(DAY);
    expect(await wallet(client)).toMatchObject({ creditCents: 0, nextCreditExpiry: null });
    await runDueWork(app.sessions);
    await runDueWork(app.sessions);
    const balances = await getBalances(app.db, [
      MARKETING_ACCOUNT_ID,
      creditAccountId(client.id),
      walletAccountId(client.id),
    ]);
    expect(balances.get(creditAccountId(client.id))).toBe(0);
    expect(balances.get(MARKETING_ACCOUNT_ID)).toBe(marketingBefore + 201);
    expect(await listed(promotion.id)).toMatchObject({ grantedCents: 500, spentCents: 299, expiredCents: 201 });
    expect((await wallet(client)).transactions[0]).toMatchObject({
      kind: 'credit_expiry',
      amountCents: -201,
      creditCents: 0,
      counterpart: { type: 'platform' },
    });
    const reader = await createReader(app, { chatRateCents: 299 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const refused = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(refused.status).toBe(402);
  });
});
