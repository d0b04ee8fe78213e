import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema';
import { createAdmin, createReader, fundEarnings, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { noRealtime } from '../../../../tests/integration/no-realtime';
import { stripeTestApp } from '../../../../tests/integration/stripe-app';
import { checkLedger, getBalances, SYSTEM_ACCOUNTS } from '../wallet';
import { payScheduledPayouts } from './payout-schedule';

// Decision 039: payouts to readers' Stripe Connect accounts, paid only once the transfer exists.
const clock = fakeClock();
let admin: TestUser;

const stripe = await stripeTestApp({ clock });
const { app, standIn } = stripe;
beforeAll(async () => {
  admin = await createAdmin(app);
});
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

async function balances(readerId: string) {
  const ids = {
    earnings: `earnings:${readerId}`,
    pending: SYSTEM_ACCOUNTS.payoutsPending,
    external: SYSTEM_ACCOUNTS.external,
  };
  const found = await getBalances(app.db, Object.values(ids));
  return {
    earnings: found.get(ids.earnings) ?? 0,
    pending: found.get(ids.pending) ?? 0,
    external: found.get(ids.external) ?? 0,
  };
}
const decide = (payoutId: string, decision: 'paid' | 'rejected') =>
  http(app, admin.cookie).post(`/api/admin/payouts/${payoutId}/decision`, { decision });

/** A reader who connected a payout account at the stand-in and finished onboarding, with earnings. */
async function connectedReader(earningsCents: number) {
  const reader = await createReader(app, {}, { payoutAccount: false });
  expect((await http(app, reader.cookie).get('/api/payouts/account')).body).toEqual({
    status: 'none',
    requirements: [],
  });
  const link = await http(app, reader.cookie).post('/api/payouts/account');
  expect(link.status).toBe(201);
  expect(link.body.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${standIn.port}/connect/onboard/acct_standin_`));
  expect((await http(app, reader.cookie).get('/api/payouts/account')).body).toEqual({
    status: 'pending',
    requirements: [],
  });
  const onboarded = await fetch(link.body.url, { redirect: 'manual' });
  expect(onboarded.status).toBe(303);
  expect(onboarded.headers.get('location')).toBe('http://localhost:5000/dashboard/earnings?payout_account=return');
  expect((await http(app, reader.cookie).get('/api/payouts/account')).body).toEqual({
    status: 'enabled',
    requirements: [],
  });
  if (earningsCents > 0) await fundEarnings(app, reader.id, earningsCents);
  return reader;
}

describe('payout accounts (Stripe Connect Express)', () => {
  it('a payout needs an enabled account: none or pending is refused and moves nothing', async () => {
    const reader = await createReader(app, {}, { payoutAccount: false });
    await fundEarnings(app, reader.id, 5000);
    const refused = await http(app, reader.cookie).post('/api/payouts', {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PAYOUT_ACCOUNT_REQUIRED');
    await http(app, reader.cookie).post('/api/payouts/account');
    expect((await http(app, reader.cookie).post('/api/payouts', {})).status).toBe(409);
    expect((await balances(reader.id)).earnings).toBe(5000);
  });

  it('account.updated keeps the status current: restricted with what Stripe still needs', async () => {
    const reader = await connectedReader(0);
    const [accountId] = [...standIn.accounts.keys()].slice(-1);
    await standIn.updateAccount(accountId!, {
      payoutsEnabled: false,
      currentlyDue: ['individual.verification.document'],
    });
    expect((await http(app, reader.cookie).get('/api/payouts/account')).body).toEqual({
      status: 'restricted',
      requirements: ['individual.verification.document'],
    });
  });

  it('keeps the account endpoints to readers', async () => {
    expect((await http(app, admin.cookie).post('/api/payouts/account')).status).toBe(403);
    expect((await http(app).get('/api/payouts/account')).status).toBe(401);
  });
});

describe('approving a payout makes a Stripe Transfer', () => {
  it('keyed by the payout id; paid only when the transfer exists; the admin sees the account and the reference', async () => {
    const reader = await connectedReader(3000);
    const requested = await http(app, reader.cookie).post('/api/payouts', {});
    expect(requested.status).toBe(201);
    const payoutId = requested.body.payout.id as string;
    const before = await balances(reader.id);

    const paid = await decide(payoutId, 'paid');
    expect(paid.status).toBe(200);
    const transfer = [...standIn.transfers.values()].find((t) => t.metadata.payout_id === payoutId)!;
    expect(transfer).toMatchObject({ amount: 3000, destination: expect.stringMatching(/^acct_standin_/) });
    expect(
      standIn.log
        .filter((r) => r.path === '/v1/transfers' && r.params.get('metadata[payout_id]') === payoutId)
        .map((r) => r.idempotencyKey),
    ).toEqual([payoutId]);
    expect(paid.body.payout).toMatchObject({ status: 'paid', transferId: transfer.id, accountStatus: 'enabled' });
    const after = await balances(reader.id);
    expect({
      earnings: after.earnings,
      pending: after.pending - before.pending,
      external: after.external - before.external,
    }).toEqual({ earnings: 0, pending: -3000, external: 3000 });
    const listed = await http(app, admin.cookie).get('/api/payouts?status=paid');
    expect(listed.body.payouts.find((p: { id: string }) => p.id === payoutId)).toMatchObject({
      transferId: transfer.id,
      accountStatus: 'enabled',
    });
  });

  it('four approvals at once make one transfer and one 200', async () => {
    const reader = await connectedReader(2000);
    const { body } = await http(app, reader.cookie).post('/api/payouts', {});
    const transfersBefore = standIn.transfers.size;
    const answers = await Promise.all([1, 2, 3, 4].map(() => decide(body.payout.id, 'paid')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(standIn.transfers.size - transfersBefore).toBe(1);
    expect((await balances(reader.id)).earnings).toBe(0);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('a transfer Stripe refuses leaves the payout pending, and it can still be rejected back to earnings', async () => {
    // The factory's account is enabled here but unknown to Stripe (the stand-in): Stripe says no.
    const reader = await createReader(app);
    await fundEarnings(app, reader.id, 1800);
    const { body } = await http(app, reader.cookie).post('/api/payouts', {});
    const refused = await decide(body.payout.id, 'paid');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^The payment service refused the transfer/);
    expect((await app.db.select().from(payouts).where(eq(payouts.id, body.payout.id)))[0]).toMatchObject({
      status: 'pending',
      transferId: null,
      transferStartedAt: null,
    });
    expect((await decide(body.payout.id, 'rejected')).status).toBe(200);
    expect((await balances(reader.id)).earnings).toBe(1800);
  });

  it('transfer.reversed returns exactly the payout to earnings and marks it failed, once', async () => {
    const reader = await connectedReader(4321);
    const { body } = await http(app, reader.cookie).post('/api/payouts', { amountCents: 4000 });
    const paid = await decide(body.payout.id, 'paid');
    const before = await balances(reader.id);
    expect(before.earnings).toBe(321);
    const reversed = await standIn.reverseTransfer(paid.body.payout.transferId);
    expect(reversed).toMatchObject({ status: 200, body: { outcome: 'handled: payout returned to earnings' } });
    const after = await balances(reader.id);
    expect({ earnings: after.earnings, external: after.external - before.external }).toEqual({
      earnings: 4321,
      external: -4000,
    });
    expect((await standIn.reverseTransfer(paid.body.payout.transferId)).body).toMatchObject({
      outcome: 'ignored: payout is failed',
    });
    expect((await balances(reader.id)).earnings).toBe(4321);
    const mine = await http(app, reader.cookie).get('/api/payouts');
    expect(mine.body.payouts[0]).toMatchObject({
      id: body.payout.id,
      status: 'failed',
      failureReason: 'The transfer to your payout account was reversed.',
    });
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('PAYOUT_MINIMUM_CENTS (default 1500): $14.99 is refused, $15.00 goes', async () => {
    const reader = await connectedReader(1500);
    const below = await http(app, reader.cookie).post('/api/payouts', { amountCents: 1499 });
    expect(below.status).toBe(400);
    expect(below.body.error.message).toBe('The minimum payout is $15.00');
    expect((await http(app, reader.cookie).post('/api/payouts', { amountCents: 1500 })).status).toBe(201);
  });

  it('PAYOUT_SCHEDULE=weekly sends every pending payout of an enabled account', async () => {
    const reader = await connectedReader(2500);
    const { body } = await http(app, reader.cookie).post('/api/payouts', {});
    const paidCount = await payScheduledPayouts({ db: app.db, realtime: noRealtime, clock, payments: app.payments });
    expect(paidCount).toBeGreaterThanOrEqual(1);
    expect((await app.db.select().from(payouts).where(eq(payouts.id, body.payout.id)))[0]).toMatchObject({
      status: 'paid',
      decidedBy: null,
      transferId: expect.stringMatching(/^tr_standin_/),
    });
  });
});
