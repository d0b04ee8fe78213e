import { randomUUID } from 'node:crypto';
import { type ContactMaskContext, MASKED_ATTEMPTS_BEFORE_REPORT, maskContactDetails } from '@shared/contact-details';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { contactMasks, reports } from '../../db/schema';
import { DAY_MS } from '@shared/time-units';

/** The reason a product-filed report gives the admin queue. */
export const CONTACT_DETAILS_REPORT_REASON = `Shared contact details ${MASKED_ATTEMPTS_BEFORE_REPORT} times in a day`;

export interface MaskInput {
  /** Who wrote the text: the masked attempts are counted, and reported, against them. */
  userId: string;
  context: ContactMaskContext;
  /** The message, question, stream message, reading (for a review) or reader (for a bio) it is stored in. */
  subjectId: string;
  text: string;
  now: Date;
  /**
   * The stored column's limit: a masked text can be longer than the original (a short address
   * becomes the whole notice), and the tables check their lengths.
   */
  maxLength?: number | null;
}

/** What a masked send keeps: who wrote it, where, and their words before the rule. */
export type MaskedOriginalInput = Pick<MaskInput, 'userId' | 'context' | 'subjectId' | 'now'> & { original: string };

/**
 * Keeps the original of a text the rule masked (decision 068), in the caller's transaction, so a send
 * that fails leaves no original behind; every later reader of the stored text (the other side,
 * transcripts, exports, admins' views) gets the masked one.
 *
 * The masked attempt that makes MASKED_ATTEMPTS_BEFORE_REPORT within a day, counted since the
 * product last reported the user, files a report by itself, unless one is still open. Those
 * reports have no reporter, so `reports_one_open_per_reporter` (a unique index, where nulls are
 * distinct) cannot dedupe them: a transaction-scoped advisory lock on the sender serialises the
 * count and the insert, so two attempts at once cannot both see "none open" and file twice.
 */
export async function keepMaskedOriginal(tx: Tx, input: MaskedOriginalInput): Promise<void> {
  const { userId, now } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact-masks:${userId}`}, 0))`);
  await tx.insert(contactMasks).values({
    id: randomUUID(),
    userId,
    context: input.context,
    subjectId: input.subjectId,
    original: input.original,
    createdAt: now,
  });

  const filedByProduct = and(isNull(reports.reporterId), eq(reports.targetType, 'user'), eq(reports.targetId, userId));
  const [last] = await tx
    .select({
      createdAt: sql<Date>`max(${reports.createdAt})`.mapWith(reports.createdAt),
      open: sql<number>`count(*) filter (where ${reports.status} = 'open')`.mapWith(Number),
    })
    .from(reports)
    .where(filedByProduct);
  if (last && last.open > 0) return;

  const dayAgo = new Date(now.getTime() - DAY_MS);
  const since = last?.createdAt && last.createdAt > dayAgo ? last.createdAt : dayAgo;
  const [attempts] = await tx
    .select({ n: count() })
    .from(contactMasks)
    .where(and(eq(contactMasks.userId, userId), gt(contactMasks.createdAt, since)));
  if ((attempts?.n ?? 0) >= MASKED_ATTEMPTS_BEFORE_REPORT) {
    await tx.insert(reports).values({
      id: randomUUID(),
      reporterId: null,
      targetType: 'user',
      targetId: userId,
      reason: CONTACT_DETAILS_REPORT_REASON,
      createdAt: now,
    });
  }
}

/** The rule's text, cut to the stored column's limit. */
function masked(input: MaskInput): { text: string; masked: boolean } {
  const result = maskContactDetails(input.text);
  return input.maxLength == null ? result : { ...result, text: result.text.slice(0, input.maxLength) };
}

/**
 * Runs the contact-details rule on what a user sends to someone else, in the caller's transaction:
 * the caller stores the returned text in its own table; a masked one's original is kept
 * (keepMaskedOriginal).
 */
export async function maskForOthers(tx: Tx, input: MaskInput): Promise<{ text: string; masked: boolean }> {
  const shown = masked(input);
  if (shown.masked) await keepMaskedOriginal(tx, { ...input, original: input.text });
  return shown;
}

/**
 * The same for a send that is one insert (a chat message): `store` writes the text shown to others.
 * Nearly every message is clean and goes in as that one statement; only a masked one opens a
 * transaction, to keep its original with it. A chat's socket handler runs this for every message.
 */
export async function storeMaskedForOthers(
  db: Db,
  input: MaskInput,
  store: (db: DbOrTx, text: string) => Promise<unknown>,
): Promise<{ text: string; masked: boolean }> {
  const shown = masked(input);
  if (!shown.masked) await store(db, shown.text);
  else {
    await db.transaction(async (tx) => {
      await keepMaskedOriginal(tx, { ...input, original: input.text });
      await store(tx, shown.text);
    });
  }
  return shown;
}
