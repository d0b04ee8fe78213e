import { differenceInCalendarDays } from 'date-fns';

/** SPEC.md §9: Today, Yesterday, 'N days ago' under a week, else a locale date. */
export function formatRelativeDate(date: Date | string, now: Date = new Date(), locale?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const days = differenceInCalendarDays(now, value);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return value.toLocaleDateString(locale);
}
