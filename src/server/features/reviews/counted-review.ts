import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { readingSessions } from '../../db/schema';

/**
 * A rating the public sees and counts: of a completed reading that kept the client's money (charged
 * minus refunded above zero). It is `ratingRefusal` (src/shared/sessions.ts) in SQL, so a rating
 * that could not be given today never shows either, legacy rows included (decision 009: refunded
 * readings were once rated). reviews.integration.test.ts holds the two together.
 */
export const isCountedReview = and(
  eq(readingSessions.status, 'completed'),
  isNotNull(readingSessions.rating),
  sql`${readingSessions.totalCostCents} - ${readingSessions.refundedCents} > 0`,
);
