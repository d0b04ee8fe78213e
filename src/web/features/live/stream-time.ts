import { formatCount } from '@shared/count-format';

const scheduledFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** How long a stream has been live, to the minute: "Just started", "12m", "1h 05m". */
export function formatLiveDuration(startedAt: string, now: Date): string {
  const elapsedMinutes = Math.max(0, Math.floor((now.getTime() - new Date(startedAt).getTime()) / 60_000));
  if (elapsedMinutes < 1) return 'Just started';
  const hours = Math.floor(elapsedMinutes / 60);
  const minutes = elapsedMinutes % 60;
  return hours === 0 ? `${minutes}m` : `${hours}h ${String(minutes).padStart(2, '0')}m`;
}

/** When a scheduled stream starts, in the viewer's own time zone: "Mon, Dec 1, 7:30 PM". */
export function formatScheduledFor(scheduledFor: string): string {
  return scheduledFormat.format(new Date(scheduledFor));
}

/** "1 viewer", "1,204 viewers". */
export function countOf(count: number, word: string): string {
  return `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;
}
