import type { QuietHours } from '@shared/notification-preferences';
import { MINUTE_MS } from '@shared/time-units';

const MINUTES_PER_DAY = 1440;

/** The wall-clock minute of the day (0–1439) at `at` in the IANA zone. */
function localMinuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * How long until the person's quiet hours end, or 0 when `at` is outside them. Start inclusive, end
 * exclusive, overnight when the start is later than the end (22:00–07:00). Counted in wall-clock
 * minutes of their zone: on the night the clocks change the wait can be an hour off, which only
 * moves when a deferred push arrives, never whether.
 */
export function msUntilQuietHoursEnd(at: Date, quietHours: QuietHours | null, timeZone: string): number {
  if (!quietHours) return 0;
  const toMinute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const start = toMinute(quietHours.start);
  const end = toMinute(quietHours.end);
  const now = localMinuteOfDay(at, timeZone);
  const isQuiet = start < end ? now >= start && now < end : now >= start || now < end;
  if (!isQuiet) return 0;
  const minutesLeft = (end - now + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  // To the start of the end minute: the seconds already past in this one come off.
  return minutesLeft * MINUTE_MS - (at.getTime() % MINUTE_MS);
}
