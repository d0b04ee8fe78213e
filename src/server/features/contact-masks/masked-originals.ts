import type { ContactMaskContext } from '@shared/contact-details';
import { and, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMasks } from '../../db/schema';

/**
 * How far back a report about a user shows their masked originals, counted from their latest one
 * (the queue's read of a report has no clock, and an old report still shows what filed it).
 */
export const MASKED_ORIGINALS_DAYS = 7;
/** Enough to judge a pattern; a sender who pasted a number a hundred times needs no hundred rows. */
const MASKED_ORIGINALS_LIMIT = 50;

export interface MaskedOriginal {
  context: ContactMaskContext;
  subjectId: string;
  original: string;
  createdAt: Date;
}

/** A user's masked originals of their last days, newest first: what an admin reads in a report about them. */
export async function maskedOriginalsOf(db: DbOrTx, userId: string): Promise<MaskedOriginal[]> {
  const latest = db
    .select({ at: max(contactMasks.createdAt) })
    .from(contactMasks)
    .where(eq(contactMasks.userId, userId));
  const since = sql`(${latest}) - make_interval(days => ${MASKED_ORIGINALS_DAYS})`;
  return db
    .select({
      context: contactMasks.context,
      subjectId: contactMasks.subjectId,
      original: contactMasks.original,
      createdAt: contactMasks.createdAt,
    })
    .from(contactMasks)
    .where(and(eq(contactMasks.userId, userId), gt(contactMasks.createdAt, since)))
    .orderBy(desc(contactMasks.createdAt), desc(contactMasks.id))
    .limit(MASKED_ORIGINALS_LIMIT);
}
