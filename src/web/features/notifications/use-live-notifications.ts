import type { NotificationList } from '@shared/notifications';
import { SERVER_EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '@/lib/server-events';
import { useSocketEvent } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { notificationKeys, withArrived } from './api';
import { useOpenNotification } from './use-open-notification';

/**
 * Keeps the bell live: a `notification` event goes on top of the list, bumps the unread count and
 * shows a toast with a 'View' action. Events sent while the socket was down are lost, so every
 * (re)connect fetches the list again.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const open = useOpenNotification();
  useSocketEvent('connect', () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  });
  useServerEvent(SERVER_EVENTS.notification, (notification) => {
    queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => withArrived(list, notification));
    toast(notification.title, {
      id: `notification-${notification.id}`,
      description: notification.body || undefined,
      action: notification.link ? { label: 'View', onClick: () => open(notification) } : undefined,
    });
  });
}
