import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationListSchema, notificationParamsSchema } from '@shared/notifications';
import {
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSavedSchema,
} from '@shared/notification-preferences';
import { noContentSchema } from '@shared/errors';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import { currentUser, requireUser } from '../auth';
import { listNotifications } from './list-notifications';
import { markAllNotificationsRead, markNotificationRead } from './mark-read';
import { effectivePreferences, loadPreferences, savePreferences } from './preferences';
import { deletePushSubscription, savePushSubscription } from './push-subscriptions';

export interface PushSettings {
  /** The VAPID public key browsers subscribe with; null when push is off on this server. */
  publicKey: string | null;
  allowsAnyEndpoint: boolean;
}

/** The header bell's list and its read marks, each person's choices about notices, and their devices for push: their own only. */
export async function notificationRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; clock: Clock; push: PushSettings },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const signedIn = requireUser(deps.auth);
  const now = () => new Date(deps.clock.now());

  api.get(
    '/api/notifications',
    { onRequest: signedIn, schema: { response: { 200: notificationListSchema } } },
    async (request) => listNotifications(db, currentUser(request).id),
  );

  api.post(
    '/api/notifications/read-all',
    { onRequest: signedIn, schema: { response: { 204: noContentSchema } } },
    async (request, reply) => {
      await markAllNotificationsRead(db, currentUser(request).id, now());
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/notifications/:id/read',
    { onRequest: signedIn, schema: { params: notificationParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await markNotificationRead(db, currentUser(request).id, request.params.id, now());
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/notifications/preferences',
    { onRequest: signedIn, schema: { response: { 200: notificationPreferencesSchema } } },
    async (request) => effectivePreferences(await loadPreferences(db, currentUser(request).id), deps.push.publicKey),
  );

  api.put(
    '/api/notifications/preferences',
    {
      onRequest: signedIn,
      schema: { body: notificationPreferencesInputSchema, response: { 200: notificationPreferencesSchema } },
    },
    async (request) =>
      effectivePreferences(
        await savePreferences(db, currentUser(request).id, request.body, now()),
        deps.push.publicKey,
      ),
  );

  api.post(
    '/api/push/subscriptions',
    {
      onRequest: signedIn,
      schema: { body: pushSubscriptionInputSchema, response: { 200: pushSubscriptionSavedSchema } },
    },
    async (request) => {
      if (!deps.push.publicKey) throw conflict('Push notifications are not set up on this server');
      const { id: userId, sessionId } = currentUser(request);
      return {
        devices: await savePushSubscription(db, { userId, sessionId }, request.body, {
          now: now(),
          allowsAnyEndpoint: deps.push.allowsAnyEndpoint,
        }),
      };
    },
  );

  api.delete(
    '/api/push/subscriptions',
    {
      onRequest: signedIn,
      schema: { body: pushSubscriptionDeleteSchema, response: { 200: pushSubscriptionSavedSchema } },
    },
    async (request) => ({
      devices: await deletePushSubscription(db, currentUser(request).id, request.body.endpoint),
    }),
  );
}
