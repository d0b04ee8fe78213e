import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../../tests/integration/test-database';
import { checkLedger } from './check-ledger';
import { createWallet, REVENUE_ACCOUNT_IDS, SYSTEM_ACCOUNTS, transfer, walletAccountId } from './ledger';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`insert into "user" (id, name, email) values ('u1', 'One', 'one@test'), ('u2', 'Two', 'two@test')`,
  );
  await createWallet(database.db, 'u1');
  await createWallet(database.db, 'u2');
  await database.db.transaction((tx) =>
    transfer(tx, {
      debitAccountId: SYSTEM_ACCOUNTS.external,
      creditAccountId: walletAccountId('u1'),
      amountCents: 1000,
      kind: 'deposit',
      idempotencyKey: 'seed',
    }),
  );
});
afterAll(() => database.close());

const invariants = async () => (await checkLedger(database.db)).map((f) => f.invariant).sort();
const run = (query: ReturnType<typeof sql>) => database.db.execute(query);

describe('checkLedger', () => {
  it('passes on a consistent ledger', async () => {
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('finds a balance written outside a transfer', async () => {
    await run(sql`update ledger_accounts set balance_cents = balance_cents + 5 where id = 'wallet:u1'`);
    expect(await invariants()).toEqual(['balancesMatchTransfers', 'sumIsZero']);
    await run(sql`update ledger_accounts set balance_cents = balance_cents - 5 where id = 'wallet:u1'`);
  });

  it('finds a system account below zero (only external:payments may be)', async () => {
    // The ledger's own guard would refuse this; drop it on this throwaway copy, as an old bug would have.
    await run(sql`alter table ledger_accounts drop constraint if exists ledger_accounts_non_negative`);
    await run(
      sql`update ledger_accounts set balance_cents = balance_cents - 15534 where id = ${REVENUE_ACCOUNT_IDS[0]}`,
    );
    await run(
      sql`update ledger_accounts set balance_cents = balance_cents + 15534 where id = ${SYSTEM_ACCOUNTS.payoutsPending}`,
    );
    await run(sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, kind, idempotency_key)
                  values (${REVENUE_ACCOUNT_IDS[0]}, ${SYSTEM_ACCOUNTS.payoutsPending}, 15534, 'refund', 'forced')`);
    const failures = await checkLedger(database.db);
    expect(failures.filter((f) => f.invariant !== 'pendingPayoutsMatchAccount')).toEqual([
      { invariant: 'accountsNonNegative', message: 'platform:revenue is at -15534 cents' },
    ]);
    await run(sql`delete from ledger_transfers where idempotency_key = 'forced'`);
    await run(
      sql`update ledger_accounts set balance_cents = balance_cents + 15534 where id = ${REVENUE_ACCOUNT_IDS[0]}`,
    );
    await run(
      sql`update ledger_accounts set balance_cents = balance_cents - 15534 where id = ${SYSTEM_ACCOUNTS.payoutsPending}`,
    );
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('finds a negative wallet, a repeated key, a deposit never credited and a payout without its money', async () => {
    // Break the database's own guards on this throwaway copy to show the check does not rely on them.
    await run(sql`alter table ledger_accounts drop constraint if exists ledger_accounts_non_negative`);
    await run(sql`alter table ledger_transfers drop constraint ledger_transfers_idempotency_key_unique`);
    await run(sql`update ledger_accounts set balance_cents = -1000 where id = 'wallet:u2'`);
    await run(sql`update ledger_accounts set balance_cents = balance_cents + 1000 where id = 'wallet:u1'`);
    await run(sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, kind, idempotency_key)
                  values ('wallet:u2', 'wallet:u1', 1000, 'gift', 'seed')`);
    await run(sql`insert into deposits (id, user_id, idempotency_key, amount_cents, payment_method_id, provider, status)
                  values ('d1', 'u1', 'k1', 500, 'pm_card_visa', 'sandbox', 'succeeded')`);
    await run(sql`insert into payouts (id, reader_id, amount_cents, status) values ('p1', 'u2', 2500, 'pending')`);
    expect(await invariants()).toEqual([
      'accountsNonNegative',
      'depositsMatchTransfers',
      'idempotencyKeysUnique',
      'pendingPayoutsMatchAccount',
    ]);
  });
});
