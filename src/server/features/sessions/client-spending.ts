import { SPENDING_SOURCES, type SpendingSource, type SpentBySource } from '@shared/spending';
import { recordOf } from '@shared/records';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import {
  appointments,
  readingSessions,
  shopOrders,
  shopShipments,
  streamGifts,
  streamJoins,
  writtenReadings,
} from '../../db/schema';

/**
 * Every cent a client spent, one row per purchase or refund: `(source, at, cents)`, the one
 * definition of shared/spending.ts (decision 057). Each row is the client's side of its ledger movement,
 * from the domain rows, which carry the instants the figures need (on the injected clock, as
 * readers/reader-income.ts does for earnings):
 * - a completed reading's `total_cost_cents - refunded_cents`, at its end (an open one can still be
 *   refunded in full, so it counts once it has ended);
 * - an appointment's fee, charged from the hold, when settled;
 * - an answered written question's price, charged from the hold, when answered;
 * - a gift's amount, when sent;
 * - a paid stream admission, when paid, unless given back because the reader left;
 * - an order's total, when ordered, less each cancelled shipment's refund, when cancelled.
 */
function clientSpending(clientId: string): SQL {
  return sql`(
    select 'readings' as source, r.ended_at as at, r.total_cost_cents - r.refunded_cents as cents
      from ${readingSessions} r
      where r.client_id = ${clientId} and r.status = 'completed'
    union all
    select 'appointmentFees', a.settled_at, a.fee_cents
      from ${appointments} a
      where a.client_id = ${clientId} and a.fee_cents > 0
    union all
    select 'writtenReadings', w.answered_at, w.price_cents
      from ${writtenReadings} w
      where w.client_id = ${clientId} and w.status = 'answered'
    union all
    select 'gifts', g.created_at, g.amount_cents
      from ${streamGifts} g
      where g.sender_id = ${clientId}
    union all
    select 'streamAdmissions', j.created_at, j.paid_cents
      from ${streamJoins} j
      where j.user_id = ${clientId} and j.paid_cents > 0 and j.refunded_at is null
    union all
    select 'orders', o.created_at, o.total_cents
      from ${shopOrders} o
      where o.client_id = ${clientId}
    union all
    select 'orders', sh.cancelled_at, -sh.refunded_cents
      from ${shopShipments} sh join ${shopOrders} o on o.id = sh.order_id
      where o.client_id = ${clientId} and sh.refunded_cents > 0
  ) spending`;
}

export interface ClientSpending {
  totalCents: number;
  sinceCents: number;
  bySource: SpentBySource;
}

/** A client's spending of all time, one line per source, and since `since` (this month's card). */
export async function spendingOf(db: DbOrTx, clientId: string, since: Date): Promise<ClientSpending> {
  const rows = await queryRows<{ source: SpendingSource; cents: number | string; since_cents: number | string }>(
    db,
    sql`select source, coalesce(sum(cents), 0)::bigint as cents,
        coalesce(sum(cents) filter (where at >= ${since.toISOString()}), 0)::bigint as since_cents
      from ${clientSpending(clientId)} group by source`,
  );
  const bySource: SpentBySource = recordOf(SPENDING_SOURCES, () => 0);
  let sinceCents = 0;
  for (const row of rows) {
    bySource[row.source] = Number(row.cents);
    sinceCents += Number(row.since_cents);
  }
  return { totalCents: SPENDING_SOURCES.reduce((sum, source) => sum + bySource[source], 0), sinceCents, bySource };
}
