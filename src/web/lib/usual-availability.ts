import { TZDate, tzOffset } from '@date-fns/tz';
import { MINUTES_PER_DAY } from '@shared/constants';
import type { ReaderSchedule } from '@shared/reader-schedule';
import { DAY_MS, HOUR_MS } from '@shared/time-units';

const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** People read a working week Monday first ("Mon–Fri", "Sat, Sun"). */
const DISPLAY_ORDER: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

/** A stretch of availability on the viewer's clock; `endMinute` past 1440 ends on the next day. */
export interface ViewerSlot {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

let ownTimeZone: string | undefined;

/**
 * The zone of the browser (or Node) this runs in: the viewer's. Asked once: a new formatter per card
 * cost the directory ~10 ms of a page load at full CPU speed.
 */
export function viewerTimeZone(): string {
  ownTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return ownTimeZone;
}

const steadyOffsets = new Map<string, number | null>();

/**
 * A zone's offset from UTC in minutes when its clocks do not change from a day before `now` to nine
 * days after (every instant a schedule's coming week touches), else null. Two offsets, equal at both
 * ends of those ten days, mean none in between: no zone changes its clocks twice in ten days. Kept
 * for the hour, as every card of the directory asks about the same few zones: placing each slot with
 * TZDate (an Intl call for each of several offsets a date) took 55-70 ms of `/readers`' load at full
 * CPU speed, most of its longest hydration slice (decision 063).
 */
function steadyOffset(timeZone: string, now: Date): number | null {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const key = `${timeZone} ${hour}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const before = tzOffset(timeZone, new Date(hour * HOUR_MS - DAY_MS));
    const after = tzOffset(timeZone, new Date(hour * HOUR_MS + 9 * DAY_MS));
    offset = before === after && !Number.isNaN(before) ? before : null;
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/** Minutes since Sunday 00:00 of an instant, on the clock of `timeZone`. */
function minuteOfWeek(instant: number, timeZone: string): number {
  const local = new TZDate(instant, timeZone);
  return local.getDay() * MINUTES_PER_DAY + local.getHours() * 60 + local.getMinutes();
}

type Slot = ReaderSchedule['slots'][number];

/** `[start, end]` minutes of the viewer's week, `end` past the week's end when the slot runs over it. */
const toInterval = (start: number, end: number): [number, number] => [
  start,
  end <= start ? end + MINUTES_PER_WEEK : end,
];

/**
 * How a reader's slot lands on the viewer's week, exactly: the slot dated in the reader's zone on its
 * next date from `now`, then read on the viewer's clock (several Intl calls a slot).
 */
export function datedSlotOnViewerClock(
  readerZone: string,
  viewerZone: string,
  now: Date,
): (slot: Slot) => [number, number] {
  const readerNow = new TZDate(now.getTime(), readerZone);
  const at = (day: number, minute: number) =>
    new TZDate(
      readerNow.getFullYear(),
      readerNow.getMonth(),
      day,
      Math.floor(minute / 60),
      minute % 60,
      readerZone,
    ).getTime();
  return (slot) => {
    const day = readerNow.getDate() + ((slot.weekday - readerNow.getDay() + 7) % 7);
    return toInterval(
      minuteOfWeek(at(day, slot.startMinute), viewerZone),
      minuteOfWeek(at(day, slot.endMinute), viewerZone),
    );
  };
}

/**
 * How a reader's slot lands on the viewer's week: with both zones' offsets steady over the coming
 * week, a shift by their difference; else as datedSlotOnViewerClock places it.
 */
export function slotOnViewerClock(readerZone: string, viewerZone: string, now: Date): (slot: Slot) => [number, number] {
  const readerOffset = steadyOffset(readerZone, now);
  const viewerOffset = steadyOffset(viewerZone, now);
  if (readerOffset === null || viewerOffset === null) return datedSlotOnViewerClock(readerZone, viewerZone, now);
  const shift = (minute: number) =>
    (((minute - readerOffset + viewerOffset) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return (slot) => {
    const dayStart = slot.weekday * MINUTES_PER_DAY;
    return toInterval(shift(dayStart + slot.startMinute), shift(dayStart + slot.endMinute));
  };
}

/**
 * The reader's weekly slots moved onto the viewer's clock. Each slot is placed on its next date in
 * the reader's zone from `now`, so the offsets (and daylight saving on either side) are the ones of
 * the coming week. Touching or overlapping stretches merge, across midnight and across the week's end.
 */
function viewerIntervals(schedule: ReaderSchedule, timeZone: string, now: Date): [number, number][] {
  const intervals = schedule.slots.map(slotOnViewerClock(schedule.timeZone, timeZone, now));
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push([...interval]);
  }
  // A stretch that runs past Saturday night may reach the first one of the week.
  const first = merged[0];
  const last = merged.at(-1);
  if (first && last && merged.length > 1 && first[0] + MINUTES_PER_WEEK <= last[1]) {
    last[1] = Math.max(last[1], first[1] + MINUTES_PER_WEEK);
    merged.shift();
  }
  return merged;
}

/** The viewer's stretches as day pieces: one per stretch up to a day long, cut at the viewer's midnights beyond. */
export function toViewerSlots(schedule: ReaderSchedule, timeZone: string, now: Date): ViewerSlot[] {
  const pieces: ViewerSlot[] = [];
  for (const [start, end] of viewerIntervals(schedule, timeZone, now)) {
    const dayStart = Math.floor(start / MINUTES_PER_DAY) * MINUTES_PER_DAY;
    if (end - start <= MINUTES_PER_DAY) {
      pieces.push({
        weekday: (dayStart / MINUTES_PER_DAY) % 7,
        startMinute: start - dayStart,
        endMinute: end - dayStart,
      });
      continue;
    }
    for (let cut = dayStart; cut < end; cut += MINUTES_PER_DAY) {
      const pieceStart = Math.max(start, cut);
      const pieceEnd = Math.min(end, cut + MINUTES_PER_DAY);
      pieces.push({ weekday: (cut / MINUTES_PER_DAY) % 7, startMinute: pieceStart - cut, endMinute: pieceEnd - cut });
    }
  }
  return pieces;
}

/** 540 → "9:00 AM"; 1440 (midnight at the end of a day) → "12:00 AM". */
export function formatMinuteOfDay(minute: number): string {
  const inDay = minute % MINUTES_PER_DAY;
  const hours = Math.floor(inDay / 60);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(inDay % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Days in display order; three or more in a row read as a range ("Mon–Fri"). */
function formatDays(weekdays: number[]): string {
  const positions = weekdays.map((day) => DISPLAY_ORDER.indexOf(day)).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const position of positions) {
    const run = runs.at(-1);
    if (run && run.at(-1) === position - 1) run.push(position);
    else runs.push([position]);
  }
  const label = (position: number) => DAY_LABELS[DISPLAY_ORDER[position]!];
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${label(run[0]!)}–${label(run.at(-1)!)}`] : run.map(label)))
    .join(', ');
}

