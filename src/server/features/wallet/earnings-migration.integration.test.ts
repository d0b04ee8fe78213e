import { eq, sql } from 'drizzle-orm';
import { sandboxPayments } from '../../payments/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { databaseBeforeMigration } from '../../../../tests/integration/database-before-migration';
import { readingSessions } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import { decidePayout } from '../payouts';
import { finishSession } from '../sessions';
import { checkLedger } from './check-ledger';
import { createWallet, getBalances, SYSTEM_ACCOUNTS } from './ledger';

/** The one revenue account history had before its shards (migration 0018). */
const REVENUE = 'platform:revenue';
import { noRealtime } from '../../../../tests/integration/no-realtime';

// Migration 0005 moves money that readers' wallets held under the old rules (earnings and
// deposits mixed) into wallet, escrow and earnings (docs/decisions/009). The ledger below is what
// the old code left after ordinary readings, a deposit, a pending payout and the finding-2 attack.
let database: Database;

beforeAll(async () => {
  database = await databaseBeforeMigration(5);
});
afterAll(() => database.close());

const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
let key = 0;
/** A transfer as the old code wrote it (the old ledger let revenue go negative). */
async function move(
  debit: string,
  credit: string,
  amountCents: number,
  kind: string,
  reference: string,
  idempotencyKey = `old:${++key}`,
) {
  await run(sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, kind, reference, idempotency_key)
                values (${debit}, ${credit}, ${amountCents}, ${kind}, ${reference}, ${idempotencyKey})`);
  await run(sql`update ledger_accounts set balance_cents = balance_cents - ${amountCents} where id = ${debit}`);
  await run(sql`update ledger_accounts set balance_cents = balance_cents + ${amountCents} where id = ${credit}`);
}
/** One minute of a reading, split 70/30, the reader's share straight into their wallet. */
async function minute(session: string, reader: string, rateCents: number) {
  const readerCents = Math.floor((rateCents * 70) / 100);
  await move('wallet:client', `wallet:${reader}`, readerCents, 'session_charge', `session:${session}`);
  await move('wallet:client', REVENUE, rateCents - readerCents, 'session_charge', `session:${session}`);
}
async function reading(id: string, reader: string, status: 'active' | 'completed') {
  await run(sql`insert into reading_sessions (id, client_id, reader_id, session_type, status, rate_per_minute_cents, requested_at, started_at)
                values (${id}, 'client', ${reader}, 'chat', ${status}, 1000, now(), now())`);
}

describe('migration 0005', () => {
  it('moves earned-and-final money to earnings, open readings’ shares to escrow, and leaves deposits in the wallet', async () => {
    await run(
      sql`insert into "user" (id, name, email, role) values ('client', 'C', 'c@test', 'client'), ('r1', 'R1', 'r1@test', 'reader'), ('r2', 'R2', 'r2@test', 'reader')`,
    );
    await run(
      sql`insert into ledger_accounts (id, kind, user_id) values ('wallet:client', 'wallet', 'client'), ('wallet:r1', 'wallet', 'r1'), ('wallet:r2', 'wallet', 'r2')`,
    );
    await move(SYSTEM_ACCOUNTS.external, 'wallet:client', 100_000, 'deposit', 'test:fund');

    // Reader 1: a completed reading of 3 minutes at $10 (earned $21), a refunded one, a $500
    // card deposit and a pending $20 payout.
    await reading('s1', 'r1', 'completed');
    for (let i = 0; i < 3; i++) await minute('s1', 'r1', 1000);
    await reading('s2', 'r1', 'completed');
    await minute('s2', 'r1', 1000);
    await move('wallet:r1', 'wallet:client', 700, 'refund', 'session:s2');
    await move(REVENUE, 'wallet:client', 300, 'refund', 'session:s2');
    await move(SYSTEM_ACCOUNTS.external, 'wallet:r1', 50_000, 'deposit', 'test:fund');
    await run(sql`insert into payouts (id, reader_id, amount_cents, status) values ('p1', 'r1', 2000, 'pending')`);
    await move('wallet:r1', SYSTEM_ACCOUNTS.payoutsPending, 2000, 'payout', 'payout:p1', 'payout:p1:request');

    // Reader 2, the attack: a reading's $69.99 share paid out, then refunded by the platform; and
    // a reading still running, half of whose $70.00 held share was paid out.
    await reading('s4', 'r2', 'completed');
    await minute('s4', 'r2', 9999);
    await move('wallet:r2', SYSTEM_ACCOUNTS.payoutsPending, 6999, 'payout', 'payout:p4');
    await move(SYSTEM_ACCOUNTS.payoutsPending, SYSTEM_ACCOUNTS.external, 6999, 'payout', 'payout:p4');
    await move(REVENUE, 'wallet:client', 6999, 'refund', 'session:s4');
    await move(REVENUE, 'wallet:client', 3000, 'refund', 'session:s4');
    await reading('s3', 'r2', 'active');
    await minute('s3', 'r2', 5000);
    await minute('s3', 'r2', 5000);
    await move('wallet:r2', SYSTEM_ACCOUNTS.payoutsPending, 3500, 'payout', 'payout:p3');
    await move(SYSTEM_ACCOUNTS.payoutsPending, SYSTEM_ACCOUNTS.external, 3500, 'payout', 'payout:p3');

    const ids = [
      'wallet:client',
      'wallet:r1',
      'escrow:r1',
      'earnings:r1',
      'wallet:r2',
      'escrow:r2',
      'earnings:r2',
      REVENUE,
      SYSTEM_ACCOUNTS.payoutsPending,
    ];
    const named = async () =>
      Object.fromEntries(
        [...(await getBalances(database.db, ids))].sort(([a], [b]) => ids.indexOf(a) - ids.indexOf(b)),
      );
    expect(await named()).toEqual({
      'wallet:client': 87_000,
      'wallet:r1': 50_100,
      'wallet:r2': 3500,
      'platform:revenue': -3099,
      'payouts:pending': 2000,
    });

    await database.migrate();

    expect(await named()).toEqual({
      'wallet:client': 87_000,
      // $21.00 earned, $7.00 refunded, $20.00 asked for: $1.00 left to withdraw; the deposit stays.
      'wallet:r1': 50_000,
      'escrow:r1': 0,
      'earnings:r1': 100,
      // Of s3's $70.00 share only the $35.00 not yet paid out is left to hold; nothing is final.
      'wallet:r2': 0,
      'escrow:r2': 3500,
      'earnings:r2': 0,
      // The loss from the attack, covered from outside in an open adjustment.
      'platform:revenue': 0,
      'payouts:pending': 2000,
    });
    expect(await checkLedger(database.db)).toEqual([]);
    const adjustments = await run(
      sql`select idempotency_key as key, amount_cents as cents from ledger_transfers where kind = 'adjustment' order by id`,
    );
    expect((adjustments as unknown as { rows: { key: string; cents: number }[] }).rows).toEqual([
      { key: 'migration:0005:hold:s3', cents: 3500 },
      { key: 'migration:0005:earnings:r1', cents: 100 },
      { key: 'migration:0005:cover:platform:revenue', cents: 3099 },
    ]);

    // After: s3 ends and releases what escrow holds for it; the old pending payout, rejected, goes
    // back to the wallet it came from (it may have been a deposit); new users get all three accounts.
    const [s3] = await database.db.select().from(readingSessions).where(eq(readingSessions.id, 's3'));
    await database.db.transaction((tx) =>
      finishSession(tx, s3!, new Date(), new Outbox(), { reason: 'completed', endedBy: 'client' }),
    );
    await decidePayout(
      { db: database.db, realtime: noRealtime, clock: { now: () => Date.now() }, payments: sandboxPayments() },
      'client',
      'p1',
      { decision: 'rejected' },
    );
    await run(sql`insert into "user" (id, name, email) values ('new', 'N', 'n@test')`);
    await createWallet(database.db, 'new');
    expect(await named()).toMatchObject({
      'wallet:r1': 52_000,
      'earnings:r1': 100,
      'escrow:r2': 0,
      'earnings:r2': 3500,
      'payouts:pending': 0,
    });
    expect((await getBalances(database.db, ['wallet:new', 'escrow:new', 'earnings:new'])).size).toBe(3);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
