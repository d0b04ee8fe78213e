import {
  MINUTES_PER_DAY,
  OVERLAPPING_SLOT_MESSAGE,
  overlappingSlotIndexes,
  type ReaderSchedule,
  SCHEDULE_SLOTS_MAX,
  timeZoneSchema,
  type UpdateScheduleInput,
} from '@shared/reader-schedule';
import { isKeyOf } from '@shared/records';
import { z } from '@shared/zod-config';
import type { FieldPath } from 'react-hook-form';

/** "09:30" ↔ 570. The end field's "00:00" means the midnight that ends the day (1440). */
export function timeToMinute(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function minuteToTime(minute: number): string {
  const inDay = minute % MINUTES_PER_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

const timeField = (message: string) =>
  z
    .string()
    .refine((time) => timeToMinute(time) !== null, message)
    .transform((time) => timeToMinute(time)!);

const slotFormSchema = z
  .object({
    weekday: z
      .string()
      .regex(/^[0-6]$/, 'Choose a day')
      .transform(Number),
    from: timeField('Enter a start time'),
    to: timeField('Enter an end time').transform((minute) => (minute === 0 ? MINUTES_PER_DAY : minute)),
  })
  .refine((slot) => slot.from < slot.to, { message: 'End must be after start', path: ['to'] });

/** The Schedule tab's form: the shared rules (zone, no overlaps, at most 28), with messages on the right inputs. */
export const scheduleFormSchema = z
  .object({
    timeZone: timeZoneSchema,
    slots: z.array(slotFormSchema).max(SCHEDULE_SLOTS_MAX, `At most ${SCHEDULE_SLOTS_MAX} slots a week`),
  })
  .transform(
    (form): UpdateScheduleInput => ({
      timeZone: form.timeZone,
      slots: form.slots.map((slot) => ({ weekday: slot.weekday, startMinute: slot.from, endMinute: slot.to })),
    }),
  )
  .superRefine((input, ctx) => {
    for (const index of overlappingSlotIndexes(input.slots))
      ctx.addIssue({ code: 'custom', message: OVERLAPPING_SLOT_MESSAGE, path: ['slots', index, 'from'] });
  });
export type ScheduleFormInput = z.input<typeof scheduleFormSchema>;
export type ScheduleFormOutput = z.output<typeof scheduleFormSchema>;

export function toScheduleForm(schedule: ReaderSchedule, fallbackTimeZone: string, isNew: boolean): ScheduleFormInput {
  return {
    // A reader who never saved a schedule starts in the browser's zone, not in the default UTC.
    timeZone: isNew ? fallbackTimeZone : schedule.timeZone,
    slots: schedule.slots.map((slot) => ({
      weekday: String(slot.weekday),
      from: minuteToTime(slot.startMinute),
      to: minuteToTime(slot.endMinute),
    })),
  };
}

const FORM_SLOT_FIELD = { weekday: 'weekday', startMinute: 'from', endMinute: 'to' } as const;

/** Server field keys (slots.2.endMinute) to the form's (slots.2.to); null for one the form has no input for. */
export function toScheduleFormField(key: string): FieldPath<ScheduleFormInput> | null {
  if (key === 'timeZone' || key === 'slots') return key;
  const slotField = /^slots\.(\d+)\.(weekday|startMinute|endMinute)$/.exec(key);
  if (!slotField?.[1] || !slotField[2] || !isKeyOf(FORM_SLOT_FIELD, slotField[2])) return null;
  return `slots.${Number(slotField[1])}.${FORM_SLOT_FIELD[slotField[2]]}`;
}
