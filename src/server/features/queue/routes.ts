import type { FastifyInstance } from 'fastify';
import { queueApi } from '@shared/api/queue';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import type { QueueDeps } from './deps';
import { joinQueue } from './join-queue';
import { leaveQueue } from './leave-queue';
import { findQueuePlace } from './queue-line';

export async function queueRoutes(app: FastifyInstance, deps: { auth: Auth; sessions: QueueDeps }) {
  const api = { app, auth: deps.auth };
  const { sessions } = deps;

  route(api, queueApi.place, async (request) => ({
    place: await findQueuePlace(sessions.db, currentUser(request).id),
  }));

  route(api, queueApi.join, { config: { refusedWhileDraining: true } }, async (request, reply) => {
    const { place, isNew } = await joinQueue(sessions, currentUser(request), request.params.id, request.body);
    return reply.status(isNew ? 201 : 200).send(place);
  });

  route(api, queueApi.leave, async (request, reply) => {
    await leaveQueue(sessions, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
