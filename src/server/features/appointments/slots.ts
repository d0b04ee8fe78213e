import {
  APPOINTMENT_BOOKING_DAYS,
  APPOINTMENT_GRID_MINUTES,
  APPOINTMENT_MIN_LEAD_MINUTES,
  APPOINTMENT_MINUTES,
  type AppointmentMinutes,
} from '@shared/appointments';
import { MINUTES_PER_DAY, type ScheduleSlot } from '@shared/reader-schedule';
import { HOUR_MS, MINUTE_MS } from '@shared/time-units';

const GRID_MS = APPOINTMENT_GRID_MINUTES * MINUTE_MS;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONGEST_FIRST = [...APPOINTMENT_MINUTES].sort((a, b) => b - a);

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

type Local = { weekday: number; minute: number };
type LocalOf = (ms: number) => Local;

/** Where instants fall in the reader's week: their weekday and minute from their local midnight (remembered: slots share their ends). */
function localClock(timeZone: string): LocalOf {
  const seen = new Map<number, Local>();
  // One formatter per call: building one costs far more than formatting with it (TZDate builds one per date).
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  return (ms) => {
    let local = seen.get(ms);
    if (!local) {
      const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
      local = { weekday: WEEKDAYS.indexOf(parts.weekday!), minute: Number(parts.hour) * 60 + Number(parts.minute) };
      seen.set(ms, local);
    }
    return local;
  };
}

function fitsIn(slots: readonly ScheduleSlot[], localOf: LocalOf, startMs: number, minutes: number): boolean {
  const start = localOf(startMs);
  const end = localOf(startMs + minutes * MINUTE_MS);
  // A slot ends by midnight, so a booking never runs into the next day; ending at midnight is minute 1440.
  const endMinute =
    end.weekday === start.weekday && end.minute > start.minute
      ? end.minute
      : end.minute === 0 && end.weekday === (start.weekday + 1) % 7
        ? MINUTES_PER_DAY
        : -1;
  return (
    endMinute > 0 &&
    slots.some(
      (slot) => slot.weekday === start.weekday && slot.startMinute <= start.minute && endMinute <= slot.endMinute,
    )
  );
}

/**
 * Whether [start, start + minutes) lies inside one slot of the reader's weekly schedule, read in
 * the reader's zone (so "Mondays 9–5" stays 9–5 across daylight saving).
 */
export const fitsSchedule = (
  schedule: { timeZone: string; slots: readonly ScheduleSlot[] },
  startMs: number,
  minutes: number,
) => fitsIn(schedule.slots, localClock(schedule.timeZone), startMs, minutes);

export const overlaps = (busy: readonly Interval[], startMs: number, endMs: number) =>
  busy.some((b) => b.startsAt.getTime() < endMs && b.endsAt.getTime() > startMs);

/** Why a start cannot be booked at `nowMs`, or null when the time itself is bookable (the schedule and other bookings aside). */
export function startTimeRefusal(startMs: number, nowMs: number): string | null {
  if (startMs % GRID_MS !== 0) return `Appointments start on the quarter hour`;
  if (startMs <= nowMs) return 'That time has passed';
  if (startMs < nowMs + APPOINTMENT_MIN_LEAD_MINUTES * MINUTE_MS) return 'Book at least an hour ahead';
  if (startMs > nowMs + APPOINTMENT_BOOKING_DAYS * 24 * HOUR_MS)
    return `Book at most ${APPOINTMENT_BOOKING_DAYS} days ahead`;
  return null;
}

/**
 * The reader's free start times from an hour after `nowMs` to 14 days ahead, on the quarter-hour
 * grid, each with the longest length that fits the schedule and misses every open booking (a
 * shorter length then fits too: both are intervals that only grow with the length).
 */
export function freeSlots(
  schedule: { timeZone: string; slots: readonly ScheduleSlot[] },
  busy: readonly Interval[],
  nowMs: number,
) {
  const slots: { startsAt: string; maxMinutes: AppointmentMinutes }[] = [];
  if (schedule.slots.length === 0) return slots;
  const localOf = localClock(schedule.timeZone);
  const first = Math.ceil((nowMs + APPOINTMENT_MIN_LEAD_MINUTES * MINUTE_MS) / GRID_MS) * GRID_MS;
  const last = nowMs + APPOINTMENT_BOOKING_DAYS * 24 * HOUR_MS;
  for (let startMs = first; startMs <= last; startMs += GRID_MS) {
    const maxMinutes = LONGEST_FIRST.find(
      (minutes) =>
        fitsIn(schedule.slots, localOf, startMs, minutes) && !overlaps(busy, startMs, startMs + minutes * MINUTE_MS),
    );
    if (maxMinutes !== undefined) slots.push({ startsAt: new Date(startMs).toISOString(), maxMinutes });
  }
  return slots;
}
