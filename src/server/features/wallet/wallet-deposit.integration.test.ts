import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { deposits, ledgerTransfers } from '../../db/schema';
import type { ChargeRequest, ChargeResult, PaymentsProvider } from '../../payments/provider';
import { sandboxPayments } from '../../payments/sandbox';
import { createClient, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger } from './check-ledger';
import { getWalletBalanceCents, walletAccountId } from './ledger';

/** The sandbox, but each charge waits until `release()`: lets a test hold a deposit in flight. */
function gatedSandbox() {
  const sandbox = sandboxPayments();
  let open!: () => void;
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const calls: ChargeRequest[] = [];
  const provider: PaymentsProvider = {
    ...sandbox,
    async charge(request): Promise<ChargeResult> {
      calls.push(request);
      await gate;
      return sandbox.charge(request);
    },
  };
  return {
    provider,
    calls,
    release: () => open(),
    close() {
      gate = Promise.resolve();
    },
  };
}

const gated = gatedSandbox();
let gateIsOn = false;
// One app whose provider is the sandbox, gated only while a test asks for it.
const switchable: PaymentsProvider = {
  ...sandboxPayments(),
  charge: (request) => (gateIsOn ? gated.provider.charge(request) : sandboxPayments().charge(request)),
};

const app = await testApp({ payments: switchable });
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const deposit = (user: TestUser, body: unknown, key: string | null = randomUUID()) =>
  http(app, user.cookie).post('/api/payments/wallet-deposit', body, key === null ? {} : { 'idempotency-key': key });

async function depositTransfers(userId: string) {
  const [row] = await app.db
    .select({ n: count() })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.creditAccountId, walletAccountId(userId)), eq(ledgerTransfers.kind, 'deposit')));
  return row!.n;
}

async function depositRows(userId: string) {
  return app.db.select().from(deposits).where(eq(deposits.userId, userId));
}

describe('POST /api/payments/wallet-deposit', () => {
  it('charges the card, credits the wallet and tells the user’s other tabs', async () => {
    const client = await createClient(app);
    const socket = await app.connectSocket(client.cookie);
    const pushed = new Promise<unknown>((resolve) => socket.once('wallet_updated', resolve));

    const response = await deposit(client, { amountCents: 2500, paymentMethodId: 'pm_card_visa' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      depositId: expect.any(String),
      amountCents: 2500,
      balanceCents: 2500,
      status: 'succeeded',
    });
    expect(await pushed).toEqual({ balanceCents: 2500 });

    const [row] = await depositRows(client.id);
    expect(row).toMatchObject({
      status: 'succeeded',
      amountCents: 2500,
      provider: 'sandbox',
      providerReference: expect.stringMatching(/^sandbox_pi_/),
    });
    const profile = await http(app, client.cookie).get('/api/auth/profile');
    expect(profile.body.walletBalanceCents).toBe(2500);
  });

  it('answers a retry with the first result and moves no money again', async () => {
    const client = await createClient(app);
    const key = randomUUID();
    const first = await deposit(client, { amountCents: 5000, paymentMethodId: 'pm_card_visa' }, key);
    const retry = await deposit(client, { amountCents: 5000, paymentMethodId: 'pm_card_visa' }, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await depositTransfers(client.id)).toBe(1);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(5000);

    // The wallet moves on (another deposit); a late retry still answers what the first one said.
    expect(
      (await deposit(client, { amountCents: 1000, paymentMethodId: 'pm_card_visa' }, randomUUID())).body.balanceCents,
    ).toBe(6000);
    const late = await deposit(client, { amountCents: 5000, paymentMethodId: 'pm_card_visa' }, key);
    expect([late.status, late.headers['idempotent-replayed'], late.body]).toEqual([201, 'true', first.body]);
  });

  it('refuses the same key for a different deposit with 409', async () => {
    const client = await createClient(app);
    const key = randomUUID();
    expect((await deposit(client, { amountCents: 5000, paymentMethodId: 'pm_card_visa' }, key)).status).toBe(201);
    const other = await deposit(client, { amountCents: 7500, paymentMethodId: 'pm_card_visa' }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(5000);
  });

  it('scopes keys to the user: another user’s key is theirs alone', async () => {
    const [a, b] = [await createClient(app), await createClient(app)];
    const key = randomUUID();
    expect((await deposit(a, { amountCents: 1000, paymentMethodId: 'pm_card_visa' }, key)).status).toBe(201);
    expect((await deposit(b, { amountCents: 2000, paymentMethodId: 'pm_card_visa' }, key)).status).toBe(201);
    expect(await getWalletBalanceCents(app.db, a.id)).toBe(1000);
    expect(await getWalletBalanceCents(app.db, b.id)).toBe(2000);
  });

  it('credits nothing when the card is declined, and says so again on a retry', async () => {
    const client = await createClient(app);
    const key = randomUUID();
    const response = await deposit(client, { amountCents: 2500, paymentMethodId: 'pm_card_chargeDeclined' }, key);
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Failed to add funds',
      reason: 'Your card was declined.',
    });
    const retry = await deposit(client, { amountCents: 2500, paymentMethodId: 'pm_card_chargeDeclined' }, key);
    expect(retry.status).toBe(402);
    expect(retry.body).toEqual(response.body);
    expect([response.headers['idempotent-replayed'], retry.headers['idempotent-replayed']]).toEqual([
      undefined,
      'true',
    ]);
    expect(await depositTransfers(client.id)).toBe(0);
    expect((await depositRows(client.id)).map((d) => d.status)).toEqual(['failed']);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(0);
  });

  it('refuses an unknown payment method with 400 and leaves nothing behind', async () => {
    const client = await createClient(app);
    const response = await deposit(client, { amountCents: 2500, paymentMethodId: 'pm_card_stolen' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Unknown payment method');
    expect(await depositRows(client.id)).toEqual([]);
  });

  it('refuses bad input with a clear 400 and moves no money', async () => {
    const client = await createClient(app);
    const visa = 'pm_card_visa';
    const cases: [unknown, string | null, string][] = [
      [{ amountCents: -2500, paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ amountCents: 0, paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ amountCents: 99, paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ amountCents: 100_001, paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ amountCents: 2500.5, paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ amountCents: '2500', paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ amountCents: 1e20, paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ amountCents: null, paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ paymentMethodId: visa }, randomUUID(), 'amountCents'],
      [{ amountCents: 2500 }, randomUUID(), 'paymentMethodId'],
      [{ amountCents: 2500, paymentMethodId: '' }, randomUUID(), 'paymentMethodId'],
      [{ amountCents: 2500, paymentMethodId: 42 }, randomUUID(), 'paymentMethodId'],
      [{ amountCents: 2500, paymentMethodId: visa }, null, 'idempotency-key'],
      [{ amountCents: 2500, paymentMethodId: visa }, '   ', 'idempotency-key'],
      [{ amountCents: 2500, paymentMethodId: visa }, 'k'.repeat(256), 'idempotency-key'],
      ['not json', randomUUID(), ''],
    ];
    for (const [body, key, field] of cases) {
      const response = await deposit(client, body, key);
      const label = JSON.stringify([body, key?.slice(0, 10)]);
      expect(response.status, label).toBe(400);
      expect(response.body.error.code, label).toBe('BAD_REQUEST');
      if (field) expect(response.body.error.fields[field], label).toBeTruthy();
    }
    const amount = await deposit(client, { amountCents: 99, paymentMethodId: visa });
    expect(amount.body.error.message).toBe(
      'amountCents: Amount must be a whole number of cents from $1.00 to $1,000.00',
    );
    const header = await deposit(client, { amountCents: 2500, paymentMethodId: visa }, null);
    expect(header.body.error.message).toMatch(/Idempotency-Key header is required/);
    expect(await depositRows(client.id)).toEqual([]);
    expect(await depositTransfers(client.id)).toBe(0);
  });

  it('is for signed-in users only', async () => {
    const response = await http(app).post(
      '/api/payments/wallet-deposit',
      { amountCents: 2500, paymentMethodId: 'pm_card_visa' },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.status).toBe(401);
    const bad = await http(app).post('/api/payments/wallet-deposit', { amountCents: -1 }, {});
    expect(bad.status).toBe(401);
  });

  it('tells the web which provider is configured, and whether a staging site takes play money in production', async () => {
    expect((await http(app).get('/api/payments/config')).body).toEqual({ provider: 'sandbox', testMode: false });
    const stagingEnv = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PAYMENTS_PROVIDER: 'sandbox',
      ALLOW_TEST_PAYMENTS: 'true',
      MAIL_TRANSPORT: 'mailbox',
    };
    const staging = await testApp({
      database: app.database,
      runScheduler: false,
      runMailWorker: false,
      runPushWorker: false,
      runMessageRetention: false,
      env: stagingEnv,
    });
    expect((await http(staging).get('/api/payments/config')).body).toEqual({ provider: 'sandbox', testMode: true });
  });
});

