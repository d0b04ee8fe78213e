import { readerReviewsParamsSchema, readerReviewsQuerySchema, readerReviewsSchema } from '../reviews';
import { defineEndpoint } from './endpoint';

/** What clients said of a reader: public, for anyone choosing one. */
export const reviewsApi = {
  ofReader: defineEndpoint({
    method: 'GET',
    path: '/api/readers/:id/reviews',
    access: 'public',
    summary: 'A page of a reader’s reviews, newest first, with the distribution of their stars',
    tag: 'reviews',
    params: readerReviewsParamsSchema,
    query: readerReviewsQuerySchema,
    responses: { 200: readerReviewsSchema },
  }),
};
