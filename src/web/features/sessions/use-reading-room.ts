import type { Profile } from '@shared/auth';
import { SERVER_EVENTS, type SessionEndedEvent } from '@shared/realtime';
import type { ReadingSession, RtcConfig } from '@shared/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useServerEvent } from '@/lib/server-events';
import { useSocket, useSocketEvent } from '@/lib/socket';
import { AckError } from '@/lib/socket-ack';
import { toast } from '@/lib/toast';
import { endSession, sessionQuery, startSession } from './api';
import { deriveCallStatus, END_REASON_LABELS, isOpenStatus } from './session-logic';
import { useReadingExtension } from './use-reading-extension';
import { CONNECTION_LOST_MESSAGE, CONNECTION_LOST_TOAST_ID, useReadingMedia } from './use-reading-media';
import { useRoomMembership } from './use-room-membership';

interface Billing {
  minutesCharged: number;
  totalCostCents: number;
  /** The server's figure (the ledger's share), never worked out here: after a refund it is 0. */
  readerEarningsCents: number;
}

export interface EndedState {
  event: SessionEndedEvent;
  isEndedByMe: boolean;
  /** True when the end happened while this page was open, so it redirects afterwards. */
  isLive: boolean;
}

/** The end event the server would send, read from the closed session's row. */
function endedEventOf(session: ReadingSession, endedBy: string | null): SessionEndedEvent {
  return {
    sessionId: session.id,
    reason: session.endReason ?? 'completed',
    endedBy,
    totalMinutes: session.minutesCharged,
    totalCostCents: session.totalCostCents - session.refundedCents,
    refundedCents: session.refundedCents,
    readerEarningsCents: session.readerEarningsCents,
  };
}

/** The end of a reading that closed while this page was not watching (a reload, a late rejoin). */
function endedFromSession(session: ReadingSession): EndedState | null {
  if (isOpenStatus(session.status)) return null;
  return { event: endedEventOf(session, null), isEndedByMe: false, isLive: false };
}

/** Ending failed on the server: this page leaves the room anyway, with the figures it last heard. */
function unconfirmedEnd(sessionId: string, meId: string, billing: Billing): EndedState {
  const event: SessionEndedEvent = {
    sessionId,
    reason: 'completed',
    endedBy: meId,
    totalMinutes: billing.minutesCharged,
    totalCostCents: billing.totalCostCents,
    refundedCents: 0,
    readerEarningsCents: billing.readerEarningsCents,
  };
  return { event, isEndedByMe: true, isLive: true };
}

function message(error: unknown): string | undefined {
  return error instanceof ApiError || error instanceof AckError ? error.message : undefined;
}

/**
 * Everything live about one reading for one participant: the room membership (joined again after
 * every socket reconnect, as the server's presence requires), the server's billing and end events,
 * and for audio and video the local media and the peer connection.
 */
