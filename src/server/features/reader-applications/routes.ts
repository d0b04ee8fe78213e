import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReaderApplicationListSchema,
  adminReaderApplicationSchema,
  applicationStatusQuerySchema,
  applicationStatusSchema,
  readerApplicationIdParamsSchema,
  readerApplicationSchema,
  rejectApplicationSchema,
  submittedApplicationSchema,
} from '@shared/reader-applications';
import type { Auth } from '../../auth/auth';
import { ipOf, limitBy } from '../../rate-limits';
import { currentUser, requireUser } from '../auth';
import {
  type ApplicationDeps,
  applicationStatus,
  approveApplication,
  listOpenApplications,
  rejectApplication,
  submitApplication,
} from './applications';

/** Readers who apply (decision 045): the public form and status link, and the admin's queue. */
export async function readerApplicationRoutes(
  app: FastifyInstance,
  deps: ApplicationDeps & { auth: Auth; rateLimit: { windowMs: number; ipMax: number } },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminsOnly = requireUser(deps.auth, 'admin');
  const perIp = limitBy(app, {
    name: 'reader-application-ip',
    max: deps.rateLimit.ipMax,
    windowMs: deps.rateLimit.windowMs,
    keyOf: ipOf,
  });

  api.post(
    '/api/reader-applications',
    { preHandler: perIp, schema: { body: readerApplicationSchema, response: { 201: submittedApplicationSchema } } },
    async (request, reply) => reply.status(201).send(await submitApplication(deps, request.body)),
  );

  api.get(
    '/api/reader-applications/status',
    { schema: { querystring: applicationStatusQuerySchema, response: { 200: applicationStatusSchema } } },
    async (request) => applicationStatus(deps.db, request.query.token),
  );

  api.get(
    '/api/admin/reader-applications',
    { onRequest: adminsOnly, schema: { response: { 200: adminReaderApplicationListSchema } } },
    async () => listOpenApplications(deps.db),
  );

  api.post(
    '/api/admin/reader-applications/:id/approve',
    {
      onRequest: adminsOnly,
      schema: { params: readerApplicationIdParamsSchema, response: { 200: adminReaderApplicationSchema } },
    },
    async (request) => approveApplication(deps, currentUser(request).id, request.params.id),
  );

  api.post(
    '/api/admin/reader-applications/:id/reject',
    {
      onRequest: adminsOnly,
      schema: {
        params: readerApplicationIdParamsSchema,
        body: rejectApplicationSchema,
        response: { 200: adminReaderApplicationSchema },
      },
    },
    async (request) => rejectApplication(deps, currentUser(request).id, request.params.id, request.body.reason),
  );
}
