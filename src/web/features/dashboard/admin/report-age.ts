import { REPORT_REVIEW_WITHIN_MS } from '@shared/reports';
import { HOUR_MS, MINUTE_MS } from '@shared/time-units';

/** How long something has waited in an admin queue: '5 min', '3 h', '2 days' (hours up to two days). */
export function waitedSpan(createdAt: string, nowMs: number): string {
  const ageMs = Math.max(0, nowMs - new Date(createdAt).getTime());
  return ageMs < HOUR_MS
    ? `${Math.max(1, Math.floor(ageMs / MINUTE_MS))} min`
    : ageMs < 48 * HOUR_MS
      ? `${Math.floor(ageMs / HOUR_MS)} h`
      : `${Math.floor(ageMs / (24 * HOUR_MS))} days`;
}

/**
 * How long a report has waited, against the Community Guidelines' promise of a decision within
 * 24 hours: 'Open 5 min', 'Open 3 h', 'Overdue · open 2 days'. Hours up to two days, since an
 * admin triaging around the 24-hour line needs the hour.
 */
export function reportAge(createdAt: string, nowMs: number): { label: string; isOverdue: boolean } {
  const isOverdue = nowMs - new Date(createdAt).getTime() >= REPORT_REVIEW_WITHIN_MS;
  const span = waitedSpan(createdAt, nowMs);
  return { label: isOverdue ? `Overdue · open ${span}` : `Open ${span}`, isOverdue };
}
