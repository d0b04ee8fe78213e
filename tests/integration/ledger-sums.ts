import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/** Sum over every ledger account; money is conserved when it is 0. */
export async function ledgerTotalCents(db: Db): Promise<number> {
  const result = await db.execute(sql`select coalesce(sum(balance_cents), 0)::bigint as total from ledger_accounts`);
  const rows = (result as unknown as { rows: { total: string | number }[] }).rows;
  return Number(rows[0]!.total);
}

/** The platform's revenue: the sum over its shards (REVENUE_ACCOUNT_IDS). */
export async function revenueCents(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(balance_cents), 0)::bigint as total from ledger_accounts where kind = 'revenue'`,
  );
  const rows = (result as unknown as { rows: { total: string | number }[] }).rows;
  return Number(rows[0]!.total);
}