export function useReadingRoom(initialSession: ReadingSession, me: Profile, rtcConfig: RtcConfig | undefined) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const sessionId = initialSession.id;
  const isClient = initialSession.clientId === me.id;
  const otherUserId = isClient ? initialSession.readerId : initialSession.clientId;

  const [session, setSession] = useState(initialSession);
  const [isOtherPresent, setIsOtherPresent] = useState(true);
  const [billing, setBilling] = useState<Billing>({
    minutesCharged: initialSession.minutesCharged,
    // A reopened refunded reading costs what the ledger kept: nothing.
    totalCostCents: initialSession.totalCostCents - initialSession.refundedCents,
    readerEarningsCents: initialSession.readerEarningsCents,
  });
  const [ended, setEnded] = useState<EndedState | null>(() => endedFromSession(initialSession));

  const isRoomOpen = (session.status === 'accepted' || session.status === 'active') && !ended;

  // Local media first, so the peer connection is ready before the room is joined.
  const { call, media, mediaError, needsMedia } = useReadingMedia({
    socket,
    sessionId,
    sessionType: session.sessionType,
    isClient,
    isRoomOpen,
    rtcConfig,
  });
  const isReadyToJoin = Boolean(socket) && isRoomOpen && (!needsMedia || call !== null);

  const onJoined = useCallback((joined: ReadingSession) => {
    setSession(joined);
    setEnded((current) => current ?? endedFromSession(joined));
  }, []);
  const hasJoined = useRoomMembership({ socket, sessionId, isReadyToJoin, call, onJoined, describe: message });

  useSocketEvent('disconnect', () => {
    if (isRoomOpen) toast.warning(CONNECTION_LOST_MESSAGE, { id: CONNECTION_LOST_TOAST_ID });
  });

  useServerEvent(SERVER_EVENTS.webrtcSignal, (relayed) => {
    if (relayed.sessionId === sessionId) call?.handleSignal(relayed.signal);
  });

  useServerEvent(SERVER_EVENTS.participantStatus, (participant) => {
    if (participant.sessionId !== sessionId || participant.userId !== otherUserId) return;
    setIsOtherPresent(participant.isConnected);
    if (!participant.isConnected) return;
    call?.renew();
    // The second join starts billing on the server; should that have raced, ask for the start
    // now that both are known to be in (idempotent, and harmless when already active).
    if (session.status === 'accepted') startSession(sessionId).catch(() => undefined);
  });

  useServerEvent(SERVER_EVENTS.sessionResponse, (response) => {
    if (response.sessionId !== sessionId) return;
    setSession((current) => ({ ...current, status: response.status }));
    if (!isOpenStatus(response.status)) {
      queryClient
        .fetchQuery(sessionQuery(sessionId))
        .then((closed) => {
          setSession(closed);
          setEnded((current) => current ?? endedFromSession(closed));
        })
        .catch(() => undefined);
    }
  });

  useServerEvent(SERVER_EVENTS.sessionStarted, (started) => {
    if (started.sessionId !== sessionId) return;
    setSession((current) => ({ ...current, status: 'active', startedAt: started.startedAt }));
    setIsOtherPresent(true);
  });

  // The server's meter: paused while a side is away (until both are back) or while the client
  // cannot pay the next minute (until a deposit covers it, or resumeBy ends the reading).
  useServerEvent(SERVER_EVENTS.sessionPaused, (paused) => {
    if (paused.sessionId !== sessionId) return;
    const resumeBy = paused.reason === 'insufficient_funds' ? paused.resumeBy : null;
    setSession((current) => ({ ...current, pausedAt: paused.pausedAt, pauseReason: paused.reason, resumeBy }));
    if (paused.reason === 'away' && paused.awayUserIds.includes(otherUserId)) setIsOtherPresent(false);
  });

  useServerEvent(SERVER_EVENTS.sessionResumed, (resumed) => {
    if (resumed.sessionId !== sessionId) return;
    setSession((current) => ({
      ...current,
      pausedAt: null,
      pauseReason: null,
      resumeBy: null,
      nextMinuteAt: resumed.nextMinuteAt,
    }));
  });

  useServerEvent(SERVER_EVENTS.billingUpdate, (update) => {
    if (update.sessionId !== sessionId) return;
    setBilling({
      minutesCharged: update.minutesCharged,
      totalCostCents: update.totalCostCents,
      readerEarningsCents: update.readerEarningsCents,
    });
    // The minute just charged starts the timer's current minute (readingElapsedMs): on the server's timeline, not this page's.
    setSession((current) => ({ ...current, nextMinuteAt: update.nextMinuteAt }));
    if (update.isFinalMinute && isClient)
      toast.warning('Insufficient balance! Session will end soon.', { id: `final-minute-${sessionId}` });
  });

  const finish = useCallback(
    (event: SessionEndedEvent) => {
      setEnded((current) => current ?? { event, isEndedByMe: event.endedBy === me.id, isLive: true });
      setBilling({
        minutesCharged: event.totalMinutes,
        totalCostCents: event.totalCostCents,
        readerEarningsCents: event.readerEarningsCents,
      });
      toast.dismiss(CONNECTION_LOST_TOAST_ID);
      // The final row carries endedAt, the status a rating needs and the refund.
      queryClient
        .fetchQuery(sessionQuery(sessionId))
        .then(setSession)
        .catch(() => undefined);
    },
    [me.id, queryClient, sessionId],
  );

  useServerEvent(SERVER_EVENTS.sessionEnded, (endedEvent) => {
    if (endedEvent.sessionId !== sessionId) return;
    if (endedEvent.endedBy !== me.id) toast.info(`Session ended: ${END_REASON_LABELS[endedEvent.reason]}`);
    finish(endedEvent);
  });

  const isPaused = session.status === 'active' && session.pausedAt !== null && !ended;
  useEffect(() => {
    call?.setPaused(isPaused);
  }, [call, isPaused]);

  /** Ends the reading for both; a failed call still leaves the room here (SPEC.md §8), and the server ends it when the grace runs out. */
  const end = useCallback(
    async (refundRequested: boolean) => {
      try {
        const final = await endSession(sessionId, refundRequested);
        setSession(final);
        finish(endedEventOf(final, me.id));
      } catch (error) {
        console.warn('Ending the session failed', error);
        toast.error('Failed to end session', { description: message(error) });
        setEnded((current) => current ?? unconfirmedEnd(sessionId, me.id, billing));
      }
    },
    [sessionId, me.id, finish, billing],
  );

  const extension = useReadingExtension(session, setSession);

  const callStatus = deriveCallStatus({
    status: ended ? 'completed' : session.status,
    hasJoined,
    sessionType: session.sessionType,
    peerConnectionState: media?.connectionState ?? null,
    isOtherPresent,
    isPaused,
  });

  return {
    session,
    isClient,
    callStatus,
    billing,
    ended,
    end,
    extension,
    call,
    media,
    mediaError,
    isOtherPresent,
    isPaused,
  };
}
