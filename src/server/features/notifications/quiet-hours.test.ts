import { describe, expect, it } from 'vitest';
import { msUntilQuietHoursEnd } from './quiet-hours';
import { isKnownPushService } from './push-subscriptions';

const MINUTE = 60_000;

describe('msUntilQuietHoursEnd', () => {
  const overnight = { start: '22:00', end: '07:00' };

  it('is 0 outside quiet hours and without any', () => {
    expect(msUntilQuietHoursEnd(new Date('2026-11-22T12:00:00Z'), overnight, 'UTC')).toBe(0);
    expect(msUntilQuietHoursEnd(new Date('2026-11-22T07:00:00Z'), overnight, 'UTC')).toBe(0);
    expect(msUntilQuietHoursEnd(new Date('2026-11-22T23:00:00Z'), null, 'UTC')).toBe(0);
  });

  it('counts to the end across midnight, start inclusive, in the person’s zone', () => {
    expect(msUntilQuietHoursEnd(new Date('2026-11-22T22:00:00Z'), overnight, 'UTC')).toBe(9 * 60 * MINUTE);
    expect(msUntilQuietHoursEnd(new Date('2026-11-23T06:59:30Z'), overnight, 'UTC')).toBe(30_000);
    // 04:00 UTC is 23:00 the evening before in New York (UTC−5 in November).
    expect(msUntilQuietHoursEnd(new Date('2026-11-23T04:00:00Z'), overnight, 'America/New_York')).toBe(8 * 60 * MINUTE);
    expect(msUntilQuietHoursEnd(new Date('2026-11-23T04:00:00Z'), overnight, 'Europe/Paris')).toBe(2 * 60 * MINUTE);
  });

  it('takes daytime quiet hours too', () => {
    const afternoon = { start: '13:00', end: '15:00' };
    expect(msUntilQuietHoursEnd(new Date('2026-11-22T14:00:00Z'), afternoon, 'UTC')).toBe(60 * MINUTE);
    expect(msUntilQuietHoursEnd(new Date('2026-11-22T15:00:00Z'), afternoon, 'UTC')).toBe(0);
  });
});

describe('isKnownPushService', () => {
  it('takes the browsers’ push services over HTTPS only', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/Q',
      'https://wns2-par02p.notify.windows.com/w/?token=1',
    ]) {
      expect(isKnownPushService(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilpush.apple.com.example/',
    ]) {
      expect(isKnownPushService(endpoint), endpoint).toBe(false);
    }
  });
});
