import type { SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { SERVER_EVENTS } from '@shared/realtime';
import { sessionTypeSchema } from '@shared/sessions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
// Topping up in a dialog keeps the client on this page with the reader they chose.
import { AddFundsButton } from '@/features/wallet';
import { ApiError } from '@/lib/api';
import { profileQueryKey, useProfile } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useReaderWatch } from '@/lib/reader-watch';
import { useServerEvent } from '@/lib/server-events';
import { SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { changedRateCents, readerQuery, requestSession, sessionKeys } from './api';
import {
  PageFrame,
  RateTerms,
  ReaderSummary,
  ReadingTypeChoice,
  rateOf,
  WaitingForReader,
} from './session-request-parts';
import { usePendingRequest } from './use-pending-request';

type Problem = { kind: 'funds' | 'other'; message: string };

/**
 * /session/:readerId?type=chat|audio|video: the client sees the rate, confirms, and waits for the
 * reader's answer; on accept both go to /reading/:sessionId.
 */
export function SessionRequestPage() {
  const { readerId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedType = sessionTypeSchema.safeParse(searchParams.get('type'));
  const { data: me } = useProfile();
  const reader = useQuery(readerQuery(readerId));
  const queryClient = useQueryClient();

  const [confirmedRate, setConfirmedRate] = useState<{ type: SessionType; cents: number } | null>(null);
  const request = usePendingRequest(readerId);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  // The reader may go offline while the request waits: the page watches readers, and refetches
  // the reader whenever it starts to (a reconnect too), as a change before was not heard.
  useReaderWatch(() => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.reader(readerId) });
  });
  useServerEvent(SERVER_EVENTS.readerStatus, (status) => {
    if (status.readerId !== readerId) return;
    queryClient.setQueryData<Reader>(
      sessionKeys.reader(readerId),
      (current) => current && { ...current, isOnline: status.isOnline },
    );
  });

  // A top-up (or a charge elsewhere) changes what the server's 'insufficient funds' said.
  // What a reading may spend: the cash and the promotional credit, which pays first (decision 066).
  const balanceCents = me ? me.walletBalanceCents + me.creditCents : undefined;
  useEffect(() => {
    if (balanceCents !== undefined) setProblem((current) => (current?.kind === 'funds' ? null : current));
  }, [balanceCents]);

  if (reader.isPending || !me) {
    return (
      <PageFrame>
        <div className="flex justify-center py-16">
          <Spinner className="size-10" label="Loading reader" />
        </div>
      </PageFrame>
    );
  }
  if (!reader.data) {
    return (
      <PageFrame>
        <title>Reader not found · Soul Tribe</title>
        <Alert variant="destructive">
          {reader.error instanceof ApiError && reader.error.status === 404
            ? 'Reader not found'
            : 'Failed to load this reader. Please try again.'}
        </Alert>
      </PageFrame>
    );
  }

  const current = reader.data;
  // A kind the reader does not offer (an old link, a typed address) is never offered: their first one is.
  const type: SessionType =
    requestedType.success && current.sessionTypes.includes(requestedType.data)
      ? requestedType.data
      : (current.sessionTypes[0] ?? 'chat');
  const rateCents = confirmedRate?.type === type ? confirmedRate.cents : rateOf(current, type);
  const isClient = me.role === 'client';
  const spendableCents = me.walletBalanceCents + me.creditCents;
  const canAfford = spendableCents >= rateCents;

  const chooseType = (next: SessionType) => {
    setProblem(null);
    setSearchParams({ type: next }, { replace: true });
  };

  const confirm = async () => {
    setIsSubmitting(true);
    setProblem(null);
    request.clearOutcome();
    try {
      request.wait(await requestSession({ readerId, sessionType: type, ratePerMinuteCents: rateCents }));
    } catch (error) {
      const newRate = changedRateCents(error);
      if (newRate !== null) {
        setConfirmedRate({ type, cents: newRate });
        queryClient.invalidateQueries({ queryKey: sessionKeys.reader(readerId) });
        setProblem({
          kind: 'other',
          message: `${current.firstName}'s rate has changed to ${formatCents(newRate)}/min. Please confirm the new rate.`,
        });
      } else if (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS') {
        setProblem({ kind: 'funds', message: error.message });
        queryClient.invalidateQueries({ queryKey: profileQueryKey });
      } else {
        setProblem({ kind: 'other', message: error instanceof ApiError ? error.message : 'Failed to request session' });
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  if (request.pending)
    return (
      <WaitingForReader
        reader={current}
        pending={request.pending}
        secondsLeft={request.secondsLeft}
        onCancel={request.cancel}
      />
    );

  return (
    <PageFrame>
      <title>{`Reading with ${current.fullName} · Soul Tribe`}</title>
      <Card>
        <CardContent className="flex flex-col gap-6 pt-6">
          <ReaderSummary reader={current} />

          {request.outcome ? (
            <Alert variant="destructive">
              {request.outcome === 'decline'
                ? `${current.firstName} declined your request. You were not charged.`
                : `${current.firstName} did not answer in time. You were not charged.`}
            </Alert>
          ) : null}

          <ReadingTypeChoice reader={current} type={type} rateCents={rateCents} onChoose={chooseType} />

          <RateTerms
            reader={current}
            rateCents={rateCents}
            isClient={isClient}
            balanceCents={me.walletBalanceCents}
            creditCents={me.creditCents}
          />

          {!isClient ? (
            <Alert>Readings are booked from a client account.</Alert>
          ) : !current.isOnline ? (
            <Alert>{current.firstName} is offline right now. Try again later or choose another reader.</Alert>
          ) : !canAfford || problem?.kind === 'funds' ? (
            <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
              <span>
                {problem?.kind === 'funds'
                  ? problem.message
                  : `Your balance does not cover one minute at ${formatCents(rateCents)}.`}
              </span>
              <AddFundsButton size="sm" variant="gold" />
            </Alert>
          ) : null}

          {problem?.kind === 'other' ? <Alert variant="destructive">{problem.message}</Alert> : null}

          <Button size="lg" onClick={confirm} disabled={!isClient || !current.isOnline || !canAfford || isSubmitting}>
            {isSubmitting
              ? 'Requesting…'
              : request.outcome
                ? 'Try Again'
                : `Confirm ${SESSION_TYPE_LABELS[type]} Reading`}
          </Button>
          {request.outcome ? (
            <Button variant="outline" asChild>
              <Link to={paths.readers}>Choose Another Reader</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </PageFrame>
  );
}
