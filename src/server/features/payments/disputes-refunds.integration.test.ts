import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositRefunds, deposits, ledgerTransfers } from '../../db/schema';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { stripeTestApp } from '../../../../tests/integration/stripe-app';
import { checkLedger, getBalances, revenueAccountFor, SYSTEM_ACCOUNTS, transfer } from '../wallet';

// Decision 039: chargebacks freeze, then debit through the ledger when lost; refunds to the card move
// in the ledger only when Stripe confirms them (charge.refunded).
const MINUTE = 60_000;
const clock = fakeClock();
let admin: TestUser;

const stripe = await stripeTestApp({ clock, env: { BILLING_MINUTE_MS: String(MINUTE) } });
const { app, standIn } = stripe;
beforeAll(async () => {
  admin = await createAdmin(app);
});
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

async function accounts(userId: string) {
  const ids = {
    wallet: `wallet:${userId}`,
    hold: `hold:${userId}`,
    disputes: `disputes:${userId}`,
    external: SYSTEM_ACCOUNTS.external,
  };
  const found = await getBalances(app.db, Object.values(ids));
  return {
    wallet: found.get(ids.wallet) ?? 0,
    hold: found.get(ids.hold) ?? 0,
    disputes: found.get(ids.disputes) ?? 0,
    external: found.get(ids.external) ?? 0,
  };
}
const transferCount = async () => (await app.db.select({ n: count() }).from(ledgerTransfers))[0]!.n;
const depositRow = async (id: string) => (await app.db.select().from(deposits).where(eq(deposits.id, id)))[0]!;

/** A client who paid $50.00 by card and spent $10.00 of it on a one-minute reading. */
async function clientWhoSpent() {
  const client = await createClient(app);
  const deposit = await stripe.paidDeposit(client, 5000);
  const { id } = await readingDriver(app, clock, MINUTE).startReading({ rateCents: 1000, balanceCents: 0, client });
  expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
  expect((await accounts(client.id)).wallet).toBe(4000);
  return { client, deposit };
}

describe('disputes (chargebacks)', () => {
  it('charge.dispute.created freezes the wallet: no new reading, gift or order, and the person is told why', async () => {
    const client = await createClient(app);
    const deposit = await stripe.paidDeposit(client, 5000);
    const reader = await createReader(app, { chatRateCents: 500 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const created = await standIn.dispute(deposit.paymentIntentId, 5000, 'needs_response');
    expect(created).toMatchObject({ status: 200, body: { outcome: 'handled: wallet frozen' } });

    const before = await transferCount();
    const refused = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'WALLET_FROZEN',
      message: expect.stringContaining('disputes one of your card payments'),
    });
    expect((await http(app, client.cookie).get('/api/wallet')).body.frozenReason).toMatch(/on hold/);
    expect(await transferCount()).toBe(before);
    expect((await accounts(client.id)).wallet).toBe(5000);
  });

  it('a lost dispute debits exactly the disputed amount: the wallet what it holds, the disputes: account the rest', async () => {
    const { client, deposit } = await clientWhoSpent();
    await standIn.dispute(deposit.paymentIntentId, 5000, 'needs_response');
    const before = await accounts(client.id);
    const lost = await standIn.dispute(deposit.paymentIntentId, 5000, 'lost');
    expect(lost).toMatchObject({ status: 200, body: { outcome: 'handled: dispute lost, debited' } });
    const after = await accounts(client.id);
    expect({
      wallet: after.wallet,
      disputes: after.disputes,
      externalChange: after.external - before.external,
    }).toEqual({ wallet: 0, disputes: -1000, externalChange: 5000 });
    // Replayed, or closed again, it takes nothing more.
    expect((await standIn.dispute(deposit.paymentIntentId, 5000, 'lost')).body).toMatchObject({
      outcome: 'ignored: dispute already lost',
    });
    expect(await accounts(client.id)).toEqual(after);
    expect(await depositRow(deposit.depositId)).toMatchObject({ disputeStatus: 'lost', status: 'succeeded' });
    const lines = await app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `deposit:${deposit.depositId}`));
    expect(lines.map((t) => [t.kind, t.debitAccountId, t.creditAccountId, Number(t.amountCents)]).sort()).toEqual(
      [
        ['chargeback', `disputes:${client.id}`, SYSTEM_ACCOUNTS.external, 1000],
        ['chargeback', `wallet:${client.id}`, SYSTEM_ACCOUNTS.external, 4000],
        ['deposit', SYSTEM_ACCOUNTS.external, `wallet:${client.id}`, 5000],
      ].sort(),
    );
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('a won dispute unfreezes and moves nothing', async () => {
    const client = await createClient(app);
    const deposit = await stripe.paidDeposit(client, 3000);
    await standIn.dispute(deposit.paymentIntentId, 3000, 'needs_response');
    const before = await transferCount();
    expect((await standIn.dispute(deposit.paymentIntentId, 3000, 'won')).body).toMatchObject({
      outcome: 'handled: dispute won, unfrozen',
    });
    expect(await transferCount()).toBe(before);
    expect((await http(app, client.cookie).get('/api/wallet')).body).toMatchObject({
      balanceCents: 3000,
      frozenReason: null,
    });
  });

  it('ignores a dispute of a payment we never credited', async () => {
    const before = await transferCount();
    expect((await standIn.dispute('pi_not_ours', 1000, 'lost')).body).toMatchObject({
      outcome: 'ignored: dispute of no deposit of ours',
    });
    expect(await transferCount()).toBe(before);
  });
});

