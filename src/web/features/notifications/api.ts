import { notificationsApi } from '@shared/api/notifications';
import { type AppNotification, NOTIFICATIONS_PAGE_SIZE, type NotificationList } from '@shared/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const notificationKeys = { list: ['notifications'] as const };

/** The bell's newest notifications and the unread count. */
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => callApi(notificationsApi.list, {}, { signal }),
});

/** A `notification` event: on top of the list (once, whatever arrives twice), one more unread. */
export function withArrived(
  list: NotificationList | undefined,
  arrived: AppNotification,
): NotificationList | undefined {
  if (!list || list.notifications.some((n) => n.id === arrived.id)) return list;
  return {
    notifications: [arrived, ...list.notifications].slice(0, NOTIFICATIONS_PAGE_SIZE),
    unreadCount: list.unreadCount + (arrived.readAt ? 0 : 1),
  };
}

/** Marks read at once (optimistic); the list is fetched again either way so it ends as the server has it. */
function useMarkRead<T>(
  mark: (input: T) => Promise<unknown>,
  apply: (list: NotificationList, input: T, at: string) => NotificationList,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mark,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      queryClient.setQueryData<NotificationList>(
        notificationKeys.list,
        (list) => list && apply(list, input, new Date().toISOString()),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export const useMarkNotificationRead = () =>
  useMarkRead<AppNotification>(
    (notification) => callApi(notificationsApi.markRead, { params: { id: notification.id } }),
    (list, notification, at) => ({
      notifications: list.notifications.map((n) => (n.id === notification.id ? { ...n, readAt: n.readAt ?? at } : n)),
      unreadCount: Math.max(0, list.unreadCount - (notification.readAt ? 0 : 1)),
    }),
  );

export const useMarkAllNotificationsRead = () =>
  useMarkRead<void>(
    () => callApi(notificationsApi.markAllRead),
    (list, _input, at) => ({
      notifications: list.notifications.map((n) => ({ ...n, readAt: n.readAt ?? at })),
      unreadCount: 0,
    }),
  );
