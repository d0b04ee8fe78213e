import { describe, expect, it } from 'vitest';
import { canRateNow, sessionDate } from './history-row';

const now = new Date('2026-03-10T12:00:00Z');

describe('canRateNow', () => {
  it('allows a rating until the deadline the server set', () => {
    expect(canRateNow({ rating: null, ratableUntil: '2026-03-10T12:00:01Z' }, now)).toBe(true);
    expect(canRateNow({ rating: null, ratableUntil: '2026-03-10T12:00:00Z' }, now)).toBe(false);
  });

  it('refuses a rated or never-ratable reading', () => {
    expect(canRateNow({ rating: 4, ratableUntil: '2026-03-11T00:00:00Z' }, now)).toBe(false);
    expect(canRateNow({ rating: null, ratableUntil: null }, now)).toBe(false);
  });
});

describe('sessionDate', () => {
  it('prefers the start and falls back to the request', () => {
    expect(sessionDate({ startedAt: '2026-03-01T10:00:00Z', requestedAt: '2026-03-01T09:59:00Z' })).toBe(
      '2026-03-01T10:00:00Z',
    );
    expect(sessionDate({ startedAt: null, requestedAt: '2026-03-01T09:59:00Z' })).toBe('2026-03-01T09:59:00Z');
  });
});
