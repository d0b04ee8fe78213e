import { and, desc, eq } from 'drizzle-orm';
import { PAYOUT_LIST_LIMIT, type PayoutList, type PayoutListQuery } from '@shared/wallet';
import type { DbOrTx } from '../../db/client';
import { payouts } from '../../db/schema';
import { seesAsAdmin, type SessionUser } from '../auth';
import { selectPayouts, toPayout } from './payout-view';

/** Newest payouts first: an admin sees everyone's, a reader only their own. */
export async function listPayouts(db: DbOrTx, viewer: SessionUser, query: PayoutListQuery): Promise<PayoutList> {
  const rows = await selectPayouts(db)
    .where(
      and(
        seesAsAdmin(viewer) ? undefined : eq(payouts.readerId, viewer.id),
        query.status ? eq(payouts.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(PAYOUT_LIST_LIMIT);
  return { payouts: rows.map(toPayout) };
}
