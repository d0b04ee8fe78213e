import {
  createdReportSchema,
  createReportSchema,
  decideReportSchema,
  openReportListSchema,
  reportDecisionResultSchema,
} from '@shared/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../auth';
import { createReport, decideReport, listOpenReports } from './reports';

/** Reports (docs/decisions/027): anyone signed in reports; admins work the queue. */
export async function reportRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const signedIn = requireUser(deps.auth);
  const adminsOnly = requireUser(deps.auth, 'admin');
  const now = () => new Date(deps.clock.now());

  api.post(
    '/api/reports',
    { onRequest: signedIn, schema: { body: createReportSchema, response: { 201: createdReportSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createReport(db, currentUser(request).id, request.body, now())),
  );

  api.get(
    '/api/admin/reports',
    { onRequest: adminsOnly, schema: { response: { 200: openReportListSchema } } },
    async () => listOpenReports(db),
  );

  api.post(
    '/api/admin/reports/:id/decision',
    {
      onRequest: adminsOnly,
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        body: decideReportSchema,
        response: { 200: reportDecisionResultSchema },
      },
    },
    async (request) => decideReport(db, request.params.id, currentUser(request).id, request.body.decision, now()),
  );
}
