import { describe, expect, it } from 'vitest';
import { depositWindow } from './deposit-windows';

const at = (iso: string) => Date.parse(iso);
const window = (period: Parameters<typeof depositWindow>[0], iso: string) => {
  const { startsAt, resetsAt } = depositWindow(period, at(iso));
  return [startsAt.toISOString(), resetsAt.toISOString()];
};

describe('depositWindow', () => {
  it('a day runs from midnight UTC to the next midnight UTC, whatever the time of day', () => {
    expect(window('daily', '2026-11-23T00:00:00.000Z')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-24T00:00:00.000Z',
    ]);
    expect(window('daily', '2026-11-23T23:59:59.999Z')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-24T00:00:00.000Z',
    ]);
  });

  it('a week runs from Monday 00:00 UTC for seven days, Sunday being its last day', () => {
    // 2026-11-23 is a Monday, 2026-11-29 a Sunday.
    expect(window('weekly', '2026-11-23T00:00:00.000Z')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
    expect(window('weekly', '2026-11-26T15:30:00.000Z')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
    expect(window('weekly', '2026-11-29T23:59:59.999Z')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
    expect(window('weekly', '2026-11-30T00:00:00.000Z')).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
    ]);
  });

  it('a week may straddle a month and a year', () => {
    // 2026-12-28 is a Monday; the week ends in January.
    expect(window('weekly', '2027-01-01T08:00:00.000Z')).toEqual([
      '2026-12-28T00:00:00.000Z',
      '2027-01-04T00:00:00.000Z',
    ]);
  });

  it('a month runs from the 1st 00:00 UTC to the next 1st, through December and February', () => {
    expect(window('monthly', '2026-11-21T12:00:00.000Z')).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
    ]);
    expect(window('monthly', '2026-12-31T23:59:59.999Z')).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(window('monthly', '2028-02-29T10:00:00.000Z')).toEqual([
      '2028-02-01T00:00:00.000Z',
      '2028-03-01T00:00:00.000Z',
    ]);
  });

  it('every instant lies inside its window, and the next window starts where this one resets', () => {
    for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-10T00:00:00Z'); t += 7 * 60 * 60 * 1000 + 13 * 60 * 1000) {
      for (const period of ['daily', 'weekly', 'monthly'] as const) {
        const { startsAt, resetsAt } = depositWindow(period, t);
        expect(startsAt.getTime()).toBeLessThanOrEqual(t);
        expect(resetsAt.getTime()).toBeGreaterThan(t);
        expect(depositWindow(period, resetsAt.getTime()).startsAt).toEqual(resetsAt);
        expect(depositWindow(period, resetsAt.getTime() - 1).startsAt).toEqual(startsAt);
      }
    }
  });
});
