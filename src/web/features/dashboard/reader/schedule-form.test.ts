import { describe, expect, it } from 'vitest';
import { minuteToTime, scheduleFormSchema, timeToMinute, toScheduleForm, toScheduleFormField } from './schedule-form';

const issues = (input: unknown) => {
  const result = scheduleFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('scheduleFormSchema', () => {
  it('turns the rows into weekly slots, an end of 00:00 being midnight', () => {
    expect(
      scheduleFormSchema.parse({
        timeZone: 'europe/paris',
        slots: [
          { weekday: '1', from: '09:00', to: '17:30' },
          { weekday: '5', from: '20:00', to: '00:00' },
        ],
      }),
    ).toEqual({
      timeZone: 'Europe/Paris',
      slots: [
        { weekday: 1, startMinute: 540, endMinute: 1050 },
        { weekday: 5, startMinute: 1200, endMinute: 1440 },
      ],
    });
  });

  it('puts each message on the input to fix', () => {
    expect(issues({ timeZone: 'Nowhere/Town', slots: [] })).toEqual([
      ['timeZone', 'Choose a valid time zone, like America/New_York'],
    ]);
    expect(issues({ timeZone: 'UTC', slots: [{ weekday: '2', from: '10:00', to: '09:00' }] })).toEqual([
      ['slots.0.to', 'End must be after start'],
    ]);
    expect(issues({ timeZone: 'UTC', slots: [{ weekday: '2', from: '', to: '09:00' }] })).toEqual([
      ['slots.0.from', 'Enter a start time'],
    ]);
    expect(
      issues({
        timeZone: 'UTC',
        slots: [
          { weekday: '3', from: '09:00', to: '12:00' },
          { weekday: '3', from: '11:00', to: '13:00' },
          { weekday: '4', from: '11:00', to: '13:00' },
        ],
      }),
    ).toEqual([['slots.1.from', 'Overlaps another slot on the same day']]);
  });
});

describe('times and fields', () => {
  it('reads and writes HH:MM', () => {
    expect([timeToMinute('00:00'), timeToMinute('23:59'), timeToMinute('24:00'), timeToMinute('9:00')]).toEqual([
      0,
      1439,
      null,
      null,
    ]);
    expect([minuteToTime(0), minuteToTime(570), minuteToTime(1440)]).toEqual(['00:00', '09:30', '00:00']);
  });

  it("starts a new reader in the browser's zone and keeps a saved one's", () => {
    const saved = { timeZone: 'Asia/Tokyo', slots: [{ weekday: 0, startMinute: 60, endMinute: 120 }] };
    expect(toScheduleForm(saved, 'Europe/London', false)).toEqual({
      timeZone: 'Asia/Tokyo',
      slots: [{ weekday: '0', from: '01:00', to: '02:00' }],
    });
    expect(toScheduleForm({ timeZone: 'UTC', slots: [] }, 'Europe/London', true).timeZone).toBe('Europe/London');
    expect(
      ['slots.2.endMinute', 'slots.0.startMinute', 'slots.1.weekday', 'timeZone', 'slots'].map(toScheduleFormField),
    ).toEqual(['slots.2.to', 'slots.0.from', 'slots.1.weekday', 'timeZone', 'slots']);
    expect(['slots.2.price', 'nickname', 'slots.x.endMinute'].map(toScheduleFormField)).toEqual([null, null, null]);
  });
});
