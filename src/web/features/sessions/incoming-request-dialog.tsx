import { formatCents } from '@shared/money';
import { SERVER_EVENTS, type SessionRequestEvent } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { BellRing } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { BlockButton } from '@/features/blocks';
import { ClientNotesDisclosure } from '@/features/client-notes';
import { ApiError } from '@/lib/api';
import { readingPath } from '@/lib/paths';
import { useServerEvent } from '@/lib/server-events';
import { aReadingOfType } from '@/lib/session-labels';
import { useSocket } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { recentSessionsQuery, respondToSession } from './api';
import { secondsUntil } from './session-logic';

/**
 * The reader's incoming request, on any page of the signed-in app: who, what type, at which rate,
 * and the time left to answer (the server's expiresAt, so a shortened test minute shows correctly).
 * A request that arrived while the socket was away is picked up from the reader's recent sessions.
 */
export function IncomingRequestDialog({ readerId }: { readerId: string }) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [request, setRequest] = useState<SessionRequestEvent | null>(null);
  const [isAnswering, setIsAnswering] = useState(false);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const now = useNow(request !== null, 250);
  const secondsLeft = request ? secondsUntil(request.expiresAt, now) : 0;

  useServerEvent(SERVER_EVENTS.sessionRequest, setRequest);

  useServerEvent(SERVER_EVENTS.sessionResponse, (response) => {
    if (response.sessionId !== request?.sessionId) return;
    if (response.response === 'cancelled') toast.info(`${request.clientName} cancelled the request`);
    if (response.response === 'missed') toast.info(`You missed a request from ${request.clientName}`);
    setRequest(null);
  });

  useEffect(() => {
    if (!socket) return;
    const recover = () => {
      queryClient
        .fetchQuery(recentSessionsQuery)
        .then((data) => {
          const waiting = data.sessions.find(
            (s) =>
              s.readerId === readerId &&
              s.status === 'requested' &&
              s.expiresAt &&
              Date.parse(s.expiresAt) > Date.now(),
          );
          if (waiting?.expiresAt) {
            setRequest({
              sessionId: waiting.id,
              clientId: waiting.clientId,
              clientName: waiting.client.name,
              sessionType: waiting.sessionType,
              ratePerMinuteCents: waiting.ratePerMinuteCents,
              expiresAt: waiting.expiresAt,
            });
          }
        })
        .catch(() => undefined);
    };
    if (socket.connected) recover();
    socket.on('connect', recover);
    return () => {
      socket.off('connect', recover);
    };
  }, [socket, queryClient, readerId]);

  // Past expiresAt the server calls the request missed; the dialog does not wait for the event.
  useEffect(() => {
    if (request && secondsLeft === 0 && !isAnswering) setRequest(null);
  }, [request, secondsLeft, isAnswering]);

  const answer = async (response: 'accept' | 'decline') => {
    if (!request) return;
    const answered = request.sessionId;
    // The client may ask again as soon as they hear the decline, and that request can reach this
    // page before the decline's own answer does: only the request answered is put away.
    const putAway = () => setRequest((shown) => (shown?.sessionId === answered ? null : shown));
    setIsAnswering(true);
    try {
      await respondToSession(answered, response);
      putAway();
      if (response === 'accept') navigate(readingPath(answered));
    } catch (error) {
      toast.error('Failed to respond to session', {
        description: error instanceof ApiError ? error.message : undefined,
      });
      putAway();
    } finally {
      setIsAnswering(false);
    }
  };

  return (
    <Dialog open={request !== null}>
      {request ? (
        // Only Accept or Decline answers: a stray Escape or tap beside it used to decline a paying client.
        // Focus opens on Accept, not on the client's notes above it.
        <DialogContent
          answerRequired
          aria-describedby="incoming-request-details"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            acceptButton.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <BellRing className="size-5 text-gold" aria-hidden="true" />
              New reading request
            </DialogTitle>
            <DialogDescription id="incoming-request-details">
              <span className="font-semibold text-foreground">{request.clientName}</span> would like{' '}
              {aReadingOfType(request.sessionType)} at {formatCents(request.ratePerMinuteCents)}/min.
            </DialogDescription>
          </DialogHeader>
          {request.nextAppointmentAt ? (
            <p className="rounded-md border border-gold/50 p-2 text-sm" role="note" data-testid="appointment-warning">
              Your booked reading starts at {format(parseISO(request.nextAppointmentAt), 'h:mm a')}: this one could run
              into it.
            </p>
          ) : null}
          {/* A returning client's notes, there when deciding (decision 068); a newcomer's say there are none yet. */}
          <ClientNotesDisclosure clientId={request.clientId} clientName={request.clientName} />
          <p
            className="text-center text-4xl font-semibold tabular-nums text-pink"
            role="timer"
            aria-label={`${secondsLeft} seconds left to answer`}
          >
            {secondsLeft} s
          </p>
          <DialogFooter>
            {/* Blocking ends the request on the server; the dialog goes with it. */}
            <BlockButton
              userId={request.clientId}
              name={request.clientName}
              theirRole="client"
              className="sm:mr-auto"
              onBlocked={() => setRequest(null)}
            />
            <Button variant="outline" onClick={() => answer('decline')} disabled={isAnswering}>
              Decline
            </Button>
            <Button ref={acceptButton} onClick={() => answer('accept')} disabled={isAnswering}>
              Accept
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
