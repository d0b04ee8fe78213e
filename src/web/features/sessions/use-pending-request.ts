import { SERVER_EVENTS } from '@shared/realtime';
import type { ReadingSession } from '@shared/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api';
import { readingPath } from '@/lib/paths';
import { useServerEvent } from '@/lib/server-events';
import { useSocketConnected } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { endSession, sessionQuery } from './api';
import { pendingRequestFrom } from './pending-request-state';
import { secondsUntil } from './session-logic';

export type RequestOutcome = 'decline' | 'missed';

/**
 * A client's reading request while it waits for the reader: accepted goes to the reading,
 * declined or missed is the outcome shown, and the seconds left count down. The request survives
 * a reload through the location's state.
 */
export function usePendingRequest(readerId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<ReadingSession | null>(() => pendingRequestFrom(location.state, readerId));
  const [outcome, setOutcome] = useState<RequestOutcome | null>(null);
  // The request waited for, known at once: an answer that comes before React has rendered the new
  // `pending` (a reader who accepts within milliseconds, as the demo reader does) must not be taken
  // for an early one, which `wait` has already looked for (decision 038: a client left 'Waiting').
  const waitingFor = useRef<string | null>(pending?.id ?? null);

  const settle = (session: Pick<ReadingSession, 'id' | 'status'>) => {
    if (session.status === 'accepted' || session.status === 'active') {
      navigate(readingPath(session.id));
    } else if (session.status === 'declined' || session.status === 'missed') {
      waitingFor.current = null;
      setPending(null);
      setOutcome(session.status === 'declined' ? 'decline' : 'missed');
    } else if (session.status !== 'requested') {
      waitingFor.current = null;
      setPending(null);
    }
  };

  // The reader's answer can arrive before this page has the request's own answer (the reader is
  // told the moment it is created; a busy server answers the client's POST later): kept until then.
  const earlyAnswers = useRef(new Map<string, ReadingSession['status']>());
  useServerEvent(SERVER_EVENTS.sessionResponse, (response) => {
    if (response.sessionId === waitingFor.current) settle({ id: response.sessionId, status: response.status });
    else earlyAnswers.current.set(response.sessionId, response.status);
  });
  const settleRef = useRef(settle);
  settleRef.current = settle;

  // The answer normally comes by socket; should it be lost (sent while the connection was down),
  // the session itself tells: at once when the connection is back, and once the request expired.
  const now = useNow(pending !== null);
  const secondsLeft = pending?.expiresAt ? secondsUntil(pending.expiresAt, now) : 0;
  const pendingId = pending?.id;
  useSocketConnected(() => {
    if (!pendingId) return;
    queryClient
      .fetchQuery({ ...sessionQuery(pendingId), staleTime: 0 })
      .then((session) => settleRef.current(session))
      .catch(() => undefined);
  });
  const isExpired = secondsLeft === 0;
  // Set once when the request expires, not on each second's render (which kept clearing it).
  useEffect(() => {
    if (!pendingId || !isExpired) return;
    const timer = window.setTimeout(() => {
      queryClient
        .fetchQuery(sessionQuery(pendingId))
        .then((session) => settleRef.current(session))
        .catch(() => undefined);
    }, 2000);
    return () => window.clearTimeout(timer);
  }, [pendingId, isExpired, queryClient]);

  return {
    pending,
    outcome,
    secondsLeft,
    /** A new request goes out: the last outcome is cleared. */
    clearOutcome: () => setOutcome(null),
    /** The request was created: wait for its answer (which may already have come). */
    wait(created: ReadingSession) {
      waitingFor.current = created.id;
      setPending(created);
      const early = earlyAnswers.current.get(created.id);
      if (early) settle({ id: created.id, status: early });
    },
    async cancel() {
      if (!pending) return;
      try {
        settle(await endSession(pending.id));
        toast.info('Request cancelled');
      } catch (error) {
        toast.error('Failed to cancel the request', {
          description: error instanceof ApiError ? error.message : undefined,
        });
      }
    },
  };
}
