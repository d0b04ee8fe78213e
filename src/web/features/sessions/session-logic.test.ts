import { describe, expect, it } from 'vitest';
import {
  closedChatPlaceholder,
  deriveCallStatus,
  formatCountdown,
  formatElapsed,
  isBelowOneMinute,
  isLowBalance,
  isWithinRefundWindow,
  readingElapsedMs,
  redirectDelayMs,
  secondsUntil,
} from './session-logic';

describe('formatElapsed', () => {
  it('shows minutes and seconds as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(999)).toBe('00:00');
    expect(formatElapsed(61_000)).toBe('01:01');
    expect(formatElapsed(9 * 60_000 + 59_999)).toBe('09:59');
  });

  it('keeps counting minutes past an hour and never goes negative', () => {
    expect(formatElapsed(75 * 60_000 + 3000)).toBe('75:03');
    expect(formatElapsed(-5000)).toBe('00:00');
  });
});

describe('formatCountdown', () => {
  it('shows the time left to top up as m:ss, never below 0:00', () => {
    expect(formatCountdown(105)).toBe('1:45');
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(7)).toBe('0:07');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('balance thresholds', () => {
  it('shows the banner below twice the rate, not at it', () => {
    expect(isLowBalance(1197, 599)).toBe(true);
    expect(isLowBalance(1198, 599)).toBe(false);
  });

  it('turns the balance red below one minute, not at it', () => {
    expect(isBelowOneMinute(598, 599)).toBe(true);
    expect(isBelowOneMinute(599, 599)).toBe(false);
  });
});

describe('isWithinRefundWindow', () => {
  const startedAt = '2026-01-01T10:00:00.000Z';
  const start = Date.parse(startedAt);

  it('is open for three billing minutes after the start', () => {
    expect(isWithinRefundWindow(startedAt, start + 179_999, 60_000)).toBe(true);
    expect(isWithinRefundWindow(startedAt, start + 180_000, 60_000)).toBe(false);
  });

  it('scales with a shortened billing minute and is closed before the start', () => {
    expect(isWithinRefundWindow(startedAt, start + 14_000, 5000)).toBe(true);
    expect(isWithinRefundWindow(startedAt, start + 15_000, 5000)).toBe(false);
    expect(isWithinRefundWindow(null, start, 60_000)).toBe(false);
  });
});

describe('readingElapsedMs', () => {
  it('runs from the start while the reading runs and stops at its end once it has ended', () => {
    const started = { startedAt: '2026-11-27T09:00:00.000Z', endedAt: null };
    expect(readingElapsedMs(started, Date.parse('2026-11-27T09:01:05.000Z'))).toBe(65_000);
    expect(
      readingElapsedMs({ ...started, endedAt: '2026-11-27T09:00:18.000Z' }, Date.parse('2026-11-27T09:17:28.000Z')),
    ).toBe(18_000);
    expect(readingElapsedMs({ startedAt: null, endedAt: null }, Date.now())).toBe(0);
  });

  // Decision 057: after a reload the reader's timer said 00:29 and the client's 00:21 at the same moment.
  it("reads a running reading's time from the server's timeline: minutes billed, then time into the current one", () => {
    const MINUTE = 60_000;
    // Started 09:00:00; a 20-second pause in minute 2 moved minute 3's charge from 09:02:00 to 09:02:20.
    const running = {
      startedAt: '2026-11-27T09:00:00.000Z',
      endedAt: null,
      nextMinuteAt: '2026-11-27T09:02:20.000Z',
      pausedAt: null,
    };
    const meter = { minutesCharged: 2, billingMinuteMs: MINUTE };
    const now = Date.parse('2026-11-27T09:01:50.000Z');
    // A page that lived through the pause and one reloaded just now read the same session: the same time.
    expect(readingElapsedMs(running, now, meter)).toBe(MINUTE + 30_000);
    expect(formatElapsed(readingElapsedMs({ ...running }, now, { ...meter }))).toBe('01:30');
    // Paused: held at the moment the meter stopped, however long the pause runs.
    const paused = { ...running, pausedAt: '2026-11-27T09:01:55.000Z' };
    expect(readingElapsedMs(paused, now + 5_000, meter)).toBe(MINUTE + 35_000);
    expect(readingElapsedMs(paused, now + 45_000, meter)).toBe(MINUTE + 35_000);
    // Never past the minute billed, even if the next charge is late.
    expect(readingElapsedMs(running, Date.parse('2026-11-27T09:02:25.000Z'), meter)).toBe(2 * MINUTE);
    // Before the meter is known (no minute billed yet, or the minute's length not loaded): start to now.
    expect(readingElapsedMs(running, now)).toBe(110_000);
    expect(readingElapsedMs({ ...running, nextMinuteAt: null }, now, meter)).toBe(110_000);
  });
});

describe('timing helpers', () => {
  it('counts whole seconds left, never below zero', () => {
    const now = Date.parse('2026-01-01T10:00:00.000Z');
    expect(secondsUntil('2026-01-01T10:00:59.100Z', now)).toBe(60);
    expect(secondsUntil('2026-01-01T09:59:00.000Z', now)).toBe(0);
  });

  it('redirects sooner when the user ended the reading', () => {
    expect(redirectDelayMs(true)).toBe(2000);
    expect(redirectDelayMs(false)).toBe(3000);
  });
});

describe('deriveCallStatus', () => {
  const base = {
    status: 'active',
    hasJoined: true,
    sessionType: 'video',
    peerConnectionState: 'connected',
    isOtherPresent: true,
    isPaused: false,
  } as const;

  it('is pending before joining and while the request waits', () => {
    expect(deriveCallStatus({ ...base, hasJoined: false })).toBe('pending');
    expect(deriveCallStatus({ ...base, status: 'requested' })).toBe('pending');
  });

  it('connects media readings with the peer connection', () => {
    expect(deriveCallStatus(base)).toBe('connected');
    expect(deriveCallStatus({ ...base, peerConnectionState: 'disconnected' })).toBe('connecting');
    expect(deriveCallStatus({ ...base, status: 'accepted' })).toBe('connecting');
  });

  it('connects chat readings while the other side is present', () => {
    expect(deriveCallStatus({ ...base, sessionType: 'chat', peerConnectionState: null })).toBe('connected');
    expect(deriveCallStatus({ ...base, sessionType: 'chat', peerConnectionState: null, isOtherPresent: false })).toBe(
      'connecting',
    );
  });

  it('is paused while the server has the meter stopped, whatever the connection says', () => {
    expect(deriveCallStatus({ ...base, isPaused: true })).toBe('paused');
    expect(
      deriveCallStatus({
        ...base,
        sessionType: 'chat',
        peerConnectionState: null,
        isOtherPresent: false,
        isPaused: true,
      }),
    ).toBe('paused');
    expect(deriveCallStatus({ ...base, status: 'completed', isPaused: true })).toBe('ended');
  });

  it('is ended once the session is closed', () => {
    expect(deriveCallStatus({ ...base, status: 'completed' })).toBe('ended');
    expect(deriveCallStatus({ ...base, status: 'cancelled', hasJoined: false })).toBe('ended');
  });
});

describe('closedChatPlaceholder', () => {
  it('says why the chat is closed: a pause for funds first, then a side away, then a reading not yet running', () => {
    expect(closedChatPlaceholder({ isFundsPause: true, isPaused: true, status: 'active' })).toBe(
      'Paused until funds are added',
    );
    expect(closedChatPlaceholder({ isFundsPause: false, isPaused: true, status: 'active' })).toBe(
      'Paused until you are both back',
    );
    expect(closedChatPlaceholder({ isFundsPause: false, isPaused: false, status: 'accepted' })).toBe(
      'Chat opens when the reading starts',
    );
    expect(closedChatPlaceholder({ isFundsPause: false, isPaused: false, status: 'active' })).toBe('Chat is closed');
  });
});
