import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerTransfers, readingSessions } from '../../db/schema';
import { REVENUE_ACCOUNT_IDS } from '../wallet';

/**
 * The platform's revenue as ledger movements: each transfer into a revenue shard (+) and each
 * refund taken back out of it (−). A reading's movements count only once it is completed, as every
 * statistic does (until then its minutes can still be refunded), and they count at the instant it
 * completed: that is when its revenue becomes final, so "today" on the stat card and today's bar
 * in Analytics agree even for a reading that ran over midnight (docs/decisions/014). Money not
 * tied to a reading counts when it moved.
 */
export function platformRevenueMovements(db: DbOrTx) {
  const revenueIds = [...REVENUE_ACCOUNT_IDS];
  const isCredit = inArray(ledgerTransfers.creditAccountId, revenueIds);
  return db
    .select({
      amountCents: sql<number>`case when ${isCredit} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end`.as('amount_cents'),
      countsAt: sql<Date>`coalesce(${readingSessions.endedAt}, ${ledgerTransfers.createdAt})`.as('counts_at'),
    })
    .from(ledgerTransfers)
    .leftJoin(readingSessions, sql`${ledgerTransfers.reference} = 'session:' || ${readingSessions.id}`)
    .where(
      and(
        sql`(${isCredit} or (${inArray(ledgerTransfers.debitAccountId, revenueIds)} and ${ledgerTransfers.kind} = 'refund'))`,
        sql`(${ledgerTransfers.reference} is null or ${ledgerTransfers.reference} not like 'session:%' or ${eq(readingSessions.status, 'completed')})`,
      ),
    )
    .as('platform_revenue');
}