describe('concurrent deposits', () => {
  it('100 deposits with distinct keys add up to exactly their sum', async () => {
    const client = await createClient(app);
    const amounts = Array.from({ length: 100 }, (_, i) => 100 + i * 37);
    const responses = await Promise.all(
      amounts.map((amountCents) => deposit(client, { amountCents, paymentMethodId: 'pm_card_visa' })),
    );
    expect(responses.map((r) => r.status)).toEqual(amounts.map(() => 201));
    const sum = amounts.reduce((a, b) => a + b, 0);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(sum);
    expect(await depositTransfers(client.id)).toBe(100);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('100 requests with one key make one deposit', async () => {
    const client = await createClient(app);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => deposit(client, { amountCents: 4200, paymentMethodId: 'pm_card_visa' }, key)),
    );
    const statuses = responses.map((r) => r.status);
    // Exactly one request charged; the rest either replayed its result or found it in progress.
    const charged = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(charged).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const r of responses.filter((x) => x.status === 201))
      expect(r.body.depositId).toBe(charged[0]!.body.depositId);
    expect(await depositRows(client.id)).toHaveLength(1);
    expect(await depositTransfers(client.id)).toBe(1);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(4200);
  });

  it('answers 409 in progress while the first request waits for the provider, then the first result', async () => {
    const client = await createClient(app);
    const key = randomUUID();
    gateIsOn = true;
    try {
      const first = deposit(client, { amountCents: 3000, paymentMethodId: 'pm_card_visa' }, key);
      await expect.poll(() => gated.calls.length).toBe(1);
      const during = await Promise.all(
        [1, 2, 3].map(() => deposit(client, { amountCents: 3000, paymentMethodId: 'pm_card_visa' }, key)),
      );
      for (const r of during) {
        expect(r.status).toBe(409);
        expect(r.body.error).toMatchObject({ code: 'CONFLICT', isRetryable: true });
      }
      gated.release();
      expect((await first).status).toBe(201);
    } finally {
      gateIsOn = false;
      gated.close();
    }
    const after = await deposit(client, { amountCents: 3000, paymentMethodId: 'pm_card_visa' }, key);
    expect(after.status).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(gated.calls).toHaveLength(1);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(3000);
  });
});
