import { notificationsApi } from '@shared/api/notifications';
import type { NotificationPreferences, NotificationPreferencesInput } from '@shared/notification-preferences';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const preferencesKey = ['notification-preferences'] as const;

export const preferencesQuery = queryOptions({
  queryKey: preferencesKey,
  queryFn: ({ signal }) => callApi(notificationsApi.preferences, {}, { signal }),
});

/** Saves every choice at once; the answer (what is now in effect) replaces the page's copy. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => callApi(notificationsApi.savePreferences, { body: input }),
    onSuccess: (saved: NotificationPreferences) => queryClient.setQueryData(preferencesKey, saved),
  });
}

/** A browser's subscription; one without its endpoint or keys is sent empty, and the server refuses it (400). */
export const savePushSubscription = ({ endpoint = '', keys = {} }: PushSubscriptionJSON) =>
  callApi(notificationsApi.savePushSubscription, {
    body: { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } },
  });

export const deletePushSubscription = (endpoint: string) =>
  callApi(notificationsApi.deletePushSubscription, { body: { endpoint } });
