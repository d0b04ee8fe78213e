import { formatCents } from '@shared/money';
import type { CurrentQueuePlace, QueuePlace } from '@shared/queue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { pendingRequestState, requestSession, secondsUntil } from '@/features/sessions';
import { AddFundsButton } from '@/features/wallet';
import { ApiError } from '@/lib/api';
import { sessionRequestPath } from '@/lib/paths';
import { aReadingOfType } from '@/lib/session-labels';
import { useNow } from '@/lib/use-now';
import { queueKeys, queuePlaceQuery, useLeaveQueue, useLiveQueuePlace } from './api';

function OfferDialog({ place, secondsLeft }: { place: QueuePlace; secondsLeft: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = useLeaveQueue();
  const startButton = useRef<HTMLButtonElement>(null);
  // The request is the normal one: the server lets it through because the reader is kept for us.
  const start = useMutation({
    mutationFn: () =>
      requestSession({
        readerId: place.readerId,
        sessionType: place.sessionType,
        ratePerMinuteCents: place.ratePerMinuteCents,
      }),
    onSuccess: (session) => {
      queryClient.setQueryData<CurrentQueuePlace>(queueKeys.place, { place: null });
      navigate(sessionRequestPath(place.readerId, place.sessionType), { state: pendingRequestState(session) });
    },
  });
  const isBusy = start.isPending || leave.isPending;
  const error = start.error instanceof ApiError ? start.error : null;
  return (
    <Dialog open>
      {/* Giving up a kept place takes 'Not now', never a stray Escape or tap; focus opens on 'Start reading'. */}
      <DialogContent
        answerRequired
        aria-describedby="queue-offer-details"
        data-testid="queue-offer"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          startButton.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Sparkles className="size-5 text-gold" aria-hidden="true" />
            It's your turn
          </DialogTitle>
          <DialogDescription id="queue-offer-details">
            <span className="font-semibold text-foreground">{place.readerName}</span> is free now and kept for you:{' '}
            {aReadingOfType(place.sessionType)} at {formatCents(place.ratePerMinuteCents)}/min.
          </DialogDescription>
        </DialogHeader>
        <p
          className="text-center text-4xl font-semibold tabular-nums text-pink"
          role="timer"
          aria-label={`${secondsLeft} seconds left to start`}
        >
          {secondsLeft} s
        </p>
        {error ? (
          <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
            <span>{error.message}</span>
            {error.code === 'INSUFFICIENT_FUNDS' ? <AddFundsButton size="sm" variant="gold" /> : null}
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => leave.mutate(place.readerId)} disabled={isBusy}>
            Not now
          </Button>
          <Button ref={startButton} onClick={() => start.mutate()} disabled={isBusy}>
            {start.isPending ? 'Requesting…' : 'Start reading'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A client's place in a reader's line, live on every page: when the reader is free and kept for
 * them, the offer with its countdown (the server's expiresAt), 'Start reading' or 'Not now'.
 * A reloaded page finds an open offer again from GET /api/queue.
 */
export function QueueOfferDialog() {
  useLiveQueuePlace();
  const { data } = useQuery(queuePlaceQuery);
  const offerExpiresAt = data?.place?.offerExpiresAt ?? null;
  const now = useNow(offerExpiresAt !== null, 250);
  const secondsLeft = offerExpiresAt ? secondsUntil(offerExpiresAt, now) : 0;
  // Past expiresAt the server passes the offer on; the dialog does not wait for its notice.
  if (!data?.place || secondsLeft === 0) return null;
  return <OfferDialog key={offerExpiresAt} place={data.place} secondsLeft={secondsLeft} />;
}
