import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { heldReference } from './hold';
import { MARKETING_ACCOUNT_ID } from './credit';
import { SYSTEM_ACCOUNTS } from './ledger';

/** The ledger's invariants (DESIGN.md 'Money'), checked by tests and `npm run ledger:check`. */
export const LEDGER_INVARIANTS = {
  sumIsZero: 'the balances of all accounts add up to zero',
  balancesMatchTransfers: "each account's balance equals its credits minus its debits",
  accountsNonNegative:
    'no account except external:payments, marketing:promotions and the disputes: accounts is negative',
  escrowHoldsOpenReadings: "each escrow holds exactly its reader's shares of readings still open (refundable)",
  holdsNeverOverdrawn: 'no hold gave back or charged more for a reference than was held for it (docs/decisions/046)',
  writtenReadingsHeld: 'each pending written reading is held in full, and an answered or refunded one not at all',
  appointmentsHeld:
    'each pending or accepted appointment is held in full, and a settled one not at all (docs/decisions/048)',
  idempotencyKeysUnique: 'every idempotency key appears once',
  depositsMatchTransfers: 'each succeeded deposit was credited exactly once, and no other deposit was',
  pendingPayoutsMatchAccount: 'the pending payouts add up to the payouts:pending balance',
  creditMatchesGrants:
    "each client's credit: account holds what is left of their grants not yet swept (docs/decisions/066)",
  marketingMatchesGrants:
    'marketing:promotions is below zero by the credit granted less the credit taken back (at expiry, or from a refunded or disputed deposit)',
  grantsSweptOnce: 'every swept grant was taken back by at most one transfer, of what was left of it',
} as const;
export type LedgerInvariant = keyof typeof LEDGER_INVARIANTS;

export interface LedgerFailure {
  invariant: LedgerInvariant;
  message: string;
}

const SAMPLE = 10;

/**
 * Rows of a table of things held for (`<prefix>:<id>` references on the client hold) whose hold is
 * not what it should be: while open, the price less `usedSql` (what a booked reading running now
 * has charged of it); once settled, 0.
 */
function misheldByReference(
  tx: Tx,
  table: 'written_readings' | 'appointments',
  prefix: string,
  openStatuses: string[],
  usedSql = sql`0`,
) {
  return queryRows<{ id: string; status: string; held: string }>(
    tx,
    sql`select r.id, r.status, coalesce(h.held, 0)::text as held
        from ${sql.identifier(table)} r
        left join (select ${heldReference} as reference, sum(case when t.credit_account_id like 'hold:%' then t.amount_cents else -t.amount_cents end) as held
                   from ledger_transfers t
                   left join reading_sessions s on t.reference like 'session:%' and s.id = substr(t.reference, 9)
                   where (t.credit_account_id like 'hold:%' or t.debit_account_id like 'hold:%')
                   group by 1) h on h.reference = ${`${prefix}:`} || r.id
        where coalesce(h.held, 0) <> case when r.status in ${sql.raw(`(${openStatuses.map((status) => `'${status}'`).join(', ')})`)} then r.price_cents - ${usedSql} else 0 end
        order by r.id limit ${SAMPLE}`,
  );
}

/**
 * Checks every ledger invariant and returns the ones that fail (empty: all hold). Reads one
 * snapshot (repeatable read), so it can run against a live PostgreSQL without false alarms from
 * transfers committing while it reads.
 */
