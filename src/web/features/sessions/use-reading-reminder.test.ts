import { describe, expect, it } from 'vitest';
import { isReminderDue, readingReminderMessage } from './use-reading-reminder';

describe('reading reminder', () => {
  it('is due at each multiple of the chosen minutes, never at 0 and never when off', () => {
    expect([9, 10, 11, 20, 30].filter((minute) => isReminderDue(minute, 10, 0))).toEqual([10, 20, 30]);
    expect([10, 15, 30, 45].filter((minute) => isReminderDue(minute, 15, 0))).toEqual([15, 30, 45]);
    expect(isReminderDue(0, 10, 0)).toBe(false);
    expect(isReminderDue(30, null, 0)).toBe(false);
  });

  it('is never due twice for the same minute, nor for an earlier one', () => {
    expect(isReminderDue(10, 10, 10)).toBe(false);
    expect(isReminderDue(10, 10, 20)).toBe(false);
    expect(isReminderDue(20, 10, 10)).toBe(true);
  });

  it('says the time and the cost so far', () => {
    expect(readingReminderMessage(10, 3990)).toBe('You have been in this reading for 10 minutes: $39.90 so far.');
  });
});