/**
 * "Usually available Mon–Fri 9:00 AM–5:00 PM; Sat 10:00 AM–2:00 PM" on the viewer's clock, or null
 * when the reader has set no hours. Days with the same hours share one entry.
 */
export function describeUsualAvailability(schedule: ReaderSchedule, timeZone: string, now: Date): string | null {
  const groups = new Map<string, { startMinute: number; endMinute: number; weekdays: number[] }>();
  for (const slot of toViewerSlots(schedule, timeZone, now)) {
    const key = `${slot.startMinute}-${slot.endMinute}`;
    const group = groups.get(key) ?? { startMinute: slot.startMinute, endMinute: slot.endMinute, weekdays: [] };
    group.weekdays.push(slot.weekday);
    groups.set(key, group);
  }
  if (groups.size === 0) return null;
  const firstPosition = (weekdays: number[]) => Math.min(...weekdays.map((day) => DISPLAY_ORDER.indexOf(day)));
  const entries = [...groups.values()]
    .sort((a, b) => firstPosition(a.weekdays) - firstPosition(b.weekdays) || a.startMinute - b.startMinute)
    .map(({ startMinute, endMinute, weekdays }) => {
      const hours =
        startMinute === 0 && endMinute === MINUTES_PER_DAY
          ? 'all day'
          : `${formatMinuteOfDay(startMinute)}–${formatMinuteOfDay(endMinute)}`;
      return `${formatDays(weekdays)} ${hours}`;
    });
  return `Usually available ${entries.join('; ')}`;
}