describe('POST /api/admin/deposits/:id/refund', () => {
  it('asks Stripe with an idempotency key, holds the amount meanwhile, and sends it to the card only on charge.refunded, once', async () => {
    const { client, deposit } = await clientWhoSpent();
    standIn.holdRefundEvents();
    const before = await accounts(client.id);
    const transfersBefore = await transferCount();
    const answer = await http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, {
      amountCents: 1500,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ depositId: deposit.depositId, amountCents: 1500, status: 'pending' });
    const asked = standIn.log.filter(
      (r) => r.path === '/v1/refunds' && r.params.get('payment_intent') === deposit.paymentIntentId,
    );
    expect(asked.map((r) => [r.params.get('amount'), r.idempotencyKey])).toEqual([
      ['1500', `refund:${answer.body.refundId}`],
    ]);
    // Stripe answered, but has not confirmed: nothing left for the card; the $15.00 is held, out of the wallet's reach.
    expect(await transferCount()).toBe(transfersBefore + 1);
    expect(await accounts(client.id)).toEqual({ ...before, wallet: 2500, hold: 1500 });
    // The client's wallet names the hold for what it is.
    const wallet = await http(app, client.cookie).get('/api/wallet');
    expect(wallet.status).toBe(200);
    expect(wallet.body).toMatchObject({
      onHoldCents: 1500,
      holds: [{ kind: 'card_refund', id: answer.body.refundId, amountCents: 1500 }],
    });
    // The admin's list shows the refund under way and what is left to refund: the wallet holds
    // $40.00, $15.00 of which is on its way back, so $25.00 (not the $35.00 left of the deposit).
    const listed = await http(app, admin.cookie).get(`/api/admin/users/${client.id}/card-payments`);
    expect(listed.body.payments).toEqual([
      {
        depositId: deposit.depositId,
        amountCents: 5000,
        createdAt: expect.any(String),
        refundedCents: 0,
        pendingRefundCents: 1500,
        refundableCents: 2500,
        disputeStatus: null,
      },
    ]);
    const beyondWallet = await http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, {
      amountCents: 2501,
    });
    expect(beyondWallet.body.error.message).toBe('At most $25.00 of this deposit can be refunded');

    const confirmed = await standIn.releaseRefundEvents();
    expect(confirmed.map((c) => c.body)).toMatchObject([{ outcome: 'handled: refund moved' }]);
    const after = await accounts(client.id);
    expect({
      wallet: after.wallet,
      hold: after.hold,
      disputes: after.disputes,
      externalChange: after.external - before.external,
    }).toEqual({ wallet: 2500, hold: 0, disputes: 0, externalChange: 1500 });
    expect(await depositRow(deposit.depositId)).toMatchObject({ refundedCents: 1500 });
    expect(
      (await app.db.select().from(depositRefunds).where(eq(depositRefunds.id, answer.body.refundId)))[0],
    ).toMatchObject({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });

    // At most what is still in the wallet from the deposit: $25.00 left of it, so $25.01 is refused.
    const over = await http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, {
      amountCents: 2501,
    });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe('At most $25.00 of this deposit can be refunded');
    // A second refund; its event, replayed, moves once.
    expect(
      (await http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, { amountCents: 2500 }))
        .status,
    ).toBe(201);
    const [second] = await standIn.releaseRefundEvents();
    expect(second!.body).toMatchObject({ outcome: 'handled: refund moved' });
    expect((await accounts(client.id)).wallet).toBe(0);
    expect(await depositRow(deposit.depositId)).toMatchObject({ refundedCents: 4000 });
    expect(
      (await http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, { amountCents: 1 }))
        .status,
    ).toBe(400);
    expect(
      (await http(app, admin.cookie).get(`/api/admin/users/${client.id}/card-payments`)).body.payments,
    ).toMatchObject([{ refundedCents: 4000, pendingRefundCents: 0, refundableCents: 0 }]);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('lists and refunds every card payment: the checkout, and the deposits charged to the card it saved', async () => {
    const luna = await createClient(app);
    const opened = await http(app, luna.cookie).post(
      '/api/payments/checkout',
      { amountCents: 2000, saveCard: true },
      { 'idempotency-key': randomUUID() },
    );
    const checkoutDepositId = standIn.checkoutSessions.get(opened.body.checkoutSessionId)!.metadata.deposit_id!;
    await standIn.pay(opened.body.checkoutSessionId, '4242 4242 4242 4242');
    const [card] = (await http(app, luna.cookie).get('/api/payments/cards')).body.cards;
    const depositOnCard = async (amountCents: number) => {
      clock.advance(1000);
      const charged = await http(app, luna.cookie).post(
        '/api/payments/wallet-deposit',
        { amountCents, paymentMethodId: card.id },
        { 'idempotency-key': randomUUID() },
      );
      expect(charged.status, JSON.stringify(charged.body)).toBe(201);
      return charged.body.depositId as string;
    };
    const savedCardDepositId = await depositOnCard(5000);
    // A deposit charged to a saved card before its PaymentIntent was kept with it (only as the provider's reference).
    const olderDepositId = await depositOnCard(1000);
    await app.db.update(deposits).set({ paymentIntentId: null }).where(eq(deposits.id, olderDepositId));

    const listed = await http(app, admin.cookie).get(`/api/admin/users/${luna.id}/card-payments`);
    expect(
      listed.body.payments.map((p: { depositId: string; amountCents: number; refundableCents: number }) => [
        p.depositId,
        p.amountCents,
        p.refundableCents,
      ]),
    ).toEqual([
      [olderDepositId, 1000, 1000],
      [savedCardDepositId, 5000, 5000],
      [checkoutDepositId, 2000, 2000],
    ]);

    standIn.holdRefundEvents();
    for (const [depositId, amountCents] of [
      [savedCardDepositId, 5000],
      [olderDepositId, 1000],
    ] as const) {
      const refunded = await http(app, admin.cookie).post(`/api/admin/deposits/${depositId}/refund`, { amountCents });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
      const paymentIntent = (await depositRow(depositId)).providerReference!;
      expect(paymentIntent).toMatch(/^pi_/);
      expect(standIn.refunds.filter((r) => r.paymentIntent === paymentIntent).map((r) => r.amount)).toEqual([
        amountCents,
      ]);
    }
    expect((await standIn.releaseRefundEvents()).map((c) => c.body)).toMatchObject([
      { outcome: 'handled: refund moved' },
      { outcome: 'handled: refund moved' },
    ]);
    expect(await accounts(luna.id)).toMatchObject({ wallet: 2000, hold: 0, disputes: 0 });
    expect(await depositRow(savedCardDepositId)).toMatchObject({ refundedCents: 5000 });
    expect(await depositRow(olderDepositId)).toMatchObject({ refundedCents: 1000 });
    expect(
      (await http(app, admin.cookie).get(`/api/admin/users/${luna.id}/card-payments`)).body.payments.map(
        (p: { refundableCents: number }) => p.refundableCents,
      ),
    ).toEqual([0, 0, 2000]);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('a refund asked during a running reading holds its amount: the reading cannot spend it and no debt is left', async () => {
    const client = await createClient(app);
    const deposit = await stripe.paidDeposit(client, 1400);
    const driver = readingDriver(app, clock, MINUTE);
    const { id } = await driver.startReading({ rateCents: 200, balanceCents: 0, client });
    // The first minute is paid: $12.00 is free of the reading, and all of it may go back to the card.
    expect(
      (await http(app, admin.cookie).get(`/api/admin/users/${client.id}/card-payments`)).body.payments,
    ).toMatchObject([{ refundableCents: 1200 }]);
    standIn.holdRefundEvents();
    expect(
      (await http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, { amountCents: 800 }))
        .status,
    ).toBe(201);
    expect(await accounts(client.id)).toMatchObject({ wallet: 400, hold: 800 });
    expect(
      (await http(app, admin.cookie).get(`/api/admin/users/${client.id}/card-payments`)).body.payments,
    ).toMatchObject([{ pendingRefundCents: 800, refundableCents: 400 }]);
    const before = await accounts(client.id);

    // The reading goes on: two more minutes take the $4.00 left, a third finds nothing to take.
    for (let minute = 0; minute < 3; minute += 1) await driver.nextMinute(id);
    expect(await accounts(client.id)).toMatchObject({ wallet: 0, hold: 800 });
    expect(await standIn.releaseRefundEvents()).toMatchObject([{ body: { outcome: 'handled: refund moved' } }]);
    const after = await accounts(client.id);
    expect({
      wallet: after.wallet,
      hold: after.hold,
      disputes: after.disputes,
      externalChange: after.external - before.external,
    }).toEqual({ wallet: 0, hold: 0, disputes: 0, externalChange: 800 });
    const charged = await app.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(eq(ledgerTransfers.reference, `session:${id}`), eq(ledgerTransfers.debitAccountId, `wallet:${client.id}`)),
      );
    expect(charged.reduce((sum, t) => sum + Number(t.amountCents), 0)).toBe(600);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refunds asked at once of two deposits hold no more than the wallet: one is taken, the other refused', async () => {
    const client = await createClient(app);
    const first = await stripe.paidDeposit(client, 1000);
    const second = await stripe.paidDeposit(client, 1000);
    // $4.00 spent: $16.00 is left, so $10.00 from each deposit cannot both go back.
    await app.db.transaction((tx) =>
      transfer(tx, {
        debitAccountId: `wallet:${client.id}`,
        creditAccountId: revenueAccountFor(client.id),
        amountCents: 400,
        kind: 'purchase',
        reference: 'order:race:platform',
        idempotencyKey: `race:${client.id}`,
      }),
    );
    standIn.holdRefundEvents();
    const answers = await Promise.all(
      [first, second].map((deposit) =>
        http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, { amountCents: 1000 }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.error.message).toBe(
      'At most $6.00 of this deposit can be refunded',
    );
    expect(await accounts(client.id)).toMatchObject({ wallet: 600, hold: 1000 });
    await standIn.releaseRefundEvents();
    expect(await accounts(client.id)).toMatchObject({ wallet: 600, hold: 0, disputes: 0 });
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refuses bad input, other roles and unknown deposits, and changes nothing', async () => {
    const client = await createClient(app);
    const deposit = await stripe.paidDeposit(client, 2000);
    const pendingOnly = await stripe.checkout(client, 1000);
    const transfersBefore = await transferCount();
    const asked = standIn.log.length;
    const url = `/api/admin/deposits/${deposit.depositId}/refund`;
    for (const body of [
      {},
      { amountCents: 0 },
      { amountCents: -5 },
      { amountCents: 10.5 },
      { amountCents: '100' },
      'nope',
    ]) {
      const response = await http(app, admin.cookie).post(url, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('BAD_REQUEST');
    }
    expect((await http(app, client.cookie).post(url, { amountCents: 100 })).status).toBe(403);
    expect((await http(app, client.cookie).get(`/api/admin/users/${client.id}/card-payments`)).status).toBe(403);
    // Only credited card payments are listed: not the checkout still open.
    expect(
      (await http(app, admin.cookie).get(`/api/admin/users/${client.id}/card-payments`)).body.payments.map(
        (p: { depositId: string }) => p.depositId,
      ),
    ).toEqual([deposit.depositId]);
    expect((await http(app).post(url, { amountCents: 100 })).status).toBe(401);
    expect(
      (await http(app, admin.cookie).post('/api/admin/deposits/no-such-deposit/refund', { amountCents: 100 })).status,
    ).toBe(404);
    expect(
      (await http(app, admin.cookie).post(`/api/admin/deposits/${pendingOnly.depositId}/refund`, { amountCents: 100 }))
        .status,
    ).toBe(409);
    expect(standIn.log.length).toBe(asked);
    expect(await transferCount()).toBe(transfersBefore);
    expect(
      await app.db.select({ n: count() }).from(depositRefunds).where(eq(depositRefunds.depositId, deposit.depositId)),
    ).toEqual([{ n: 0 }]);
  });
});
