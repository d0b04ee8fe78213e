import type { FastifyInstance } from 'fastify';
import { reviewsApi } from '@shared/api/reviews';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { listReaderReviews } from './list-reader-reviews';

/** Public: anyone choosing a reader may read what their clients said. */
export async function reviewRoutes(app: FastifyInstance, deps: { db: Db }) {
  route({ app }, reviewsApi.ofReader, async (request) =>
    listReaderReviews(deps.db, request.params.id, request.query.page),
  );
}
