import { noContentSchema } from '../errors';
import {
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSavedSchema,
} from '../notification-preferences';
import { notificationListSchema, notificationParamsSchema } from '../notifications';
import { defineEndpoint } from './endpoint';

/** The header bell's list and its read marks, each person's choices about notices, and their devices for push. */
export const notificationsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    access: 'signed-in',
    summary: 'The caller’s newest notifications and how many are unread',
    tag: 'notifications',
    responses: { 200: notificationListSchema },
  }),
  markAllRead: defineEndpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    access: 'signed-in',
    summary: 'Marks every one of the caller’s notifications read',
    tag: 'notifications',
    responses: { 204: noContentSchema },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/notifications/:id/read',
    access: 'signed-in',
    summary: 'Marks one of the caller’s notifications read',
    tag: 'notifications',
    params: notificationParamsSchema,
    responses: { 204: noContentSchema },
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/preferences',
    access: 'signed-in',
    summary: 'Which notices reach the caller, by which channel, and their quiet hours',
    tag: 'notifications',
    responses: { 200: notificationPreferencesSchema },
  }),
  savePreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/notifications/preferences',
    access: 'signed-in',
    summary: 'Saves every one of the caller’s choices about notices at once',
    tag: 'notifications',
    body: notificationPreferencesInputSchema,
    responses: { 200: notificationPreferencesSchema },
  }),
  savePushSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    access: 'signed-in',
    summary: 'Lets this device receive the caller’s push notifications',
    tag: 'notifications',
    body: pushSubscriptionInputSchema,
    responses: { 200: pushSubscriptionSavedSchema },
  }),
  deletePushSubscription: defineEndpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    access: 'signed-in',
    summary: 'Stops push notifications to one of the caller’s devices',
    tag: 'notifications',
    body: pushSubscriptionDeleteSchema,
    responses: { 200: pushSubscriptionSavedSchema },
  }),
};
