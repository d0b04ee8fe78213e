import { BLOCKED_MESSAGE } from '@shared/blocks';
import { ERROR_CODES } from '@shared/errors';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userBlocks } from '../../db/schema';
import { AppError } from '../../errors';

/** Whether either of the two has blocked the other: a block stops both directions. */
export async function isBlockedBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * 403 BLOCKED when either has blocked the other (decision 068): a request, a place in a queue, a
 * booking, a written question or a priced stream. The answer never says who blocked whom or why.
 */
export async function assertNotBlocked(db: DbOrTx, a: string, b: string): Promise<void> {
  if (await isBlockedBetween(db, a, b)) throw new AppError(ERROR_CODES.blocked, BLOCKED_MESSAGE);
}

/**
 * In SQL, for a fan-out's recipients: true when the recipient in `userId` (a column or SQL) and
 * `otherId` have no block between them. Spelled against the table's own name, so it can stand in
 * any statement's WHERE.
 */
export function notBlockedSql(userId: SQL | { getSQL(): SQL }, otherId: string): SQL {
  return sql`not exists (select 1 from ${userBlocks} ub where (ub.blocker_id = ${userId} and ub.blocked_id = ${otherId}) or (ub.blocker_id = ${otherId} and ub.blocked_id = ${userId}))`;
}
