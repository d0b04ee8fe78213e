import {
  type RateWrittenReadingInput,
  rateWrittenReadingSchema,
  type SentWrittenReading,
  WRITTEN_READING_RATING_REFUSALS,
} from '@shared/written-readings';
import { eq, sql } from 'drizzle-orm';
import { readerProfiles, writtenReadings } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { maskForOthers } from '../contact-masks';
import type { WrittenReadingDeps } from './deps';
import { loadWrittenReading, ratableUntil } from './view';

/**
 * The client rates an answer once, within RATING_WINDOW_DAYS of it; the rating counts with the
 * reader's reviews (their average and count on reader_profiles, and the reviews list). The row
 * lock makes two ratings at once one rating and a 409.
 */
export async function rateWrittenReading(
  deps: Pick<WrittenReadingDeps, 'db' | 'clock'>,
  rater: SessionUser,
  id: string,
  input: RateWrittenReadingInput,
): Promise<SentWrittenReading> {
  const now = deps.clock.now();
  const masked = await deps.db.transaction(async (tx) => {
    const [question] = await tx.select().from(writtenReadings).where(eq(writtenReadings.id, id)).for('update');
    if (!question || (question.clientId !== rater.id && question.readerId !== rater.id))
      throw notFound('Question not found');
    if (question.clientId !== rater.id) throw forbidden('Only the client can rate an answer');
    if (question.status !== 'answered') throw conflict(WRITTEN_READING_RATING_REFUSALS.notAnswered);
    if (question.rating !== null) throw conflict(WRITTEN_READING_RATING_REFUSALS.rated);
    if (now >= ratableUntil(question)!.getTime()) throw conflict(WRITTEN_READING_RATING_REFUSALS.closed);
    // The review is public on the reader's profile: contact details in it are masked (decision 068).
    const review = input.review
      ? await maskForOthers(tx, {
          userId: rater.id,
          context: 'review',
          subjectId: id,
          text: input.review,
          now: new Date(now),
          maxLength: rateWrittenReadingSchema.shape.review.unwrap().maxLength,
        })
      : null;
    await tx
      .update(writtenReadings)
      .set({ rating: input.rating, review: review?.text || null, ratedAt: new Date(now) })
      .where(eq(writtenReadings.id, id));
    await tx
      .update(readerProfiles)
      .set({
        ratingSum: sql`${readerProfiles.ratingSum} + ${input.rating}`,
        ratingCount: sql`${readerProfiles.ratingCount} + 1`,
      })
      .where(eq(readerProfiles.userId, question.readerId));
    return review?.masked ?? false;
  });
  return { ...(await loadWrittenReading(deps.db, id, now))!, masked };
}
