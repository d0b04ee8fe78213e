import { describe, expect, it } from 'vitest';
import { formatRelativeDate } from './relative-date';

const now = new Date(2025, 5, 15, 10, 0, 0);

describe('formatRelativeDate', () => {
  it('says Today for the same calendar day, even just after midnight', () => {
    expect(formatRelativeDate(new Date(2025, 5, 15, 0, 1), now)).toBe('Today');
  });

  it('says Yesterday for the previous calendar day, even if less than 24 hours ago', () => {
    expect(formatRelativeDate(new Date(2025, 5, 14, 23, 59), now)).toBe('Yesterday');
  });

  it('counts days under a week', () => {
    expect(formatRelativeDate(new Date(2025, 5, 12), now)).toBe('3 days ago');
    expect(formatRelativeDate(new Date(2025, 5, 9), now)).toBe('6 days ago');
  });

  it('shows a locale date from a week on', () => {
    expect(formatRelativeDate(new Date(2025, 5, 8), now, 'en-US')).toBe('6/8/2025');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeDate(new Date(2025, 5, 13).toISOString(), now)).toBe('2 days ago');
  });
});
