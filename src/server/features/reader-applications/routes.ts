import type { FastifyInstance } from 'fastify';
import { readerApplicationsApi } from '@shared/api/reader-applications';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { ipOf, limitBy } from '../../rate-limits';
import { currentUser } from '../auth';
import {
  type ApplicationDeps,
  applicationStatus,
  approveApplication,
  listOpenApplications,
  rejectApplication,
  submitApplication,
} from './applications';

export async function readerApplicationRoutes(
  app: FastifyInstance,
  deps: ApplicationDeps & { auth: Auth; rateLimit: { windowMs: number; ipMax: number } },
) {
  const api = { app, auth: deps.auth };
  const perIp = limitBy(app, {
    name: 'reader-application-ip',
    max: deps.rateLimit.ipMax,
    windowMs: deps.rateLimit.windowMs,
    keyOf: ipOf,
  });

  route(api, readerApplicationsApi.submit, { preHandler: perIp }, async (request, reply) =>
    reply.status(201).send(await submitApplication(deps, request.body)),
  );

  route(api, readerApplicationsApi.status, async (request) => applicationStatus(deps.db, request.query.token));

  route(api, readerApplicationsApi.open, async () => listOpenApplications(deps.db));

  route(api, readerApplicationsApi.approve, async (request) =>
    approveApplication(deps, currentUser(request).id, request.params.id),
  );

  route(api, readerApplicationsApi.reject, async (request) =>
    rejectApplication(deps, currentUser(request).id, request.params.id, request.body.reason),
  );
}
