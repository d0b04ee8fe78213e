import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationListSchema, notificationParamsSchema } from '@shared/notifications';
import { noContentSchema } from '@shared/errors';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../auth';
import { listNotifications } from './list-notifications';
import { markAllNotificationsRead, markNotificationRead } from './mark-read';

/** The header bell's list and its read marks: each user's own notifications only. */
export async function notificationRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; clock: Clock }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const signedIn = requireUser(deps.auth);
  const now = () => new Date(deps.clock.now());

  api.get('/api/notifications', { onRequest: signedIn, schema: { response: { 200: notificationListSchema } } }, async (request) => listNotifications(db, currentUser(request).id));

  api.post('/api/notifications/read-all', { onRequest: signedIn, schema: { response: { 204: noContentSchema } } }, async (request, reply) => {
    await markAllNotificationsRead(db, currentUser(request).id, now());
    return reply.status(204).send();
  });

  api.post('/api/notifications/:id/read', { onRequest: signedIn, schema: { params: notificationParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await markNotificationRead(db, currentUser(request).id, request.params.id, now());
    return reply.status(204).send();
  });
}
