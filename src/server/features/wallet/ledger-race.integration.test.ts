import { randomUUID } from 'node:crypto';
import { count, like } from 'drizzle-orm';
import { sandboxPayments } from '../../payments/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { ledgerTransfers } from '../../db/schema';
import { createClient, createReader, fundEarnings, fundWallet } from '../../../../tests/integration/factories';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { ledgerReadings } from '../../../../tests/integration/ledger-readings';
import { testApp } from '../../../../tests/integration/test-app';
import { decidePayout, requestPayout } from '../payouts';
import { checkLedger } from './check-ledger';
import {
  chargeWithSplit,
  escrowAccountId,
  earningsAccountId,
  getBalances,
  InsufficientFundsError,
  releaseHeldShare,
  SYSTEM_ACCOUNTS,
  walletAccountId,
} from './ledger';
import { noRealtime } from '../../../../tests/integration/no-realtime';

// Row locks only contend on real PostgreSQL (`npm run test:pg`); on PGlite these still check the
// arithmetic, since its transactions run one after another.
const app = await testApp();
const readings = ledgerReadings(app);
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const revenue = () => revenueCents(app.db);

async function accounts(clientId: string, readerId: string) {
  const ids = [
    walletAccountId(clientId),
    walletAccountId(readerId),
    escrowAccountId(readerId),
    earningsAccountId(readerId),
  ];
  const found = await getBalances(app.db, ids);
  const [client, readerWallet, escrow, earnings] = ids.map((id) => found.get(id)!);
  return { client, readerWallet, escrow, earnings };
}

async function settle<T>(work: Promise<T>[]) {
  const results = await Promise.allSettled(work);
  const failures = results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => r.reason as unknown);
  const values = results
    .filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === 'fulfilled')
    .map((r) => r.value);
  return { succeeded: values.length, values, failures };
}

