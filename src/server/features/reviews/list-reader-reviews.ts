import {
  REVIEW_AUTHOR_NAME,
  REVIEW_STARS,
  REVIEWS_PAGE_SIZE,
  type ReaderReviews,
  type ReviewKind,
} from '@shared/reviews';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { readingSessions, writtenReadings } from '../../db/schema';
import { assertListedReader } from '../readers';
import { isCountedReview } from './counted-review';

/**
 * A listed reader's counted reviews: of live readings (isCountedReview) and of written readings
 * (rated answers, decision 047), as one set `(id, rating, review, rated_at, session_type)`. Each branch
 * rides its (reader_id, rated_at desc) partial index.
 */
function countedReviews(readerId: string) {
  return sql`(
    select ${readingSessions.id} as id, ${readingSessions.rating} as rating,
      -- A review an admin hid (a decided report) keeps its stars; its text is withdrawn.
      case when ${readingSessions.reviewHiddenAt} is null then ${readingSessions.review} end as review,
      ${readingSessions.ratedAt} as rated_at, ${readingSessions.sessionType} as session_type
    from ${readingSessions}
    where ${and(eq(readingSessions.readerId, readerId), isCountedReview)}
    union all
    select ${writtenReadings.id}, ${writtenReadings.rating}, ${writtenReadings.review}, ${writtenReadings.ratedAt}, 'written'
    from ${writtenReadings}
    where ${and(eq(writtenReadings.readerId, readerId), isNotNull(writtenReadings.rating))}
  ) counted`;
}

/**
 * One page of a listed reader's counted reviews, newest first, with the star distribution and the
 * average over all of them.
 */
export async function listReaderReviews(db: DbOrTx, readerId: string, page: number): Promise<ReaderReviews> {
  await assertListedReader(db, readerId);
  const rows = await queryRows<{
    id: string;
    rating: number;
    review: string | null;
    rated_at: Date | string;
    session_type: ReviewKind;
  }>(
    db,
    sql`select id, rating, review, rated_at, session_type from ${countedReviews(readerId)}
        order by rated_at desc, id desc limit ${REVIEWS_PAGE_SIZE} offset ${(page - 1) * REVIEWS_PAGE_SIZE}`,
  );
  const counts = await queryRows<{ stars: number; count: number }>(
    db,
    sql`select rating as stars, count(*)::int as count from ${countedReviews(readerId)} group by rating`,
  );

  const countOf = new Map(counts.map((row) => [Number(row.stars), Number(row.count)]));
  const distribution = REVIEW_STARS.map((stars) => ({ stars, count: countOf.get(stars) ?? 0 }));
  const total = distribution.reduce((sum, { count }) => sum + count, 0);
  const starSum = distribution.reduce((sum, { stars, count }) => sum + stars * count, 0);
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      rating: Number(row.rating),
      text: row.review ?? '',
      authorName: REVIEW_AUTHOR_NAME,
      ratedAt: new Date(row.rated_at).toISOString(),
      sessionType: row.session_type,
    })),
    total,
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    distribution,
    // Rounded as the reader's own rating is (reader-view.ts), so the two never disagree in the last digit.
    average: total === 0 ? null : Math.round((starSum / total) * 10) / 10,
  };
}
