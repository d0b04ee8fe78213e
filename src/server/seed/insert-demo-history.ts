import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queryRows } from '../db/query-rows';
import { deposits, ledgerTransfers, readingSessions, sessionMinutes } from '../db/schema';
import { depositTransferKey } from '../features/wallet/deposit-to-wallet';
import { sandboxPayments } from '../payments/sandbox';
import type { DemoHistory, PlannedTransfer } from './demo-history';
import { insertRows } from './insert-rows';

/** The test card the demo seekers paid with (payments/sandbox.ts). */
const DEMO_CARD = 'pm_card_visa';

const valuesList = (rows: SQL[]) => sql.join(rows, sql`, `);

/**
 * Writes a planned history in a handful of statements inside the seed's transaction: the readings
 * and their receipt lines, the deposits, the ledger transfers in the order they happened, then each account moved by the net
 * of its transfers and each reader's rating and session counters counted from the readings. The live
 * paths (transfer, chargeWithSplit, finishSession, rateSession) would take thousands of statements
 * for the same rows at every start of the end-to-end server, and stamp every row with today; the
 * ledger check (seed-demo.integration.test.ts) holds this writer to the same invariants as theirs.
 */
export async function insertDemoHistory(tx: Tx, history: DemoHistory) {
  await insertRows(tx, readingSessions, history.readings);
  await insertRows(tx, sessionMinutes, history.minutes);
  await insertDeposits(tx, history);
  await insertRows(
    tx,
    ledgerTransfers,
    history.transfers.map(({ at, ...transfer }) => ({ ...transfer, createdAt: at })),
  );
  await moveBalances(tx, history.transfers);
  await countReaderFigures(tx);
  await backdateAccounts(tx, history.joinedAt);
}

/** Each deposit as the sandbox card processor answered it, settled in the same instant. */
async function insertDeposits(tx: Tx, history: DemoHistory) {
  const payments = sandboxPayments();
  const rows = await Promise.all(
    history.deposits.map(async (deposit) => {
      const outcome = await payments.charge({
        amountCents: deposit.amountCents,
        paymentMethodId: DEMO_CARD,
        idempotencyKey: depositTransferKey(deposit.id),
        customerRef: deposit.userId,
      });
      if (outcome.status !== 'succeeded') throw new Error(`the sandbox declined demo deposit ${deposit.id}`);
      return {
        id: deposit.id,
        userId: deposit.userId,
        idempotencyKey: deposit.idempotencyKey,
        amountCents: deposit.amountCents,
        paymentMethodId: DEMO_CARD,
        provider: payments.name,
        providerReference: outcome.reference,
        status: 'succeeded' as const,
        balanceAfterCents: deposit.balanceAfterCents,
        attemptStartedAt: null,
        createdAt: deposit.at,
        updatedAt: deposit.at,
      };
    }),
  );
  await insertRows(tx, deposits, rows);
}

/** Credits minus debits per account, applied in one statement; every account must already exist. */
async function moveBalances(tx: Tx, transfers: PlannedTransfer[]) {
  const net = new Map<string, number>();
  for (const t of transfers) {
    net.set(t.creditAccountId, (net.get(t.creditAccountId) ?? 0) + t.amountCents);
    net.set(t.debitAccountId, (net.get(t.debitAccountId) ?? 0) - t.amountCents);
  }
  const moved = [...net].filter(([, cents]) => cents !== 0);
  if (moved.length === 0) return;
  const updated = await queryRows<{ id: string }>(
    tx,
    sql`
    update ledger_accounts a set balance_cents = a.balance_cents + v.cents
    from (values ${valuesList(moved.map(([id, cents]) => sql`(${id}::text, ${cents}::bigint)`))}) as v(id, cents)
    where a.id = v.id
    returning a.id`,
  );
  if (updated.length !== moved.length)
    throw new Error(`demo history moves ${moved.length} accounts but ${updated.length} exist`);
}

/**
 * What finishSession (+1 completed reading) and rateSession (+rating, +1 review) would have added
 * up to, counted from the readings themselves. The seed runs on an empty database only, so every
 * reading here is the demo's.
 */
async function countReaderFigures(tx: Tx) {
  await tx.execute(sql`
    update reader_profiles p
    set completed_sessions = s.completed, rating_sum = s.rating_sum, rating_count = s.rating_count
    from (
      select reader_id, count(*)::int as completed, coalesce(sum(rating), 0)::int as rating_sum, count(rating)::int as rating_count
      from reading_sessions where status = 'completed' group by reader_id
    ) s
    where p.user_id = s.reader_id`);
}

/** Accounts with a past were opened before it: the reader profile and the 'member since' agree with it. */
async function backdateAccounts(tx: Tx, joinedAt: Map<string, Date>) {
  if (joinedAt.size === 0) return;
  const joined = sql`(values ${valuesList([...joinedAt].map(([id, at]) => sql`(${id}::text, ${at.toISOString()}::timestamptz)`))}) as v(id, at)`;
  await tx.execute(sql`update "user" u set created_at = v.at, updated_at = v.at from ${joined} where u.id = v.id`);
  await tx.execute(
    sql`update reader_profiles p set created_at = v.at, updated_at = v.at from ${joined} where p.user_id = v.id`,
  );
}