describe('concurrent split charges', () => {
  it('50 charges against a balance that covers 20: exactly 20 succeed, held until the reading ends', async () => {
    const rateCents = 299;
    const remainderCents = 150;
    const client = await createClient(app, { balanceCents: 20 * rateCents + remainderCents });
    const reader = await createReader(app);
    const revenueBefore = await revenue();
    const id = await readings.open(client.id, reader.id, rateCents);

    const { succeeded, failures } = await settle(Array.from({ length: 50 }, (_, i) => readings.charge(id, i + 1)));
    expect(succeeded).toBe(20);
    expect(failures).toHaveLength(30);
    for (const failure of failures) expect(failure).toBeInstanceOf(InsufficientFundsError);
    expect(await accounts(client.id, reader.id)).toEqual({
      client: remainderCents,
      readerWallet: 0,
      escrow: 20 * 209,
      earnings: 0,
    });
    expect((await revenue()) - revenueBefore).toBe(20 * 90);

    await readings.end(id, { refund: false });
    expect(await accounts(client.id, reader.id)).toEqual({
      client: remainderCents,
      readerWallet: 0,
      escrow: 0,
      earnings: 20 * 209,
    });
  });

  it('50 concurrent charges with one key charge once', async () => {
    const client = await createClient(app, { balanceCents: 10_000 });
    const reader = await createReader(app);
    const key = `race:${randomUUID()}`;
    const charge = () =>
      app.db.transaction((tx) =>
        chargeWithSplit(tx, {
          payerUserId: client.id,
          readerUserId: reader.id,
          amountCents: 500,
          kind: 'session_charge',
          reference: key,
          idempotencyKey: key,
        }),
      );
    const { succeeded } = await settle(Array.from({ length: 50 }, charge));
    expect(succeeded).toBe(50);
    const [row] = await app.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `${key}:%`));
    expect(row!.n).toBe(2);
    expect((await accounts(client.id, reader.id)).client).toBe(9_500);
    // Not a reading: give the held share back so the escrow check holds for this file.
    await app.db.transaction((tx) => releaseHeldShare(tx, { readerUserId: reader.id, reference: key }));
  });

  it('20 payout requests at once against $100.00 of earnings: exactly five of $20.00', async () => {
    const reader = await createReader(app);
    await fundEarnings(app, reader.id, 10_000);
    await fundWallet(app, reader.id, 50_000);
    const pendingBefore = (await getBalances(app.db, [SYSTEM_ACCOUNTS.payoutsPending])).get(
      SYSTEM_ACCOUNTS.payoutsPending,
    )!;
    const { succeeded, failures } = await settle(
      Array.from({ length: 20 }, () =>
        requestPayout({ db: app.db, realtime: noRealtime }, reader.id, { amountCents: 2_000 }),
      ),
    );
    expect(succeeded).toBe(5);
    for (const failure of failures) expect((failure as Error).message).toBe('You can pay out at most $0.00');
    const after = await getBalances(app.db, [
      earningsAccountId(reader.id),
      walletAccountId(reader.id),
      SYSTEM_ACCOUNTS.payoutsPending,
    ]);
    expect(after.get(earningsAccountId(reader.id))).toBe(0);
    expect(after.get(walletAccountId(reader.id))).toBe(50_000);
    expect(after.get(SYSTEM_ACCOUNTS.payoutsPending)! - pendingBefore).toBe(10_000);
  });

  it('charges racing an end with refund: the client gets back exactly what was charged, the reader keeps nothing', async () => {
    const rateCents = 1_000;
    const { readerCents } = splitCharge(rateCents);
    const pairs = await Promise.all(
      [1, 2, 3, 4].map(async () => ({
        client: await createClient(app, { balanceCents: 20_000 }),
        reader: await createReader(app),
      })),
    );
    const revenueBefore = await revenue();
    const ids = await Promise.all(pairs.map(({ client, reader }) => readings.open(client.id, reader.id, rateCents)));
    for (const id of ids) await readings.charge(id, 1);

    // Readings 0 and 1 end with a refund, 2 and 3 without, each while ten more minutes are charged,
    // and each reader asks for a payout meanwhile: only a released share can be paid out.
    const work: Promise<unknown>[] = [];
    const payoutRequests: Promise<number | string>[] = [];
    ids.forEach((id, i) => {
      for (let minute = 2; minute <= 11; minute++) {
        work.push(readings.charge(id, minute));
        if (minute === 6) work.push(readings.end(id, { refund: i < 2 }));
      }
      payoutRequests.push(
        requestPayout({ db: app.db, realtime: noRealtime }, pairs[i]!.reader.id, {}).then(
          ({ payout }) => payout.amountCents,
          (error: Error) => error.message,
        ),
      );
    });
    expect((await settle(work)).failures).toEqual([]);
    const paidOut = await Promise.all(payoutRequests);
    expect(paidOut.slice(0, 2)).toEqual(
      Array(2).fill('Your available earnings of $0.00 are below the minimum payout of $15.00'),
    );

    let expectedRevenue = revenueBefore;
    for (const [i, id] of ids.entries()) {
      const [charged] = await app.db
        .select({ n: count() })
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idempotencyKey, `session:${id}:minute:%:reader`));
      const minutes = charged!.n;
      expect(minutes).toBeGreaterThanOrEqual(1);
      const { client, reader } = pairs[i]!;
      if (i < 2) {
        expect(await accounts(client.id, reader.id)).toEqual({
          client: 20_000,
          readerWallet: 0,
          escrow: 0,
          earnings: 0,
        });
      } else {
        const paidOutCents = typeof paidOut[i] === 'number' ? paidOut[i] : 0;
        expect(await accounts(client.id, reader.id)).toEqual({
          client: 20_000 - minutes * rateCents,
          readerWallet: 0,
          escrow: 0,
          earnings: minutes * readerCents - paidOutCents,
        });
        expectedRevenue += minutes * (rateCents - readerCents);
      }
    }
    expect(await revenue()).toBe(expectedRevenue);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('charges, releases, deposits, payouts and decisions interleaved never deadlock and keep every invariant', async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => createClient(app, { balanceCents: 5_000 })));
    const readers = await Promise.all([1, 2].map(() => createReader(app)));
    for (const reader of readers) await fundEarnings(app, reader.id, 10_000);
    const admin = clients[0]!;
    const pick = <T>(list: T[], i: number) => list[i % list.length]!;

    const work: Promise<unknown>[] = [];
    // A reader (and a client) has one open reading at a time: each reader's readings follow one another.
    const readingChains = new Map(readers.map((reader) => [reader.id, Promise.resolve()]));
    for (let i = 0; i < 120; i++) {
      const client = pick(clients, i);
      const reader = pick(readers, i * 7);
      switch (i % 4) {
        case 0:
        case 1: {
          // A one-minute reading: charged, then ended with or without a refund.
          const reading = readingChains.get(reader.id)!.then(async () => {
            const id = await readings.open(client.id, reader.id, 100 + (i % 13) * 50);
            await readings.charge(id, 1).catch((error: unknown) => {
              if (!(error instanceof InsufficientFundsError)) throw error;
            });
            await readings.end(id, { refund: i % 8 === 1 });
          });
          readingChains.set(reader.id, reading);
          work.push(reading);
          break;
        }
        case 2:
          work.push(fundWallet(app, client.id, 300));
          break;
        default:
          work.push(
            requestPayout({ db: app.db, realtime: noRealtime }, reader.id, { amountCents: 2_000 }).then(({ payout }) =>
              decidePayout(
                { db: app.db, realtime: noRealtime, clock: app.clock, payments: sandboxPayments() },
                admin.id,
                payout.id,
                { decision: i % 8 === 3 ? 'paid' : 'rejected' },
              ),
            ),
          );
      }
    }
    const { failures } = await settle(work);
    for (const failure of failures) expect(String((failure as Error).message)).toMatch(/pay out at most/);
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
