import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentQueuePlaceSchema, joinQueueSchema, queuePlaceSchema, queueReaderParamsSchema } from '@shared/queue';
import { noContentSchema } from '@shared/errors';
import type { Auth } from '../../auth/auth';
import { currentUser, requireUser } from '../auth';
import type { QueueDeps } from './deps';
import { joinQueue } from './join-queue';
import { leaveQueue } from './leave-queue';
import { findQueuePlace } from './queue-line';

/** The callback queue of busy readers; clients only (readers and admins do not book readings). */
export async function queueRoutes(app: FastifyInstance, deps: { auth: Auth; sessions: QueueDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = deps;
  const clientsOnly = requireUser(deps.auth, 'client');

  api.get(
    '/api/queue',
    { onRequest: clientsOnly, schema: { response: { 200: currentQueuePlaceSchema } } },
    async (request) => ({ place: await findQueuePlace(sessions.db, currentUser(request).id) }),
  );

  api.post(
    '/api/readers/:id/queue',
    {
      onRequest: clientsOnly,
      config: { refusedWhileDraining: true },
      schema: {
        params: queueReaderParamsSchema,
        body: joinQueueSchema,
        response: { 200: queuePlaceSchema, 201: queuePlaceSchema },
      },
    },
    async (request, reply) => {
      const { place, isNew } = await joinQueue(sessions, currentUser(request), request.params.id, request.body);
      return reply.status(isNew ? 201 : 200).send(place);
    },
  );

  api.delete(
    '/api/readers/:id/queue',
    { onRequest: clientsOnly, schema: { params: queueReaderParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await leaveQueue(sessions, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
