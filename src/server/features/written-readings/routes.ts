import type { FastifyInstance } from 'fastify';
import { writtenReadingsApi } from '@shared/api/written-readings';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { answerWrittenReading } from './answer';
import { askWrittenReading } from './ask';
import type { WrittenReadingDeps } from './deps';
import { listWrittenReadings, writtenReadingOnTime } from './list';
import { rateWrittenReading } from './rate';

/** Paid written readings (docs/decisions/047). */
export async function writtenReadingRoutes(app: FastifyInstance, deps: WrittenReadingDeps & { auth: Auth }) {
  const api = { app, auth: deps.auth };

  route(api, writtenReadingsApi.ask, async (request, reply) =>
    reply
      .status(201)
      .send(await askWrittenReading(deps, currentUser(request), request.body, request.headers['idempotency-key'])),
  );

  route(api, writtenReadingsApi.list, async (request) =>
    listWrittenReadings(deps.db, currentUser(request).id, deps.clock.now()),
  );

  route(api, writtenReadingsApi.answer, async (request) =>
    answerWrittenReading(deps, currentUser(request), request.params.id, request.body.answer),
  );

  route(api, writtenReadingsApi.rate, async (request) =>
    rateWrittenReading(deps, currentUser(request), request.params.id, request.body),
  );

  // Public: anyone choosing a reader may see how often they answer in time.
  route(api, writtenReadingsApi.onTime, async (request) => writtenReadingOnTime(deps.db, request.params.id));
}
