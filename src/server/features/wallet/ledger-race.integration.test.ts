import { randomUUID } from 'node:crypto';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../db/schema';
import { createClient, createReader, fundWallet } from '../../../../tests/integration/factories';
import { createTestApp, type TestApp } from '../../../../tests/integration/test-app';
import { decidePayout } from '../payouts/decide-payout';
import { requestPayout } from '../payouts/request-payout';
import { checkLedger } from './check-ledger';
import { chargeWithSplit, getBalances, InsufficientFundsError, SYSTEM_ACCOUNTS, walletAccountId } from './ledger';
import { noRealtime } from '../../../../tests/integration/no-realtime';

// Row locks only contend on real PostgreSQL (`npm run test:pg`); on PGlite these still check the
// arithmetic, since its transactions run one after another.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
  await app.close();
});


function charge(payerUserId: string, readerUserId: string, amountCents: number, idempotencyKey = `race:${randomUUID()}`) {
  return app.db.transaction((tx) =>
    chargeWithSplit(tx, { payerUserId, readerUserId, amountCents, kind: 'session_charge', reference: `session:${randomUUID()}`, idempotencyKey }),
  );
}

async function settle<T>(work: Promise<T>[]) {
  const results = await Promise.allSettled(work);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
  return { succeeded: results.length - failures.length, failures };
}

describe('concurrent split charges', () => {
  it('50 charges against a balance that covers 20: exactly 20 succeed and the rest is exact', async () => {
    const rateCents = 299;
    const remainderCents = 150;
    const client = await createClient(app, { balanceCents: 20 * rateCents + remainderCents });
    const reader = await createReader(app);
    const revenueBefore = (await getBalances(app.db, [SYSTEM_ACCOUNTS.revenue])).get(SYSTEM_ACCOUNTS.revenue)!;

    const { succeeded, failures } = await settle(Array.from({ length: 50 }, () => charge(client.id, reader.id, rateCents)));
    expect(succeeded).toBe(20);
    expect(failures).toHaveLength(30);
    for (const failure of failures) expect(failure).toBeInstanceOf(InsufficientFundsError);

    const balances = await getBalances(app.db, [walletAccountId(client.id), walletAccountId(reader.id), SYSTEM_ACCOUNTS.revenue]);
    expect(balances.get(walletAccountId(client.id))).toBe(remainderCents);
    expect(balances.get(walletAccountId(reader.id))).toBe(20 * 209);
    expect(balances.get(SYSTEM_ACCOUNTS.revenue)! - revenueBefore).toBe(20 * 90);
  });

  it('50 concurrent charges with one key charge once', async () => {
    const client = await createClient(app, { balanceCents: 10_000 });
    const reader = await createReader(app);
    const key = `race:${randomUUID()}`;
    const { succeeded } = await settle(Array.from({ length: 50 }, () => charge(client.id, reader.id, 500, key)));
    expect(succeeded).toBe(50);
    const [row] = await app.db.select({ n: count() }).from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, `${key}:%`));
    expect(row!.n).toBe(2);
    expect((await getBalances(app.db, [walletAccountId(client.id)])).get(walletAccountId(client.id))).toBe(9_500);
  });

  it('charges, deposits, payouts and decisions interleaved never deadlock and keep every invariant', async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => createClient(app, { balanceCents: 5_000 })));
    const readers = await Promise.all([1, 2].map(() => createReader(app)));
    for (const reader of readers) await fundWallet(app, reader.id, 10_000);
    const admin = clients[0]!;
    const pick = <T>(list: T[], i: number) => list[i % list.length]!;

    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 120; i++) {
      const client = pick(clients, i);
      const reader = pick(readers, i * 7);
      switch (i % 4) {
        case 0:
        case 1:
          work.push(charge(client.id, reader.id, 100 + (i % 13) * 50));
          break;
        case 2:
          work.push(fundWallet(app, client.id, 300));
          break;
        default:
          work.push(
            requestPayout({ db: app.db, realtime: noRealtime }, reader.id, { amountCents: 2_000 }).then(({ payout }) =>
              decidePayout({ db: app.db, realtime: noRealtime, clock: app.clock }, admin.id, payout.id, { decision: i % 8 === 3 ? 'paid' : 'rejected' }),
            ),
          );
      }
    }
    const { failures } = await settle(work);
    for (const failure of failures) expect(String((failure as Error).message)).toMatch(/Insufficient balance|pay out at most/);
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
