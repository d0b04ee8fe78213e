import { describe, expect, it } from 'vitest';
import { timeAgo, unreadBadgeText } from './notification-format';

describe('unreadBadgeText', () => {
  it('is hidden at 0 (and below), the count from 1 to 9, and 9+ above', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(-1)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
    expect(unreadBadgeText(250)).toBe('9+');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('says Just now under a minute, then minutes, hours and days ago', () => {
    expect(timeAgo('2026-11-23T11:59:30Z', now)).toBe('Just now');
    expect(timeAgo('2026-11-23T12:00:05Z', now)).toBe('Just now');
    expect(timeAgo('2026-11-23T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-23T10:00:00Z', now)).toBe('2 hours ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
  });
});
