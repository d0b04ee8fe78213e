import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';

/**
 * SPEC.md §9: Today, Yesterday, 'N days ago' under a week, else a locale date; by the calendar of
 * `timeZone` when given (a page hydrating, rendered on the server in UTC), else the viewer's.
 */
export function formatRelativeDate(
  date: Date | string,
  now: Date = new Date(),
  locale?: string,
  timeZone?: string,
): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const days = timeZone
    ? differenceInCalendarDays(new TZDate(now.getTime(), timeZone), new TZDate(value.getTime(), timeZone))
    : differenceInCalendarDays(now, value);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return value.toLocaleDateString(locale, timeZone ? { timeZone } : undefined);
}
