import type { DepositLimitPeriod } from '@shared/wallet';
import { DAY_MS } from '@shared/time-units';

export interface DepositWindow {
  /** The first instant of the window (inclusive). */
  startsAt: Date;
  /** The first instant of the next window: when the limit's count starts again from zero. */
  resetsAt: Date;
}

/**
 * The calendar window in UTC that `nowMs` falls in: the day, the week from Monday, or the month
 * (docs/decisions/018). Calendar windows make the reset time one exact instant the refusal can name.
 */
export function depositWindow(period: DepositLimitPeriod, nowMs: number): DepositWindow {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const dayStartMs = Date.UTC(year, month, now.getUTCDate());
  switch (period) {
    case 'daily':
      return { startsAt: new Date(dayStartMs), resetsAt: new Date(dayStartMs + DAY_MS) };
    case 'weekly': {
      // getUTCDay counts from Sunday (0); ISO weeks, as most of the world's calendars, start on Monday.
      const daysSinceMonday = (now.getUTCDay() + 6) % 7;
      const weekStartMs = dayStartMs - daysSinceMonday * DAY_MS;
      return { startsAt: new Date(weekStartMs), resetsAt: new Date(weekStartMs + 7 * DAY_MS) };
    }
    case 'monthly':
      // Date.UTC carries month 12 into January of the next year.
      return { startsAt: new Date(Date.UTC(year, month, 1)), resetsAt: new Date(Date.UTC(year, month + 1, 1)) };
  }
}
