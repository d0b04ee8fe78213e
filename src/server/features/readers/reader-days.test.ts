import { describe, expect, it } from 'vitest';
import { readerDays } from './reader-days';

describe('readerDays', () => {
  it("cuts days at the reader's midnight, not UTC's", () => {
    // 03:30 UTC on 22 Nov is still 21 Nov in New York (UTC-5).
    const [yesterday, today] = readerDays(new Date('2026-11-22T03:30:00Z'), 'America/New_York', 2);
    expect(today).toEqual({
      date: '2026-11-21',
      start: new Date('2026-11-21T05:00:00Z'),
      end: new Date('2026-11-22T05:00:00Z'),
    });
    expect(yesterday!.date).toBe('2026-11-20');
  });

  it('has a 23-hour day when the clocks go forward', () => {
    const days = readerDays(new Date('2026-03-09T12:00:00Z'), 'America/New_York', 2);
    expect(days[0]).toEqual({
      date: '2026-03-08',
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
    });
    expect(days[1]!.start).toEqual(days[0]!.end);
  });

  it('gives 30 consecutive dates ending today', () => {
    const days = readerDays(new Date('2026-03-01T10:00:00Z'), 'UTC', 30);
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2026-01-31');
    expect(days.at(-1)!.date).toBe('2026-03-01');
  });
});
