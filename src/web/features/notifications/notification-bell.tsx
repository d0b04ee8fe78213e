import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ListSkeleton } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { notificationsQuery } from './api';
import { unreadBadgeText } from './notification-format';
import { useLiveNotifications } from './use-live-notifications';

/** The list (and its relative times) downloads when the bell is first hovered, focused or opened. */
const loadList = () => import('./notification-list');
const NotificationList = lazy(() => loadList().then((module) => ({ default: module.NotificationList })));

/** The header's bell for a signed-in user: the unread count, live, and the list in a dropdown. */
export function NotificationBell() {
  const query = useQuery(notificationsQuery);
  useLiveNotifications();
  const unreadCount = query.data?.unreadCount ?? 0;
  const badge = unreadBadgeText(unreadCount);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild onPointerEnter={loadList} onFocus={loadList}>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
        >
          <Bell aria-hidden="true" />
          {badge ? (
            <span
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground"
              data-testid="notification-badge"
              aria-hidden="true"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" collisionPadding={8} className="w-[min(22rem,calc(100vw-1rem))]">
        <Suspense
          fallback={
            <div className="p-2">
              <ListSkeleton label="Loading notifications" rowClassName="h-14" />
            </div>
          }
        >
          <NotificationList query={query} />
        </Suspense>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
