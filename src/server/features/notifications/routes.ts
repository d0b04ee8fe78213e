import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@shared/api/notifications';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
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
  const api = { app, auth: deps.auth };
  const { db } = deps;
  const now = () => new Date(deps.clock.now());

  route(api, notificationsApi.list, async (request) => listNotifications(db, currentUser(request).id));

  route(api, notificationsApi.markAllRead, async (request, reply) => {
    await markAllNotificationsRead(db, currentUser(request).id, now());
    return reply.status(204).send();
  });

  route(api, notificationsApi.markRead, async (request, reply) => {
    await markNotificationRead(db, currentUser(request).id, request.params.id, now());
    return reply.status(204).send();
  });

  route(api, notificationsApi.preferences, async (request) =>
    effectivePreferences(await loadPreferences(db, currentUser(request).id), deps.push.publicKey),
  );

  route(api, notificationsApi.savePreferences, async (request) =>
    effectivePreferences(await savePreferences(db, currentUser(request).id, request.body, now()), deps.push.publicKey),
  );

  route(api, notificationsApi.savePushSubscription, async (request) => {
    if (!deps.push.publicKey) throw conflict('Push notifications are not set up on this server');
    const { id: userId, sessionId } = currentUser(request);
    return {
      devices: await savePushSubscription(db, { userId, sessionId }, request.body, {
        now: now(),
        allowsAnyEndpoint: deps.push.allowsAnyEndpoint,
      }),
    };
  });

  route(api, notificationsApi.deletePushSubscription, async (request) => ({
    devices: await deletePushSubscription(db, currentUser(request).id, request.body.endpoint),
  }));
}
