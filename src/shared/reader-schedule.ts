import { MINUTES_PER_DAY } from './constants';
import { z } from './zod-config';

export { MINUTES_PER_DAY };
/** Four slots a day is more than any reader has asked for, and keeps the directory line short. */
export const SCHEDULE_SLOTS_MAX = 28;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const INVALID_TIME_ZONE_MESSAGE = 'Choose a valid time zone, like America/New_York';
export const OVERLAPPING_SLOT_MESSAGE = 'Overlaps another slot on the same day';

/** The IANA name as the runtime spells it (America/New_York for america/new_york), or null when unknown. */
export function canonicalTimeZone(value: string): string | null {
  // Intl also takes offsets such as +05:00 on newer runtimes; a reader's zone must be a named one,
  // so daylight saving moves their hours with them.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZoneSchema = z
  .string({ error: INVALID_TIME_ZONE_MESSAGE })
  .trim()
  .min(1, INVALID_TIME_ZONE_MESSAGE)
  .max(64, INVALID_TIME_ZONE_MESSAGE)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: INVALID_TIME_ZONE_MESSAGE });
      return z.NEVER;
    }
    return zone;
  });

/** One weekly slot, in minutes from local midnight in the reader's zone; the end is exclusive (1440 = midnight). */
export const scheduleSlotSchema = z
  .object({
    weekday: z.number({ error: 'Choose a day' }).int('Choose a day').min(0, 'Choose a day').max(6, 'Choose a day'),
    startMinute: z
      .number({ error: 'Enter a start time' })
      .int('Enter a whole minute')
      .min(0, 'Enter a start time')
      .max(MINUTES_PER_DAY - 1, 'Start before midnight'),
    endMinute: z
      .number({ error: 'Enter an end time' })
      .int('Enter a whole minute')
      .min(1, 'Enter an end time')
      .max(MINUTES_PER_DAY, 'End by midnight'),
  })
  .refine((slot) => slot.startMinute < slot.endMinute, { message: 'End must be after start', path: ['endMinute'] });
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

/** Indexes of slots that overlap an earlier slot of the same day (touching ends do not overlap). */
export function overlappingSlotIndexes(slots: readonly ScheduleSlot[]): number[] {
  const order = slots
    .map((slot, index) => ({ slot, index }))
    .sort((a, b) => a.slot.weekday - b.slot.weekday || a.slot.startMinute - b.slot.startMinute);
  const overlapping: number[] = [];
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1]!.slot;
    const { slot, index } = order[i]!;
    if (slot.weekday === previous.weekday && slot.startMinute < previous.endMinute) overlapping.push(index);
  }
  return overlapping.sort((a, b) => a - b);
}

/** PUT /api/readers/me/availability: the whole weekly set, which replaces the saved one. */
export const updateScheduleSchema = z
  .object({
    timeZone: timeZoneSchema,
    slots: z.array(scheduleSlotSchema).max(SCHEDULE_SLOTS_MAX, `At most ${SCHEDULE_SLOTS_MAX} slots a week`),
  })
  .superRefine((schedule, ctx) => {
    for (const index of overlappingSlotIndexes(schedule.slots)) {
      ctx.addIssue({ code: 'custom', message: OVERLAPPING_SLOT_MESSAGE, path: ['slots', index, 'startMinute'] });
    }
  });
export type UpdateScheduleInput = z.input<typeof updateScheduleSchema>;

/** A reader's saved weekly schedule, slots ordered by day and start. */
export const readerScheduleSchema = z.object({
  timeZone: z.string(),
  slots: z.array(z.object({ weekday: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() })),
});
export type ReaderSchedule = z.infer<typeof readerScheduleSchema>;
