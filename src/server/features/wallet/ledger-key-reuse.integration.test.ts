import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../db/schema';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger } from './check-ledger';
import {
  chargeWithSplit,
  escrowAccountId,
  getBalances,
  IdempotencyConflictError,
  releaseHeldShare,
  revenueAccountFor,
  transfer,
  walletAccountId,
} from './ledger';

// Attacks on the charge's idempotency key, now that ledger_charge_split_many (migration 0019) writes
// the legs: a key replayed for another charge must never pass as a replay, move money or leave a leg.
const app = await testApp();
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

async function fixture() {
  const client = await createClient(app, { balanceCents: 10_000 });
  const reader = await createReader(app);
  const key = `attack:${randomUUID()}`;
  const charge = (amountCents: number, readerUserId = reader.id) =>
    app.db.transaction((tx) =>
      chargeWithSplit(tx, {
        payerUserId: client.id,
        readerUserId,
        amountCents,
        kind: 'session_charge',
        reference: key,
        idempotencyKey: key,
      }),
    );
  const ids = [walletAccountId(client.id), escrowAccountId(reader.id), revenueAccountFor(client.id)];
  const balances = async () =>
    [...(await getBalances(app.db, ids)).entries()].filter(([id]) => id !== revenueAccountFor(client.id));
  const legs = () =>
    app.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `${key}:%`));
  return { client, reader, key, charge, balances, legs };
}

describe('a charge key replayed for another charge', () => {
  it('is a conflict for another amount or another reader, and moves nothing', async () => {
    const { reader, key, charge, balances, legs } = await fixture();
    await charge(500);
    const after = await balances();
    const other = await createReader(app);

    await expect(charge(300)).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(charge(500, other.id)).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await balances()).toEqual(after);
    expect(await legs()).toHaveLength(2);
    // The same charge again is a replay: answered, nothing moved.
    expect(await charge(500)).toMatchObject({ created: false, payerBalanceCents: 9_500 });
    expect(await balances()).toEqual(after);
    await app.db.transaction((tx) => releaseHeldShare(tx, { readerUserId: reader.id, reference: key }));
  });

  it('is a conflict when one of its legs’ keys was already used, and the other leg is not left behind', async () => {
    const { client, key, charge, balances, legs } = await fixture();
    // Someone else's transfer took the reader leg's key: the platform leg alone would insert.
    await app.db.transaction((tx) =>
      transfer(tx, {
        debitAccountId: walletAccountId(client.id),
        creditAccountId: revenueAccountFor(client.id),
        amountCents: 100,
        kind: 'session_charge',
        idempotencyKey: `${key}:reader`,
      }),
    );
    const before = await balances();

    await expect(charge(500)).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await balances()).toEqual(before);
    expect((await legs()).map((leg) => leg.idempotencyKey)).toEqual([`${key}:reader`]);
  });
});
