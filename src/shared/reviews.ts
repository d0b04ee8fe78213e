import { z } from './zod-config';
import { SESSION_TYPES } from './constants';

export const REVIEWS_PAGE_SIZE = 10;

/** Stars from the best down, the order the profile draws the distribution in. */
export const REVIEW_STARS = [5, 4, 3, 2, 1] as const;

/**
 * Who wrote a review, as the public sees it. Clients never agreed to publish their name (the rating
 * form does not say a review is public, and there is no opt-in), so every review is anonymous:
 * docs/decisions/015-reader-profile-reviews-and-link-previews.md.
 */
export const REVIEW_AUTHOR_NAME = 'Anonymous';

/** GET /api/readers/:id/reviews: the reader's id. */
export const readerReviewsParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const readerReviewsQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(10_000).default(1),
});

/** What a review is of: a live reading of a type, or a written reading (decision 047). */
export const REVIEW_KINDS = [...SESSION_TYPES, 'written'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const reviewSchema = z.object({
  /** The reading the review is of: a stable key, useless to anyone but its two participants. */
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  /** Empty when the client gave stars only. */
  text: z.string(),
  authorName: z.string(),
  ratedAt: z.string(),
  sessionType: z.enum(REVIEW_KINDS),
});
export type Review = z.infer<typeof reviewSchema>;

export const starCountSchema = z.object({ stars: z.number().int().min(1).max(5), count: z.number().int().min(0) });

/** GET /api/readers/:id/reviews?page=: one page of counted reviews, newest first, with figures over all of them. */
export const readerReviewsSchema = z.object({
  reviews: z.array(reviewSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** How many counted reviews gave each number of stars, 5 first; every star is listed, zeros included. */
  distribution: z.array(starCountSchema).length(REVIEW_STARS.length),
  /** The mean of the counted reviews to one decimal, or null when there are none. */
  average: z.number().nullable(),
});
export type ReaderReviews = z.infer<typeof readerReviewsSchema>;
