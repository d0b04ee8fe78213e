import { REFUND_WINDOW_MINUTES, type SessionType } from '@shared/constants';
import type { EndReason, SessionStatus } from '@shared/sessions';

/** What the status badge of the reading page says (SPEC.md §4 'Call status'). */
export type CallStatus = 'pending' | 'connecting' | 'connected' | 'paused' | 'ended';

export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  pending: 'Pending',
  connecting: 'Connecting',
  connected: 'Connected',
  paused: 'Paused',
  ended: 'Ended',
};

export const END_REASON_LABELS: Record<EndReason, string> = {
  completed: 'completed',
  insufficient_funds: 'insufficient funds',
  disconnected: 'connection lost',
  declined: 'declined',
  missed: 'not answered in time',
  cancelled: 'cancelled',
  not_joined: 'nobody joined',
};

/** SPEC.md §9: the timer counts seconds and shows mm:ss; an hour-long reading reads 60:00, not 00:00. */
export function formatElapsed(elapsedMs: number): string {
  const totalSeconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** SPEC.md §9 'Low balance': the banner shows below twice the per-minute rate. */
export function isLowBalance(balanceCents: number, ratePerMinuteCents: number): boolean {
  return balanceCents < 2 * ratePerMinuteCents;
}

/** SPEC.md §9 'Low balance': the balance text turns red below one minute's rate. */
export function isBelowOneMinute(balanceCents: number, ratePerMinuteCents: number): boolean {
  return balanceCents < ratePerMinuteCents;
}

/**
 * The refund offer follows the server's rule: within REFUND_WINDOW_MINUTES billing minutes of the
 * start. The minute is the server's (BILLING_MINUTE_MS), so a shortened test minute shortens it too.
 */
export function isWithinRefundWindow(startedAt: string | null, nowMs: number, billingMinuteMs: number): boolean {
  if (!startedAt) return false;
  return nowMs - Date.parse(startedAt) < REFUND_WINDOW_MINUTES * billingMinuteMs;
}

/** Where the server's meter stands: the minutes it has charged and how long a billed minute is. */
export interface ReadingMeter {
  minutesCharged: number;
  billingMinuteMs: number;
}

/**
 * How long a reading has run, read from the server's own timeline so that both sides show the same
 * time whatever each page went through (a reload, a call still reconnecting: decision 057). Once it has
 * ended, its own duration, start to end (pauses included, as the summary counts them), which no
 * later clock moves. While it runs: the minutes billed before the current one, plus the time into
 * the current one from its start on the server (its `nextMinuteAt` less one minute, moved on by any
 * pause), held still at `pausedAt` while the meter is paused. Without the meter (the minute's
 * length not loaded yet), start to now.
 */
export function readingElapsedMs(
  session: { startedAt: string | null; endedAt: string | null; nextMinuteAt?: string | null; pausedAt?: string | null },
  nowMs: number,
  meter?: ReadingMeter,
): number {
  if (!session.startedAt) return 0;
  if (session.endedAt) return Date.parse(session.endedAt) - Date.parse(session.startedAt);
  if (!meter || !session.nextMinuteAt || meter.minutesCharged === 0) return nowMs - Date.parse(session.startedAt);
  const at = session.pausedAt ? Date.parse(session.pausedAt) : nowMs;
  const minuteStart = Date.parse(session.nextMinuteAt) - meter.billingMinuteMs;
  const intoMinute = Math.min(Math.max(at - minuteStart, 0), meter.billingMinuteMs);
  return (meter.minutesCharged - 1) * meter.billingMinuteMs + intoMinute;
}

/** Whole seconds left until an ISO instant (a request's expiresAt), never negative. */
export function secondsUntil(isoInstant: string, nowMs: number): number {
  return Math.max(0, Math.ceil((Date.parse(isoInstant) - nowMs) / 1000));
}

/** A countdown as m:ss (1:45, 0:07): how long a client paused for funds has left to top up. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** SPEC.md §9 'Redirect delays': 3 s after the end, 2 s when this user ended it. */
export function redirectDelayMs(isEndedByMe: boolean): number {
  return isEndedByMe ? 2000 : 3000;
}

const OPEN_STATUSES: readonly SessionStatus[] = ['requested', 'accepted', 'active'];

export function isOpenStatus(status: SessionStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

export function hasMedia(sessionType: SessionType): sessionType is 'audio' | 'video' {
  return sessionType !== 'chat';
}

/**
 * Derives the badge: ended wins; before the room is joined the call is pending; a running reading
 * the server paused (a side is away) is paused; media readings are connected while the peer
 * connection is, chat readings while the session runs and the other side is here.
 */
export function deriveCallStatus(input: {
  status: SessionStatus;
  hasJoined: boolean;
  sessionType: SessionType;
  peerConnectionState: RTCPeerConnectionState | null;
  isOtherPresent: boolean;
  isPaused: boolean;
}): CallStatus {
  if (!isOpenStatus(input.status)) return 'ended';
  if (!input.hasJoined || input.status === 'requested') return 'pending';
  if (input.status !== 'active') return 'connecting';
  if (input.isPaused) return 'paused';
  if (hasMedia(input.sessionType)) return input.peerConnectionState === 'connected' ? 'connected' : 'connecting';
  return input.isOtherPresent ? 'connected' : 'connecting';
}

/** What the chat box says while the server would not relay a message. */
export function closedChatPlaceholder({
  isFundsPause,
  isPaused,
  status,
}: {
  isFundsPause: boolean;
  isPaused: boolean;
  status: SessionStatus;
}): string {
  if (isFundsPause) return 'Paused until funds are added';
  if (isPaused) return 'Paused until you are both back';
  return status === 'active' ? 'Chat is closed' : 'Chat opens when the reading starts';
}
