import type { AppNotification, NotificationList as List } from '@shared/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import { Radio, UserRound } from 'lucide-react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { useMarkAllNotificationsRead } from './api';
import { timeAgo } from './notification-format';
import { useOpenNotification } from './use-open-notification';

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (n: AppNotification) => void;
}) {
  const isUnread = !notification.readAt;
  const Icon = notification.kind === 'stream_live' ? Radio : UserRound;
  return (
    <DropdownMenuItem
      className="items-start gap-3 py-2.5"
      onSelect={() => onOpen(notification)}
      data-testid="notification-item"
    >
      <Icon className="mt-0.5 text-pink" aria-hidden="true" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('[overflow-wrap:anywhere]', isUnread ? 'font-semibold' : 'text-muted-foreground')}>
          {notification.title}
        </span>
        {notification.body ? (
          <span className="line-clamp-2 text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {notification.body}
          </span>
        ) : null}
        <time className="text-xs text-muted-foreground" dateTime={notification.createdAt}>
          {timeAgo(notification.createdAt)}
        </time>
      </span>
      {isUnread ? (
        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" role="img" aria-label="Unread" />
      ) : null}
    </DropdownMenuItem>
  );
}

/** The bell's dropdown: a header with 'Mark all as read', then the newest notifications. */
export function NotificationList({ query }: { query: UseQueryResult<List> }) {
  const open = useOpenNotification();
  const markAll = useMarkAllNotificationsRead();
  const unreadCount = query.data?.unreadCount ?? 0;
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <DropdownMenuLabel className="font-semibold">Notifications</DropdownMenuLabel>
        {/* A menu item, not a button inside the menu; the menu stays open to show them turn read. */}
        <DropdownMenuItem
          className="text-xs font-semibold"
          disabled={unreadCount === 0}
          onSelect={(event) => {
            event.preventDefault();
            markAll.mutate();
          }}
        >
          Mark all as read
        </DropdownMenuItem>
      </div>
      <DropdownMenuSeparator />
      <div className="max-h-[min(26rem,70dvh)] overflow-y-auto">
        {query.data ? (
          query.data.notifications.length === 0 ? (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">No notifications yet</p>
          ) : (
            query.data.notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={open} />
            ))
          )
        ) : query.isPending ? (
          <div className="p-2">
            <ListSkeleton label="Loading notifications" rowClassName="h-14" />
          </div>
        ) : (
          <div className="p-2">
            <LoadFailed query={query} message="We could not load your notifications." />
          </div>
        )}
      </div>
    </>
  );
}