export async function checkLedger(db: Db): Promise<LedgerFailure[]> {
  return db.transaction(
    async (tx) => {
      const failures: LedgerFailure[] = [];
      const fail = (invariant: LedgerInvariant, message: string) => failures.push({ invariant, message });

      const [total] = await queryRows<{ sum: string | null }>(
        tx,
        sql`select sum(balance_cents)::text as sum from ledger_accounts`,
      );
      if (BigInt(total?.sum ?? '0') !== 0n) fail('sumIsZero', `the accounts add up to ${total?.sum} cents, not 0`);

      const mismatched = await queryRows<{ id: string; balance: string; expected: string }>(
        tx,
        sql`select a.id, a.balance_cents::text as balance, (coalesce(c.total, 0) - coalesce(d.total, 0))::text as expected
            from ledger_accounts a
            left join (select credit_account_id as id, sum(amount_cents) as total from ledger_transfers group by 1) c on c.id = a.id
            left join (select debit_account_id as id, sum(amount_cents) as total from ledger_transfers group by 1) d on d.id = a.id
            where a.balance_cents <> coalesce(c.total, 0) - coalesce(d.total, 0)
            order by a.id limit ${SAMPLE}`,
      );
      for (const m of mismatched)
        fail('balancesMatchTransfers', `${m.id} holds ${m.balance} cents but its transfers say ${m.expected}`);

      const negative = await queryRows<{ id: string; balance: string }>(
        tx,
        sql`select id, balance_cents::text as balance from ledger_accounts where kind not in ('external', 'disputes', 'marketing') and balance_cents < 0 order by id limit ${SAMPLE}`,
      );
      for (const n of negative) fail('accountsNonNegative', `${n.id} is at ${n.balance} cents`);

      // Money of an ended reading left in escrow was never released (or a refund missed it); money
      // of an open one missing from escrow was released or paid out while still refundable.
      const misheld = await queryRows<{ id: string; balance: string; open: string }>(
        tx,
        sql`select a.id, a.balance_cents::text as balance, coalesce(sum(case when t.credit_account_id = a.id then t.amount_cents else -t.amount_cents end)
                     filter (where s.status = 'active'), 0)::text as open
            from ledger_accounts a
            left join ledger_transfers t on a.id in (t.credit_account_id, t.debit_account_id)
            left join reading_sessions s on t.reference like 'session:%' and s.id = substr(t.reference, 9)
            where a.kind = 'escrow'
            group by a.id, a.balance_cents
            having a.balance_cents <> coalesce(sum(case when t.credit_account_id = a.id then t.amount_cents else -t.amount_cents end)
                                               filter (where s.status = 'active'), 0)
            order by a.id limit ${SAMPLE}`,
      );
      for (const m of misheld)
        fail(
          'escrowHoldsOpenReadings',
          `${m.id} holds ${m.balance} cents but its open readings' shares add up to ${m.open}`,
        );

      // A booked reading's minutes leave the hold under the reading's reference: they count against its appointment's.
      const overdrawn = await queryRows<{ id: string; reference: string | null; held: string }>(
        tx,
        sql`select a.id, ${heldReference} as reference, sum(case when t.credit_account_id = a.id then t.amount_cents else -t.amount_cents end)::text as held
            from ledger_accounts a
            join ledger_transfers t on a.id in (t.credit_account_id, t.debit_account_id)
            left join reading_sessions s on t.reference like 'session:%' and s.id = substr(t.reference, 9)
            where a.kind = 'hold'
            group by a.id, ${heldReference}
            having sum(case when t.credit_account_id = a.id then t.amount_cents else -t.amount_cents end) < 0
            order by a.id limit ${SAMPLE}`,
      );
      for (const o of overdrawn) fail('holdsNeverOverdrawn', `${o.id} holds ${o.held} cents for ${o.reference}`);

      for (const m of await misheldByReference(tx, 'written_readings', 'written-reading', ['pending'])) {
        fail('writtenReadingsHeld', `written reading ${m.id} is ${m.status} and holds ${m.held} cents`);
      }
      // Its booked minutes, each at the booked rate (a booked reading has no free minutes); minutes
      // past the booked length of an extended reading come from the wallet, not the hold.
      const usedByReading = sql`coalesce((select s.rate_per_minute_cents * least(s.minutes_charged, s.max_minutes) from reading_sessions s where s.appointment_id = r.id and s.status = 'active'), 0)`;
      for (const m of await misheldByReference(
        tx,
        'appointments',
        'appointment',
        ['pending', 'accepted'],
        usedByReading,
      )) {
        fail('appointmentsHeld', `appointment ${m.id} is ${m.status} and holds ${m.held} cents`);
      }

      const repeated = await queryRows<{ key: string; times: string }>(
        tx,
        sql`select idempotency_key as key, count(*)::text as times from ledger_transfers group by 1 having count(*) > 1 order by 1 limit ${SAMPLE}`,
      );
      for (const r of repeated) fail('idempotencyKeysUnique', `idempotency key ${r.key} appears ${r.times} times`);

      const badDeposits = await queryRows<{ id: string; status: string }>(
        tx,
        sql`select d.id, d.status from deposits d
            left join ledger_transfers t on t.idempotency_key = 'deposit:' || d.id
            where (d.status = 'succeeded') is distinct from
                  (t.id is not null and t.amount_cents = d.amount_cents and t.credit_account_id = 'wallet:' || d.user_id
                   and t.debit_account_id = ${SYSTEM_ACCOUNTS.external})
            order by d.id limit ${SAMPLE}`,
      );
      for (const d of badDeposits)
        fail('depositsMatchTransfers', `deposit ${d.id} is ${d.status} but its ledger transfer does not match`);

      const [payouts] = await queryRows<{ pending: string; account: string | null }>(
        tx,
        sql`select (select coalesce(sum(amount_cents), 0) from payouts where status = 'pending')::text as pending,
                   (select balance_cents from ledger_accounts where id = ${SYSTEM_ACCOUNTS.payoutsPending})::text as account`,
      );
      if (payouts && payouts.pending !== (payouts.account ?? '0')) {
        fail(
          'pendingPayoutsMatchAccount',
          `pending payouts add up to ${payouts.pending} cents, payouts:pending holds ${payouts.account}`,
        );
      }

      const miscredited = await queryRows<{ id: string; balance: string; grants: string }>(
        tx,
        sql`select a.id, a.balance_cents::text as balance, coalesce(g.left_cents, 0)::text as grants
            from ledger_accounts a
            left join (select user_id, sum(remaining_cents) as left_cents from credit_grants where swept_at is null group by 1) g on g.user_id = a.user_id
            where a.kind = 'credit' and a.balance_cents <> coalesce(g.left_cents, 0)
            order by a.id limit ${SAMPLE}`,
      );
      for (const m of miscredited)
        fail('creditMatchesGrants', `${m.id} holds ${m.balance} cents but its grants have ${m.grants} left`);

      // Returned grants give back credit that came from the wallet (a refund), not from marketing.
      const [marketing] = await queryRows<{ balance: string; expected: string }>(
        tx,
        sql`select coalesce((select balance_cents from ledger_accounts where id = ${MARKETING_ACCOUNT_ID}), 0)::text as balance,
                   ((select coalesce(sum(amount_cents), 0) from ledger_transfers where kind in ('credit_expiry', 'credit_revoke'))
                    - (select coalesce(sum(amount_cents), 0) from credit_grants where source <> 'returned'))::text as expected`,
      );
      if (marketing && marketing.balance !== marketing.expected) {
        fail(
          'marketingMatchesGrants',
          `${MARKETING_ACCOUNT_ID} is at ${marketing.balance} cents, its grants and expiries say ${marketing.expected}`,
        );
      }

      const badSweeps = await queryRows<{ id: string; sweeps: string }>(
        tx,
        sql`select g.id, count(t.id)::text as sweeps from credit_grants g
            left join ledger_transfers t on t.kind in ('credit_expiry', 'credit_revoke') and t.reference = 'credit-grant:' || g.id
            group by g.id, g.swept_at having count(t.id) > 1 or (g.swept_at is null and count(t.id) > 0)
            order by g.id limit ${SAMPLE}`,
      );
      for (const b of badSweeps) fail('grantsSweptOnce', `grant ${b.id} was taken back by ${b.sweeps} transfers`);
      return failures;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
