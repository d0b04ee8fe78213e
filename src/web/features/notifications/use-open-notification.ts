import type { AppNotification } from '@shared/notifications';
import { useNavigate } from 'react-router';
import { useMarkNotificationRead } from './api';

/** Opening a notification (from the list or its toast) marks it read and goes where it points. */
export function useOpenNotification() {
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  return (notification: AppNotification) => {
    if (!notification.readAt) markRead.mutate(notification);
    if (notification.link) void navigate(notification.link);
  };
}
