import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datedSlotOnViewerClock,
  describeUsualAvailability,
  formatMinuteOfDay,
  slotOnViewerClock,
  toViewerSlots,
} from './usual-availability';

const weekdays = (startMinute: number, endMinute: number) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute, endMinute }));
const newYorkNineToFive = { timeZone: 'America/New_York', slots: weekdays(540, 1020) };
const NOVEMBER = new Date('2026-11-18T15:00:00Z'); // New York on EST (UTC-5), London on GMT
const MID_MARCH = new Date('2026-03-18T15:00:00Z'); // New York already on EDT (UTC-4), London still on GMT

describe('describeUsualAvailability', () => {
  it("reads the reader's hours unchanged in the reader's own zone", () => {
    expect(describeUsualAvailability(newYorkNineToFive, 'America/New_York', NOVEMBER)).toBe(
      'Usually available Mon–Fri 9:00 AM–5:00 PM',
    );
  });

  it("moves the hours by the zones' offset", () => {
    expect(describeUsualAvailability(newYorkNineToFive, 'Europe/London', NOVEMBER)).toBe(
      'Usually available Mon–Fri 2:00 PM–10:00 PM',
    );
    expect(describeUsualAvailability(newYorkNineToFive, 'Asia/Kolkata', NOVEMBER)).toBe(
      'Usually available Mon–Fri 7:30 PM–3:30 AM',
    );
  });

  it('follows daylight saving: the weeks when only one side has changed its clocks', () => {
    expect(describeUsualAvailability(newYorkNineToFive, 'Europe/London', MID_MARCH)).toBe(
      'Usually available Mon–Fri 1:00 PM–9:00 PM',
    );
    // Across the change in the reader's zone, each day takes its own offset.
    const acrossTheChange = new Date('2026-03-05T15:00:00Z');
    expect(describeUsualAvailability(newYorkNineToFive, 'UTC', acrossTheChange)).toBe(
      'Usually available Mon–Wed 1:00 PM–9:00 PM; Thu, Fri 2:00 PM–10:00 PM',
    );
  });

  it("keeps a slot that crosses the viewer's midnight as one stretch on the day it starts", () => {
    expect(describeUsualAvailability(newYorkNineToFive, 'Asia/Tokyo', NOVEMBER)).toBe(
      'Usually available Mon–Fri 11:00 PM–7:00 AM',
    );
    expect(toViewerSlots(newYorkNineToFive, 'Asia/Tokyo', NOVEMBER)[0]).toEqual({
      weekday: 1,
      startMinute: 1380,
      endMinute: 1860,
    });
  });

  it('moves a slot onto another weekday when the offset carries it past midnight', () => {
    const saturdayEvening = {
      timeZone: 'America/New_York',
      slots: [{ weekday: 6, startMinute: 1200, endMinute: 1380 }],
    };
    expect(describeUsualAvailability(saturdayEvening, 'Asia/Tokyo', NOVEMBER)).toBe(
      'Usually available Sun 10:00 AM–1:00 PM',
    );
    const sundayMorning = { timeZone: 'Asia/Tokyo', slots: [{ weekday: 0, startMinute: 60, endMinute: 180 }] };
    expect(describeUsualAvailability(sundayMorning, 'America/Los_Angeles', NOVEMBER)).toBe(
      'Usually available Sat 8:00 AM–10:00 AM',
    );
  });

  it("joins a reader's slots that meet at midnight, even across the week's end", () => {
    const lateNight = {
      timeZone: 'UTC',
      slots: [
        { weekday: 1, startMinute: 1320, endMinute: 1440 },
        { weekday: 2, startMinute: 0, endMinute: 120 },
        { weekday: 6, startMinute: 1380, endMinute: 1440 },
        { weekday: 0, startMinute: 0, endMinute: 60 },
      ],
    };
    expect(describeUsualAvailability(lateNight, 'UTC', NOVEMBER)).toBe(
      'Usually available Mon 10:00 PM–2:00 AM; Sat 11:00 PM–1:00 AM',
    );
  });

  it('lists different hours apart, Monday first, and whole days as all day', () => {
    const mixed = {
      timeZone: 'Europe/Paris',
      slots: [
        ...weekdays(540, 1020),
        { weekday: 6, startMinute: 600, endMinute: 840 },
        { weekday: 0, startMinute: 0, endMinute: 1440 },
      ],
    };
    expect(describeUsualAvailability(mixed, 'Europe/Paris', NOVEMBER)).toBe(
      'Usually available Mon–Fri 9:00 AM–5:00 PM; Sat 10:00 AM–2:00 PM; Sun all day',
    );
    const always = {
      timeZone: 'UTC',
      slots: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
    };
    expect(describeUsualAvailability(always, 'UTC', NOVEMBER)).toBe('Usually available Mon–Sun all day');
  });

  it('says nothing for a reader without hours', () => {
    expect(describeUsualAvailability({ timeZone: 'UTC', slots: [] }, 'Europe/London', NOVEMBER)).toBeNull();
  });
});

describe('formatMinuteOfDay', () => {
  it('writes a 12-hour clock', () => {
    expect([0, 59, 720, 765, 1439, 1440].map(formatMinuteOfDay)).toEqual([
      '12:00 AM',
      '12:59 AM',
      '12:00 PM',
      '12:45 PM',
      '11:59 PM',
      '12:00 AM',
    ]);
  });
});

describe('slotOnViewerClock', () => {
  // Zones with half-hour and 45-minute offsets, a half-hour daylight saving (Lord Howe), southern
  // summers, and none at all.
  const ZONES = [
    'UTC',
    'America/New_York',
    'America/St_Johns',
    'America/Santiago',
    'Europe/London',
    'Europe/Paris',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Asia/Tokyo',
    'Australia/Adelaide',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
  ];

  it('places every slot where dating it in the reader’s zone does, daylight saving weeks included', () => {
    const zone = fc.constantFrom(...ZONES);
    const slot = fc
      .record({
        weekday: fc.integer({ min: 0, max: 6 }),
        start: fc.integer({ min: 0, max: 95 }),
        length: fc.integer({ min: 1, max: 96 }),
      })
      .filter(({ start, length }) => start + length <= 96)
      .map(({ weekday, start, length }) => ({ weekday, startMinute: start * 15, endMinute: (start + length) * 15 }));
    // Two years, so every zone's clock changes fall inside.
    const now = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(zone, zone, now, slot, (readerZone, viewerZone, at, placed) => {
        expect(slotOnViewerClock(readerZone, viewerZone, at)(placed)).toEqual(
          datedSlotOnViewerClock(readerZone, viewerZone, at)(placed),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
