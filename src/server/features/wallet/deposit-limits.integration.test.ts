import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEPOSIT_LIMIT_DELAY_MS } from '@shared/wallet';
import { deposits, ledgerTransfers } from '../../db/schema';
import type { ChargeRequest, PaymentsProvider } from '../../payments/provider';
import { sandboxPayments } from '../../payments/sandbox';
import { createClient, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger } from './check-ledger';
import { depositWindow } from './deposit-windows';
import { getWalletBalanceCents, walletAccountId } from './ledger';

// Starts on Saturday 2026-11-21 12:00 UTC: the day resets at Nov 22 00:00 UTC.
const clock = fakeClock();
const calls: ChargeRequest[] = [];
/** Closed, charges wait at the provider: deposits stay pending (in flight) until it opens. */
let gate: Promise<void> | null = null;
/** Told of each charge that reaches the provider. */
let onCall: (() => void) | null = null;
const payments: PaymentsProvider = {
  ...sandboxPayments(),
  async charge(request) {
    calls.push(request);
    onCall?.();
    if (gate) await gate;
    return sandboxPayments().charge(request);
  },
};

const app = await testApp({ clock, payments, runScheduler: false });
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const VISA = 'pm_card_visa';
const deposit = (user: TestUser, amountCents: number, key: string = randomUUID()) =>
  http(app, user.cookie).post(
    '/api/payments/wallet-deposit',
    { amountCents, paymentMethodId: VISA },
    { 'idempotency-key': key },
  );
const putLimits = (user: TestUser, body: unknown) => http(app, user.cookie).put('/api/wallet/limits', body);
const getLimits = (user: TestUser) => http(app, user.cookie).get('/api/wallet/limits');
const NO_PENDING = { daily: null, weekly: null, monthly: null };

async function moneyState(userId: string) {
  const [rows] = await app.db.select({ n: count() }).from(deposits).where(eq(deposits.userId, userId));
  const [transfers] = await app.db
    .select({ n: count() })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.creditAccountId, walletAccountId(userId)), eq(ledgerTransfers.kind, 'deposit')));
  return {
    deposits: rows!.n,
    transfers: transfers!.n,
    balanceCents: await getWalletBalanceCents(app.db, userId),
    providerCalls: calls.length,
  };
}

