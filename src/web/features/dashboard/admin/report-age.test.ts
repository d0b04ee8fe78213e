import { describe, expect, it } from 'vitest';
import { reportAge } from './report-age';

const now = Date.parse('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('reportAge', () => {
  it('counts minutes under an hour, at least one', () => {
    expect(reportAge(ago(10_000), now)).toEqual({ label: 'Open 1 min', isOverdue: false });
    expect(reportAge(ago(59 * MIN), now)).toEqual({ label: 'Open 59 min', isOverdue: false });
  });

  it('counts hours, and is overdue from 24 hours on', () => {
    expect(reportAge(ago(23 * HOUR + 59 * MIN), now)).toEqual({ label: 'Open 23 h', isOverdue: false });
    expect(reportAge(ago(24 * HOUR), now)).toEqual({ label: 'Overdue · open 24 h', isOverdue: true });
  });

  it('counts days from two days on', () => {
    expect(reportAge(ago(50 * HOUR), now)).toEqual({ label: 'Overdue · open 2 days', isOverdue: true });
  });

  it('treats a clock a little behind the server as just opened', () => {
    expect(reportAge(new Date(now + 5000).toISOString(), now)).toEqual({ label: 'Open 1 min', isOverdue: false });
  });
});
