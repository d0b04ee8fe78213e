import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, payouts } from '../../db/schema';
import {
  createAdmin,
  createClient,
  createReader,
  fundEarnings,
  type TestUser,
} from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger, getBalances, getEarnings, SYSTEM_ACCOUNTS } from '../wallet';

const app = await testApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(app);
});
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

async function readerWithEarnings(availableCents: number) {
  const reader = await createReader(app);
  if (availableCents > 0) await fundEarnings(app, reader.id, availableCents);
  return reader;
}

const availableCents = async (reader: TestUser) => (await getEarnings(app.db, reader.id)).availableCents;
const transferCount = async () => (await app.db.select({ n: count() }).from(ledgerTransfers))[0]!.n;
const pendingCents = async () =>
  (await getBalances(app.db, [SYSTEM_ACCOUNTS.payoutsPending])).get(SYSTEM_ACCOUNTS.payoutsPending)!;
const decide = (payoutId: string, decision: string, user = admin) =>
  http(app, user.cookie).post(`/api/admin/payouts/${payoutId}/decision`, { decision });

describe('payouts', () => {
  it('moves a reader’s whole available earnings to a pending payout; paid sends it out', async () => {
    const reader = await readerWithEarnings(4321);
    const pendingBefore = await pendingCents();
    const socket = await app.connectSocket(reader.cookie);
    const pushed = new Promise<unknown>((resolve) => socket.once('wallet_updated', resolve));

    const response = await http(app, reader.cookie).post('/api/payouts', {});
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      availableCents: 0,
      payout: { amountCents: 4321, status: 'pending', readerId: reader.id, decidedAt: null },
    });
    // The wallet (what wallet_updated carries) is untouched: payouts take earnings only.
    expect(await pushed).toEqual({ balanceCents: 0 });
    expect(await pendingCents()).toBe(pendingBefore + 4321);

    const mine = await http(app, reader.cookie).get('/api/payouts');
    expect(mine.body.payouts.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      [response.body.payout.id, 'pending'],
    ]);

    const paid = await decide(response.body.payout.id, 'paid');
    expect(paid.status).toBe(200);
    expect(paid.body.payout).toMatchObject({ status: 'paid', decidedAt: expect.any(String) });
    expect(await pendingCents()).toBe(pendingBefore);
    expect(await availableCents(reader)).toBe(0);
    expect((await http(app, reader.cookie).get('/api/payouts')).body.payouts[0].status).toBe('paid');
  });

  it('returns the money when rejected, and a second decision is a 409', async () => {
    const reader = await readerWithEarnings(5000);
    const requested = await http(app, reader.cookie).post('/api/payouts', { amountCents: 3000 });
    expect(requested.status).toBe(201);
    expect(requested.body.availableCents).toBe(2000);

    const rejected = await decide(requested.body.payout.id, 'rejected');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ availableCents: 5000, payout: { status: 'rejected' } });

    const before = await transferCount();
    for (const decision of ['paid', 'rejected']) {
      const again = await decide(requested.body.payout.id, decision);
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe('This payout was already marked rejected');
    }
    expect(await transferCount()).toBe(before);
  });

  it('decides concurrently once', async () => {
    const reader = await readerWithEarnings(2500);
    const { body } = await http(app, reader.cookie).post('/api/payouts', {});
    const answers = await Promise.all(['paid', 'rejected', 'paid', 'rejected'].map((d) => decide(body.payout.id, d)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const [row] = await app.db.select().from(payouts).where(eq(payouts.id, body.payout.id));
    expect(await availableCents(reader)).toBe(row!.status === 'rejected' ? 2500 : 0);
  });

  it('pays out available earnings once when asked three times at the same time', async () => {
    const reader = await readerWithEarnings(3000);
    const answers = await Promise.all([1, 2, 3].map(() => http(app, reader.cookie).post('/api/payouts', {})));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect(await availableCents(reader)).toBe(0);
  });

  it('refuses payouts below $15 (PAYOUT_MINIMUM_CENTS), above the available earnings, or malformed, and moves nothing', async () => {
    const reader = await readerWithEarnings(2500);
    const poor = await readerWithEarnings(1499);
    const before = await transferCount();
    const cases: [TestUser, unknown, number][] = [
      [poor, {}, 400],
      [reader, { amountCents: 1499 }, 400],
      [reader, { amountCents: 2501 }, 402],
      [reader, { amountCents: -5000 }, 400],
      [reader, { amountCents: 0 }, 400],
      [reader, { amountCents: 2000.5 }, 400],
      [reader, { amountCents: '2000' }, 400],
      [reader, { amountCents: 1e20 }, 400],
      [reader, 'nonsense', 400],
    ];
    for (const [user, body, status] of cases) {
      const response = await http(app, user.cookie).post('/api/payouts', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
    }
    expect((await http(app, poor.cookie).post('/api/payouts', {})).body.error.message).toBe(
      'Your available earnings of $14.99 are below the minimum payout of $15.00',
    );
    expect(await transferCount()).toBe(before);
    expect(await availableCents(reader)).toBe(2500);
  });

  it('keeps payouts to readers and decisions to admins', async () => {
    const reader = await readerWithEarnings(2500);
    const other = await readerWithEarnings(2500);
    const client = await createClient(app, { balanceCents: 5000 });
    const { body } = await http(app, reader.cookie).post('/api/payouts', {});
    const before = await transferCount();

    expect((await http(app, client.cookie).post('/api/payouts', {})).status).toBe(403);
    expect((await http(app, client.cookie).get('/api/payouts')).status).toBe(403);
    expect((await http(app).post('/api/payouts', {})).status).toBe(401);
    expect((await decide(body.payout.id, 'paid', reader)).status).toBe(403);
    expect((await decide(body.payout.id, 'rejected', other)).status).toBe(403);
    expect((await decide(body.payout.id, 'paid', client)).status).toBe(403);
    expect((await http(app, other.cookie).get('/api/payouts')).body.payouts).toEqual([]);
    expect(await transferCount()).toBe(before);

    expect((await decide(body.payout.id, 'maybe')).status).toBe(400);
    expect((await decide('no-such-payout', 'paid')).status).toBe(404);
  });

  it('lets an admin list everyone’s payouts, filtered by status', async () => {
    const reader = await readerWithEarnings(2000);
    const { body } = await http(app, reader.cookie).post('/api/payouts', {});
    const pending = await http(app, admin.cookie).get('/api/payouts?status=pending');
    expect(pending.body.payouts.every((p: { status: string }) => p.status === 'pending')).toBe(true);
    expect(pending.body.payouts.find((p: { id: string }) => p.id === body.payout.id)).toMatchObject({
      readerId: reader.id,
      readerName: expect.stringMatching(/^Test Reader /),
      readerEmail: reader.email,
      amountCents: 2000,
    });
    const paid = await http(app, admin.cookie).get('/api/payouts?status=paid');
    expect(paid.body.payouts.map((p: { id: string }) => p.id)).not.toContain(body.payout.id);
    expect((await http(app, admin.cookie).get('/api/payouts?status=lost')).status).toBe(400);
  });
});
