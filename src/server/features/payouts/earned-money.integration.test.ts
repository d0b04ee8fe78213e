import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { ledgerTransfers } from '../../db/schema';
import { createAdmin, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger, getBalances, revenueAccountFor, SYSTEM_ACCOUNTS } from '../wallet';

// Decision 009: a reader may withdraw only money earned and final (DESIGN.md 'Money').
const MINUTE = 60_000;
const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
const driver = readingDriver(app, clock, MINUTE);
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(app);
});
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

/** Every account the attack touches, in cents. */
async function balances(client: TestUser, reader: TestUser) {
  const ids = {
    client: `wallet:${client.id}`,
    readerWallet: `wallet:${reader.id}`,
    readerEscrow: `escrow:${reader.id}`,
    readerEarnings: `earnings:${reader.id}`,
    revenue: revenueAccountFor(client.id),
    payoutsPending: SYSTEM_ACCOUNTS.payoutsPending,
    external: SYSTEM_ACCOUNTS.external,
  };
  const found = await getBalances(app.db, Object.values(ids));
  return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, found.get(id) ?? 0])) as Record<
    keyof typeof ids,
    number
  >;
}

const transferCount = async () => (await app.db.select({ n: count() }).from(ledgerTransfers))[0]!.n;

describe('finding 2: a refundable reading’s share cannot be paid out', () => {
  it('refuses the payout of a running reading, and the refund takes back exactly its two shares', async () => {
    const rateCents = 5000;
    const { readerCents, platformCents } = splitCharge(rateCents);
    const { client, reader, id } = await driver.startReading({ rateCents, balanceCents: 20_000 });
    const start = await balances(client, reader);

    // The attack: the reader asks for the running reading's share, the admin pays whatever was asked,
    // then the client ends within 3 minutes with a refund. Each step is attempted whatever came before.
    const payout = await http(app, reader.cookie).post('/api/payouts', {});
    if (payout.status === 201)
      expect(
        (
          await http(app, admin.cookie).post(`/api/admin/payouts/${payout.body.payout.id}/decision`, {
            decision: 'paid',
          })
        ).status,
      ).toBe(200);
    await driver.nextMinute(id);
    const whileRunning = await balances(client, reader);
    clock.advance(MINUTE / 2);
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    const end = await balances(client, reader);

    expect({
      payoutStatus: payout.status,
      payoutError: payout.body.error?.message,
      whileRunning: {
        client: whileRunning.client,
        escrow: whileRunning.readerEscrow,
        earnings: whileRunning.readerEarnings,
        revenue: whileRunning.revenue - start.revenue,
      },
      refundedCents: ended.body.refundedCents,
      clientBack: end.client - start.client,
      readerWallet: end.readerWallet,
      readerEscrow: end.readerEscrow,
      readerEarnings: end.readerEarnings,
      revenueChange: end.revenue - start.revenue,
      payoutsPendingChange: end.payoutsPending - start.payoutsPending,
      externalChange: end.external - start.external,
      ledger: await checkLedger(app.db),
    }).toEqual({
      payoutStatus: 400,
      payoutError: 'Your available earnings of $0.00 are below the minimum payout of $15.00',
      whileRunning: { client: 20_000 - 2 * rateCents, escrow: 2 * readerCents, earnings: 0, revenue: platformCents },
      refundedCents: 2 * rateCents,
      // Minute 1 was charged before `start`, minute 2 after; the refund gives back both.
      clientBack: rateCents,
      readerWallet: 0,
      readerEscrow: 0,
      readerEarnings: 0,
      revenueChange: -platformCents,
      payoutsPendingChange: 0,
      externalChange: 0,
      ledger: [],
    });
    expect(end.client).toBe(20_000);
  });

  it('holds the share while the reading runs and releases it when it ends without a refund', async () => {
    const rateCents = 1500;
    const { readerCents } = splitCharge(rateCents);
    const { client, reader, id } = await driver.startReading({ rateCents, balanceCents: 10_000 });
    await driver.nextMinute(id);
    const held = await http(app, reader.cookie).get('/api/wallet');
    expect(held.body.earnings).toEqual({ availableCents: 0, heldCents: 2 * readerCents });
    expect((await http(app, reader.cookie).post('/api/payouts', { amountCents: 2000 })).status).toBe(402);

    await driver.nextMinute(id);
    const ended = await http(app, reader.cookie).post('/api/sessions/end', { sessionId: id });
    expect(ended.body).toMatchObject({ status: 'completed', readerEarningsCents: 3 * readerCents, refundedCents: 0 });
    expect((await http(app, reader.cookie).get('/api/wallet')).body.earnings).toEqual({
      availableCents: 3 * readerCents,
      heldCents: 0,
    });
    // Ended: the client can no longer turn this reading into a refund.
    expect(
      (await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true })).body
        .refundedCents,
    ).toBe(0);

    const paidOut = await http(app, reader.cookie).post('/api/payouts', {});
    expect(paidOut.status).toBe(201);
    expect(paidOut.body).toMatchObject({ payout: { amountCents: 3 * readerCents }, availableCents: 0 });
    expect(await balances(client, reader)).toMatchObject({ readerWallet: 0, readerEscrow: 0, readerEarnings: 0 });
  });
});

describe('finding 3: deposits are never withdrawable', () => {
  it('refuses to pay out a card deposit, and pays out exactly the money earned', async () => {
    const reader = await createReader(app, { chatRateCents: 1000 });
    const deposited = await http(app, reader.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents: 100_000, paymentMethodId: 'pm_card_visa' },
      { 'idempotency-key': randomUUID() },
    );
    expect(deposited.status).toBe(201);
    const before = await transferCount();

    const all = await http(app, reader.cookie).post('/api/payouts', { amountCents: 100_000 });
    const whole = await http(app, reader.cookie).post('/api/payouts', {});
    expect({
      all: [all.status, all.body.error?.message],
      whole: [whole.status, whole.body.error?.message],
      moved: (await transferCount()) - before,
    }).toEqual({
      all: [402, 'You can pay out at most $0.00'],
      whole: [400, 'Your available earnings of $0.00 are below the minimum payout of $15.00'],
      moved: 0,
    });

    // Three paid minutes at $10.00 make $21.00 earned; the $1,000 deposit stays spendable, not withdrawable.
    const { client, id } = await driver.startReading({ rateCents: 1000, balanceCents: 5000, reader });
    await driver.nextMinute(id);
    await driver.nextMinute(id);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    const earnedCents = 3 * splitCharge(1000).readerCents;
    expect((await http(app, reader.cookie).post('/api/payouts', { amountCents: earnedCents + 1 })).status).toBe(402);
    const paidOut = await http(app, reader.cookie).post('/api/payouts', {});
    expect(paidOut.status).toBe(201);
    expect(paidOut.body.payout.amountCents).toBe(earnedCents);
    expect(await balances(client, reader)).toMatchObject({ readerWallet: 100_000, readerEscrow: 0, readerEarnings: 0 });
    expect((await http(app, reader.cookie).get('/api/auth/profile')).body.walletBalanceCents).toBe(100_000);
  });
});
