import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RevenueSource } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { ledgerTransfers, readingSessions } from '../../db/schema';
import { REVENUE_ACCOUNT_IDS } from '../wallet';

/**
 * The source of a movement not tied to a reading, by its reference's type: what each feature names
 * its charges and their refunds with (appointments/deps.ts, written-readings/deps.ts, live gifts
 * and paid joins, shop orders and cancelled shipments). A reading's own movements are 'readings',
 * or 'bookedReadings' when it was booked; anything else (an adjustment) is 'other'.
 */
const SOURCE_OF_REFERENCE_TYPE: Record<string, RevenueSource> = {
  appointment: 'bookedReadings',
  'written-reading': 'writtenReadings',
  gift: 'live',
  stream: 'live',
  order: 'shop',
  shipment: 'shop',
};

/**
 * The platform's revenue as ledger movements: each transfer into a revenue shard (+) and each
 * refund taken back out of it (−). A reading's movements count only once it is completed, as every
 * statistic does (until then its minutes can still be refunded), and they count at the instant it
 * completed: that is when its revenue becomes final, so "today" on the stat card and today's bar
 * in Analytics agree even for a reading that ran over midnight (docs/decisions/014). Money not
 * tied to a reading counts when it moved. Each movement names its source (docs/decisions/058).
 */
export function platformRevenueMovements(db: DbOrTx) {
  const revenueIds = [...REVENUE_ACCOUNT_IDS];
  const isCredit = inArray(ledgerTransfers.creditAccountId, revenueIds);
  return db
    .select({
      amountCents:
        sql<number>`case when ${isCredit} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end`.as(
          'amount_cents',
        ),
      countsAt: sql<Date>`coalesce(${readingSessions.endedAt}, ${ledgerTransfers.createdAt})`.as('counts_at'),
      source: sql<RevenueSource>`case
        when ${readingSessions.id} is not null then case when ${readingSessions.appointmentId} is null then 'readings' else 'bookedReadings' end
        else case split_part(${ledgerTransfers.reference}, ':', 1)
          ${sql.join(
            Object.entries(SOURCE_OF_REFERENCE_TYPE).map(([type, source]) => sql`when ${type} then ${source}`),
            sql` `,
          )}
          else 'other' end
        end`.as('source'),
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
