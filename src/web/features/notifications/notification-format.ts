import { formatDistanceStrict } from 'date-fns';

/** The bell's badge: nothing at 0, the count up to 9, then '9+' so the badge stays one small circle. */
export function unreadBadgeText(unreadCount: number): string | null {
  if (unreadCount <= 0) return null;
  return unreadCount > 9 ? '9+' : String(unreadCount);
}

/** When a notification arrived, as a person says it: 'Just now', '5 minutes ago', '2 days ago'. */
export function timeAgo(createdAt: string, now: Date = new Date()): string {
  const at = new Date(createdAt);
  if (now.getTime() - at.getTime() < 60_000) return 'Just now';
  return formatDistanceStrict(at, now, { addSuffix: true });
}
