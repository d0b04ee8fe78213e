import {
  type NotificationPreferences,
  type NotificationPreferencesInput,
  notificationPreferencesSchema,
  pushSubscriptionSavedSchema,
} from '@shared/notification-preferences';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

const preferencesKey = ['notification-preferences'] as const;

export const preferencesQuery = queryOptions({
  queryKey: preferencesKey,
  queryFn: ({ signal }) =>
    apiRequestParsed('/api/notifications/preferences', notificationPreferencesSchema, { signal }),
});

/** Saves every choice at once; the answer (what is now in effect) replaces the page's copy. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) =>
      apiRequestParsed('/api/notifications/preferences', notificationPreferencesSchema, { method: 'PUT', body: input }),
    onSuccess: (saved: NotificationPreferences) => queryClient.setQueryData(preferencesKey, saved),
  });
}

export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  apiRequestParsed('/api/push/subscriptions', pushSubscriptionSavedSchema, { method: 'POST', body: subscription });

export const deletePushSubscription = (endpoint: string) =>
  apiRequestParsed('/api/push/subscriptions', pushSubscriptionSavedSchema, { method: 'DELETE', body: { endpoint } });
