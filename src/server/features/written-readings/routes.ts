import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerWrittenReadingSchema,
  askWrittenReadingHeadersSchema,
  askWrittenReadingSchema,
  rateWrittenReadingSchema,
  writtenReadingListSchema,
  writtenReadingOnTimeSchema,
  sentWrittenReadingSchema,
  writtenReadingParamsSchema,
} from '@shared/written-readings';
import { z } from '@shared/zod-config';
import type { Auth } from '../../auth/auth';
import { currentUser, requireUser } from '../auth';
import { answerWrittenReading } from './answer';
import { askWrittenReading } from './ask';
import type { WrittenReadingDeps } from './deps';
import { listWrittenReadings, writtenReadingOnTime } from './list';
import { rateWrittenReading } from './rate';

/** Paid written readings (docs/decisions/047). */
export async function writtenReadingRoutes(app: FastifyInstance, deps: WrittenReadingDeps & { auth: Auth }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(deps.auth);

  api.post(
    '/api/written-readings',
    {
      onRequest: signedIn,
      schema: {
        body: askWrittenReadingSchema,
        headers: askWrittenReadingHeadersSchema,
        response: { 201: sentWrittenReadingSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await askWrittenReading(deps, currentUser(request), request.body, request.headers['idempotency-key'])),
  );

  api.get(
    '/api/written-readings',
    { onRequest: signedIn, schema: { response: { 200: writtenReadingListSchema } } },
    async (request) => listWrittenReadings(deps.db, currentUser(request).id, deps.clock.now()),
  );

  api.post(
    '/api/written-readings/:id/answer',
    {
      onRequest: signedIn,
      schema: {
        params: writtenReadingParamsSchema,
        body: answerWrittenReadingSchema,
        response: { 200: sentWrittenReadingSchema },
      },
    },
    async (request) => answerWrittenReading(deps, currentUser(request), request.params.id, request.body.answer),
  );

  api.post(
    '/api/written-readings/:id/rate',
    {
      onRequest: signedIn,
      schema: {
        params: writtenReadingParamsSchema,
        body: rateWrittenReadingSchema,
        response: { 200: sentWrittenReadingSchema },
      },
    },
    async (request) => rateWrittenReading(deps, currentUser(request), request.params.id, request.body),
  );

  // Public: anyone choosing a reader may see how often they answer in time.
  api.get(
    '/api/readers/:id/written-readings/on-time',
    { schema: { params: z.object({ id: z.string().min(1).max(100) }), response: { 200: writtenReadingOnTimeSchema } } },
    async (request) => writtenReadingOnTime(deps.db, request.params.id),
  );
}
