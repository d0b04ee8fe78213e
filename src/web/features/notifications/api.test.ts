import type { AppNotification, NotificationList } from '@shared/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '@shared/notifications';
import { describe, expect, it } from 'vitest';
import { withArrived } from './api';

const notification = (id: string, readAt: string | null = null): AppNotification => ({
  id,
  kind: 'stream_live',
  title: 'Luna is live',
  body: 'Full moon tarot',
  link: `/live/${id}`,
  createdAt: '2026-11-23T12:00:00Z',
  readAt,
});

describe('withArrived', () => {
  it('puts a new notification on top and counts it unread', () => {
    const list: NotificationList = { notifications: [notification('a', '2026-11-23T12:01:00Z')], unreadCount: 0 };
    expect(withArrived(list, notification('b'))).toEqual({
      notifications: [notification('b'), list.notifications[0]],
      unreadCount: 1,
    });
  });

  it('ignores one already listed (an event replayed after a refetch)', () => {
    const list: NotificationList = { notifications: [notification('a')], unreadCount: 1 };
    expect(withArrived(list, notification('a'))).toBe(list);
  });

  it('keeps the list to a page, and leaves a list not yet loaded alone', () => {
    const full = Array.from({ length: NOTIFICATIONS_PAGE_SIZE }, (_, i) => notification(`n${i}`));
    const next = withArrived({ notifications: full, unreadCount: 40 }, notification('new'));
    expect(next?.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(next?.notifications[0]?.id).toBe('new');
    expect(next?.unreadCount).toBe(41);
    expect(withArrived(undefined, notification('new'))).toBeUndefined();
  });
});
