
import { REVIEW_AUTHOR_NAME, REVIEW_STARS, REVIEWS_PAGE_SIZE, type ReaderReviews } from '@shared/reviews';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { assertListedReader } from '../readers';
import { isCountedReview } from './counted-review';


/**
 * One page of a listed reader's counted reviews, newest first, with the star distribution and the
 * average over all of them. Both queries ride the (reader_id, rated_at desc) partial index.
 */
export async function listReaderReviews(db: DbOrTx, readerId: string, page: number): Promise<ReaderReviews> {
  await assertListedReader(db, readerId);
  const counted = and(eq(readingSessions.readerId, readerId), isCountedReview);
  const rows = await db
    .select({
      id: readingSessions.id,
      rating: readingSessions.rating,
      // A review an admin hid (a decided report) keeps its stars; its text is withdrawn.
      review: sql<string | null>`case when ${readingSessions.reviewHiddenAt} is null then ${readingSessions.review} end`,
      ratedAt: readingSessions.ratedAt,
      sessionType: readingSessions.sessionType,
    })
    .from(readingSessions)
    .where(counted)
    .orderBy(desc(readingSessions.ratedAt), desc(readingSessions.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  const counts = await db
    .select({ stars: readingSessions.rating, count: sql<number>`count(*)::int` })
    .from(readingSessions)
    .where(counted)
    .groupBy(readingSessions.rating);

  const countOf = new Map(counts.map((row) => [row.stars, row.count]));
  const distribution = REVIEW_STARS.map((stars) => ({ stars, count: countOf.get(stars) ?? 0 }));
  const total = distribution.reduce((sum, { count }) => sum + count, 0);
  const starSum = distribution.reduce((sum, { stars, count }) => sum + stars * count, 0);
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating!,
      text: row.review ?? '',
      authorName: REVIEW_AUTHOR_NAME,
      ratedAt: row.ratedAt!.toISOString(),
      sessionType: row.sessionType,
    })),
    total,
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    distribution,
    // Rounded as the reader's own rating is (reader-view.ts), so the two never disagree in the last digit.
    average: total === 0 ? null : Math.round((starSum / total) * 10) / 10,
  };
}