describe('deposit limits', () => {
  it('a deposit past a limit is refused with 403 DEPOSIT_LIMIT, saying what is left until when, and changes nothing', async () => {
    const client = await createClient(app);
    expect((await putLimits(client, { dailyCents: 5000 })).status).toBe(200);
    expect((await deposit(client, 3000)).status).toBe(201);
    const before = await moneyState(client.id);

    const refused = await deposit(client, 2500);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: {
        code: 'DEPOSIT_LIMIT',
        message: 'Your daily deposit limit is $50.00: you can add $20.00 more until Nov 22, 12:00 AM UTC',
        period: 'daily',
        limitCents: 5000,
        remainingCents: 2000,
        resetsAt: '2026-11-22T00:00:00.000Z',
      },
    });
    expect(await moneyState(client.id)).toEqual(before);

    // Exactly up to the limit is allowed; then nothing more until the day resets.
    expect((await deposit(client, 2000)).status).toBe(201);
    const full = await deposit(client, 100);
    expect(full.body.error.message).toBe(
      'Your daily deposit limit is $50.00: you have reached it until Nov 22, 12:00 AM UTC',
    );
    clock.advance(Date.parse('2026-11-22T00:00:00Z') - clock.now());
    expect((await deposit(client, 5000)).status).toBe(201);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(10_000);
  });

  it('the tightest limit is the one named: weekly and monthly count the whole week and month', async () => {
    const client = await createClient(app);
    // Monday noon, so the next day is in the same week.
    const mondayNoon = depositWindow('weekly', clock.now()).resetsAt.getTime() + 12 * 60 * 60 * 1000;
    clock.advance(mondayNoon - clock.now());
    await putLimits(client, { dailyCents: 10_000, weeklyCents: 12_000, monthlyCents: 50_000 });
    expect((await deposit(client, 10_000)).status).toBe(201);
    clock.advance(DEPOSIT_LIMIT_DELAY_MS);
    const refused = await deposit(client, 3000);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'DEPOSIT_LIMIT', period: 'weekly', remainingCents: 2000 });
    expect(refused.body.error.message).toMatch(
      /^Your weekly deposit limit is \$120\.00: you can add \$20\.00 more until /,
    );
  });

  it('a new client has no limits; an absent field leaves its limit as it is', async () => {
    const client = await createClient(app);
    expect((await getLimits(client)).body).toEqual({
      dailyCents: null,
      weeklyCents: null,
      monthlyCents: null,
      pending: NO_PENDING,
    });
    await putLimits(client, { dailyCents: 1000 });
    const response = await putLimits(client, { weeklyCents: 5000 });
    expect(response.body).toEqual({ dailyCents: 1000, weeklyCents: 5000, monthlyCents: null, pending: NO_PENDING });
    expect((await putLimits(client, {})).body).toEqual(response.body);
  });

  it('lowering takes effect at once', async () => {
    const client = await createClient(app);
    await putLimits(client, { dailyCents: 10_000 });
    expect((await deposit(client, 3000)).status).toBe(201);
    const lowered = await putLimits(client, { dailyCents: 4000 });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toEqual({ dailyCents: 4000, weeklyCents: null, monthlyCents: null, pending: NO_PENDING });
    expect((await deposit(client, 1500)).body.error).toMatchObject({ code: 'DEPOSIT_LIMIT', remainingCents: 1000 });
    expect((await deposit(client, 1000)).status).toBe(201);
  });

  it('raising takes effect only 24 hours later, and the answer says when', async () => {
    const client = await createClient(app);
    await putLimits(client, { dailyCents: 2000 });
    const pendingEffectiveAt = new Date(clock.now() + DEPOSIT_LIMIT_DELAY_MS).toISOString();
    const raised = await putLimits(client, { dailyCents: 5000 });
    expect(raised.status).toBe(200);
    expect(raised.body).toEqual({
      dailyCents: 2000,
      weeklyCents: null,
      monthlyCents: null,
      pending: { daily: { limitCents: 5000, pendingEffectiveAt }, weekly: null, monthly: null },
    });
    expect((await getLimits(client)).body).toEqual(raised.body);
    // Saving the same raise again does not push it back.
    clock.advance(60_000);
    expect((await putLimits(client, { dailyCents: 5000 })).body.pending.daily.pendingEffectiveAt).toBe(
      pendingEffectiveAt,
    );

    expect((await deposit(client, 2500)).status).toBe(403);
    clock.advance(DEPOSIT_LIMIT_DELAY_MS - 60_000 - 1);
    expect((await deposit(client, 2500)).status).toBe(403);
    clock.advance(1);
    expect((await getLimits(client)).body).toEqual({
      dailyCents: 5000,
      weeklyCents: null,
      monthlyCents: null,
      pending: NO_PENDING,
    });
    expect((await deposit(client, 2500)).status).toBe(201);
  });

  it('removing takes effect only 24 hours later', async () => {
    const client = await createClient(app);
    await putLimits(client, { weeklyCents: 3000 });
    const removed = await putLimits(client, { weeklyCents: null });
    expect(removed.body.weeklyCents).toBe(3000);
    expect(removed.body.pending.weekly).toEqual({
      limitCents: null,
      pendingEffectiveAt: new Date(clock.now() + DEPOSIT_LIMIT_DELAY_MS).toISOString(),
    });
    expect((await deposit(client, 3500)).status).toBe(403);
    clock.advance(DEPOSIT_LIMIT_DELAY_MS);
    expect((await getLimits(client)).body).toEqual({
      dailyCents: null,
      weeklyCents: null,
      monthlyCents: null,
      pending: NO_PENDING,
    });
    expect((await deposit(client, 3500)).status).toBe(201);
  });

  it('lowering while a raise is pending cancels the raise', async () => {
    const client = await createClient(app);
    await putLimits(client, { monthlyCents: 5000 });
    expect((await putLimits(client, { monthlyCents: 9000 })).body.pending.monthly).not.toBeNull();
    const lowered = await putLimits(client, { monthlyCents: 4000 });
    expect(lowered.body).toEqual({ dailyCents: null, weeklyCents: null, monthlyCents: 4000, pending: NO_PENDING });
    clock.advance(DEPOSIT_LIMIT_DELAY_MS);
    expect((await getLimits(client)).body.monthlyCents).toBe(4000);
  });

  it('a replay of an accepted deposit answers as before, even once the limit is reached or lowered', async () => {
    const client = await createClient(app);
    await putLimits(client, { dailyCents: 5000 });
    const key = randomUUID();
    const first = await deposit(client, 5000, key);
    expect(first.status).toBe(201);
    const replay = await deposit(client, 5000, key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    await putLimits(client, { dailyCents: 1000 });
    expect((await deposit(client, 5000, key)).body).toEqual(first.body);
    expect((await deposit(client, 100)).status).toBe(403);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(5000);
  });

  it('20 deposits at once against a $50.00 limit: exactly $50.00 goes in, pending deposits counting, the rest refused', async () => {
    const client = await createClient(app);
    await putLimits(client, { dailyCents: 5000 });
    let open!: () => void;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const callsBefore = calls.length;
    // Awaited, not polled: on a busy machine 20 requests took over a poll's second to arrive.
    const fiveAtTheProvider = new Promise<void>((resolve) => {
      onCall = () => {
        if (calls.length - callsBefore === 5) resolve();
      };
    });
    const racing = Array.from({ length: 20 }, () => deposit(client, 1000));
    // While the first five wait at the provider, pending, the others are already refused.
    await fiveAtTheProvider;
    onCall = null;
    gate = null;
    open();
    const results = await Promise.all(racing);
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body.error.code).toBe('DEPOSIT_LIMIT');
    expect(calls.length - callsBefore).toBe(5);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(5000);
    expect((await moneyState(client.id)).deposits).toBe(5);
  });

  it('a declined deposit does not use up the limit', async () => {
    const client = await createClient(app);
    await putLimits(client, { dailyCents: 5000 });
    const declined = await http(app, client.cookie).post(
      '/api/payments/wallet-deposit',
      { amountCents: 5000, paymentMethodId: 'pm_card_chargeDeclined' },
      { 'idempotency-key': randomUUID() },
    );
    expect(declined.status).toBe(402);
    expect((await deposit(client, 5000)).status).toBe(201);
  });

  it.each([
    [{ dailyCents: -100 }, 'dailyCents'],
    [{ dailyCents: 12.5 }, 'dailyCents'],
    [{ weeklyCents: '5000' }, 'weeklyCents'],
    [{ monthlyCents: 99 }, 'monthlyCents'],
    [{ dailyCents: 10_000_001 }, 'dailyCents'],
  ])('PUT %j is refused with 400 beside its field, and changes nothing', async (body, field) => {
    const client = await createClient(app);
    await putLimits(client, { dailyCents: 2000 });
    const response = await putLimits(client, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('BAD_REQUEST');
    expect(response.body.error.fields[field]).toBe(
      'A limit must be a whole number of cents from $1.00 to $100,000.00, or null for none',
    );
    expect((await getLimits(client)).body).toEqual({
      dailyCents: 2000,
      weeklyCents: null,
      monthlyCents: null,
      pending: NO_PENDING,
    });
  });

  it('PUT with an unknown field or not an object is 400', async () => {
    const client = await createClient(app);
    expect((await putLimits(client, { yearlyCents: 5000 })).status).toBe(400);
    expect((await putLimits(client, [])).status).toBe(400);
  });

  it('signed out: 401 on every limits and reminder call', async () => {
    const anonymous = http(app);
    expect((await anonymous.get('/api/wallet/limits')).status).toBe(401);
    expect((await anonymous.put('/api/wallet/limits', { dailyCents: 5000 })).status).toBe(401);
    expect((await anonymous.get('/api/wallet/reading-reminder')).status).toBe(401);
    const put = await anonymous.put('/api/wallet/reading-reminder', { everyMinutes: 10 });
    expect(put.status).toBe(401);
    expect(put.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('reading reminder', () => {
  it('is off until set; saves 10, 15, 30 or null', async () => {
    const client = await createClient(app);
    const api = http(app, client.cookie);
    expect((await api.get('/api/wallet/reading-reminder')).body).toEqual({ everyMinutes: null });
    for (const everyMinutes of [15, 30, 10, null]) {
      const saved = await api.put('/api/wallet/reading-reminder', { everyMinutes });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ everyMinutes });
      expect((await api.get('/api/wallet/reading-reminder')).body).toEqual({ everyMinutes });
    }
  });

  it.each([[{ everyMinutes: 20 }], [{ everyMinutes: '10' }], [{}], [{ everyMinutes: 10, extra: true }]])(
    'PUT %j is 400 and changes nothing',
    async (body) => {
      const client = await createClient(app);
      const api = http(app, client.cookie);
      await api.put('/api/wallet/reading-reminder', { everyMinutes: 30 });
      const response = await api.put('/api/wallet/reading-reminder', body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('BAD_REQUEST');
      expect((await api.get('/api/wallet/reading-reminder')).body).toEqual({ everyMinutes: 30 });
    },
  );
});
