import { describe, expect, it } from 'vitest';
import { countOf, formatLiveDuration } from './stream-time';

describe('formatLiveDuration', () => {
  const startedAt = '2026-11-23T10:00:00.000Z';
  const at = (iso: string) => new Date(iso);

  it('says a stream under a minute old just started', () => {
    expect(formatLiveDuration(startedAt, at('2026-11-23T10:00:59.000Z'))).toBe('Just started');
  });

  it('counts whole minutes below an hour', () => {
    expect(formatLiveDuration(startedAt, at('2026-11-23T10:12:30.000Z'))).toBe('12m');
  });

  it('shows hours with two-digit minutes', () => {
    expect(formatLiveDuration(startedAt, at('2026-11-23T11:05:00.000Z'))).toBe('1h 05m');
    expect(formatLiveDuration(startedAt, at('2026-11-23T13:40:00.000Z'))).toBe('3h 40m');
  });

  it('never shows a negative time when the clocks disagree', () => {
    expect(formatLiveDuration(startedAt, at('2026-11-23T09:59:00.000Z'))).toBe('Just started');
  });
});

describe('countOf', () => {
  it('uses the singular for one and groups thousands', () => {
    expect(countOf(1, 'viewer')).toBe('1 viewer');
    expect(countOf(0, 'viewer')).toBe('0 viewers');
    expect(countOf(1204, 'subscriber')).toBe('1,204 subscribers');
  });
});
