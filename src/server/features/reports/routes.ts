import type { FastifyInstance } from 'fastify';
import { reportsApi } from '@shared/api/reports';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { createReport, decideReport, listOpenReports } from './reports';

/** Reports (docs/decisions/027): anyone signed in reports; admins work the queue. */
export async function reportRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const api = { app, auth: deps.auth };
  const { db } = deps;
  const now = () => new Date(deps.clock.now());

  route(api, reportsApi.create, async (request, reply) =>
    reply.status(201).send(await createReport(db, currentUser(request).id, request.body, now())),
  );
  route(api, reportsApi.open, async () => listOpenReports(db));
  route(api, reportsApi.decide, async (request) =>
    decideReport(db, request.params.id, currentUser(request).id, request.body.decision, now()),
  );
}
