import { READER_SHARE_PERCENT } from '@shared/constants';
import { EARNING_SOURCES, type EarningSource, type EarningsBySource } from '@shared/reader-dashboard';
import { keysOf, recordOf } from '@shared/records';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import {
  appointments,
  liveStreams,
  readingSessions,
  shopOrderItems,
  shopOrders,
  shopShipments,
  streamGifts,
  streamJoins,
  writtenReadings,
} from '../../db/schema';

/**
 * Every cent a reader earned, one row per completed reading, gift, paid admission, shop sale and answer:
 * `(reader_id, source, at, cents)`. The one definition of earnings (decision 040): the reader's
 * dashboard, the Earnings tab, the admin's Readers tab and Analytics all add up these rows, so no
 * two screens can count a different set. Each row is the reader's leg of its ledger movement:
 * - a reading's `reader_earnings_cents`, released to earnings when it completed (0 once refunded:
 *   billing.ts), at its end; a refunded reading stays a row, a reading that earned nothing;
 * - a gift's `reader_cents` (docs/decisions/024), when paid;
 * - an admission's floor(70%) of its price (splitCharge, in integer SQL), when paid, unless it was
 *   given back because the reader left (docs/decisions/034);
 * - a shop line's `seller_cents` (docs/decisions/027), when ordered, less what a cancelled
 *   shipment took back from the seller's earnings (decision 040), when cancelled;
 * - an answered written question's floor(70%) of its price, charged from the client's hold into
 *   earnings when answered (docs/decisions/047);
 * - an appointment's late-cancellation or no-show fee's floor(70%), charged from the client's hold
 *   into earnings when settled (docs/decisions/048).
 * `reader` narrows every branch to one reader: an id, or a column of an outer query to correlate
 * with (each branch then uses its reader index); null keeps every reader.
 */
export function readerIncome(reader: string | SQLWrapper | null): SQL {
  const only = (column: SQL) => (reader === null ? sql`true` : sql`${column} = ${reader}`);
  return sql`(
    select r.reader_id, 'readings' as source, r.ended_at as at, r.reader_earnings_cents as cents
      from ${readingSessions} r
      where r.status = 'completed' and ${only(sql`r.reader_id`)}
    union all
    select s.reader_id, 'gifts', g.created_at, g.reader_cents
      from ${streamGifts} g join ${liveStreams} s on s.id = g.stream_id
      where ${only(sql`s.reader_id`)}
    union all
    select s.reader_id, 'streamAdmissions', j.created_at, j.paid_cents * ${READER_SHARE_PERCENT} / 100
      from ${streamJoins} j join ${liveStreams} s on s.id = j.stream_id
      where j.paid_cents > 0 and j.refunded_at is null and ${only(sql`s.reader_id`)}
    union all
    select i.seller_id, 'shopSales', o.created_at, i.seller_cents
      from ${shopOrderItems} i join ${shopOrders} o on o.id = i.order_id
      where i.seller_id is not null and i.seller_cents > 0 and ${only(sql`i.seller_id`)}
    union all
    select sh.seller_id, 'shopSales', sh.cancelled_at, -sh.seller_refunded_cents
      from ${shopShipments} sh
      where sh.seller_refunded_cents > 0 and ${only(sql`sh.seller_id`)}
    union all
    select w.reader_id, 'writtenReadings', w.answered_at, w.price_cents * ${READER_SHARE_PERCENT} / 100
      from ${writtenReadings} w
      where w.status = 'answered' and ${only(sql`w.reader_id`)}
    union all
    select a.reader_id, 'appointmentFees', a.settled_at, a.fee_cents * ${READER_SHARE_PERCENT} / 100
      from ${appointments} a
      where a.fee_cents > 0 and ${only(sql`a.reader_id`)}
  ) income`;
}

const SOURCE_FIELD: Record<EarningSource, keyof EarningsBySource> = {
  readings: 'readingsCents',
  gifts: 'giftsCents',
  streamAdmissions: 'streamAdmissionsCents',
  shopSales: 'shopSalesCents',
  writtenReadings: 'writtenReadingsCents',
  appointmentFees: 'appointmentFeesCents',
};

/** A reader's earnings of all time, one line per source. */
export async function earningsBySource(db: DbOrTx, readerId: string): Promise<EarningsBySource> {
  const rows = await queryRows<{ source: EarningSource; cents: number | string }>(
    db,
    sql`select source, coalesce(sum(cents), 0)::bigint as cents from ${readerIncome(readerId)} group by source`,
  );
  const lines: EarningsBySource = recordOf(
    EARNING_SOURCES.map((source) => SOURCE_FIELD[source]),
    () => 0,
  );
  for (const row of rows) lines[SOURCE_FIELD[row.source]] = Number(row.cents);
  return lines;
}

/** A reader's income rows since `since`: when, from what and how much (readings that earned nothing included). */
export async function incomeRowsSince(
  db: DbOrTx,
  readerId: string,
  since: Date,
): Promise<{ at: Date; source: EarningSource; cents: number }[]> {
  const rows = await queryRows<{ at: Date | string; source: EarningSource; cents: number | string }>(
    db,
    sql`select at, source, cents from ${readerIncome(readerId)} where at >= ${since.toISOString()}`,
  );
  return rows.map((row) => ({ at: new Date(row.at), source: row.source, cents: Number(row.cents) }));
}

/** Each period's earnings (null: ever), summed from the same rows. */
export async function earningsSince<K extends string>(
  db: DbOrTx,
  readerId: string,
  starts: Record<K, Date | null>,
): Promise<Record<K, number>> {
  const keys = keysOf(starts);
  const sums = keys.map((key, index) => {
    const since = starts[key];
    const inPeriod = since ? sql`at >= ${since.toISOString()}` : sql`true`;
    return sql`coalesce(sum(cents) filter (where ${inPeriod}), 0)::bigint as ${sql.identifier(`cents_${index}`)}`;
  });
  const [row] = await queryRows<Record<string, number | string>>(
    db,
    sql`select ${sql.join(sums, sql`, `)} from ${readerIncome(readerId)}`,
  );
  return recordOf(keys, (_key, index) => Number(row![`cents_${index}`]));
}

/** A reader's earnings of all time as a column of a query over readers (the admin's Readers tab). */
export function allTimeEarningsOf(readerId: SQLWrapper): SQL<number> {
  return sql<number>`(select coalesce(sum(cents), 0)::bigint from ${readerIncome(readerId)})`;
}

/** Every reader's earnings in [from, until), as a subquery `(reader_id, cents)`: Analytics' top readers. */
export function earningsByReaderBetween(from: Date, until: Date): SQL {
  return sql`(select reader_id, sum(cents)::bigint as cents from ${readerIncome(null)}
    where at >= ${from.toISOString()} and at < ${until.toISOString()} group by reader_id)`;
}
