import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readerReviewsQuerySchema, readerReviewsSchema } from '@shared/reviews';
import { z } from '@shared/zod-config';
import type { Db } from '../../db/client';
import { listReaderReviews } from './list-reader-reviews';

/** Public: anyone choosing a reader may read what their clients said. */
export async function reviewRoutes(app: FastifyInstance, deps: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/readers/:id/reviews',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: readerReviewsQuerySchema,
        response: { 200: readerReviewsSchema },
      },
    },
    async (request) => listReaderReviews(deps.db, request.params.id, request.query.page),
  );
}
