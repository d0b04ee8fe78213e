import { SESSION_TYPES, type SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { SERVER_EVENTS } from '@shared/realtime';
import { type ReadingSession, sessionTypeSchema } from '@shared/sessions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageCircle, Phone, Star, Video } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { OnlineDot, PersonAvatar } from '@/components/person-avatar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AddFundsButton } from '@/features/wallet';
// Topping up in a dialog keeps the client on this page with the reader they chose.
import { ApiError } from '@/lib/api';
import { profileQueryKey, useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { paths, readingPath } from '@/lib/paths';
import { useReaderWatch } from '@/lib/reader-watch';
import { useServerEvent } from '@/lib/server-events';
import { changedRateCents, endSession, readerQuery, requestSession, sessionKeys, sessionQuery } from './api';
import { pendingRequestFrom } from './pending-request-state';
import { SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { secondsUntil } from './session-logic';
import { useNow } from '@/lib/use-now';

const TYPE_ICONS = { chat: MessageCircle, audio: Phone, video: Video } as const;

const rateOf = (reader: Reader, type: SessionType) =>
  ({ chat: reader.chatRateCents, audio: reader.audioRateCents, video: reader.videoRateCents })[type];

type Problem = { kind: 'funds' | 'other'; message: string };

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-10">
      <Link to={paths.readers} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        All readers
      </Link>
      {children}
    </div>
  );
}

/**
 * /session/:readerId?type=chat|audio|video: the client sees the rate, confirms, and waits for the
 * reader's answer; on accept both go to /reading/:sessionId.
 */
export function SessionRequestPage() {
  const { readerId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedType = sessionTypeSchema.safeParse(searchParams.get('type'));
  const type: SessionType = requestedType.success ? requestedType.data : 'chat';
  const { data: me } = useProfile();
  const reader = useQuery(readerQuery(readerId));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const [confirmedRate, setConfirmedRate] = useState<{ type: SessionType; cents: number } | null>(null);
  const [pending, setPending] = useState<ReadingSession | null>(() => pendingRequestFrom(location.state, readerId));
  const [outcome, setOutcome] = useState<'decline' | 'missed' | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  // The reader may go offline while the request waits: the page watches readers, and refetches
  // the reader whenever it starts to (a reconnect too), as a change before was not heard.
  useReaderWatch(() => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.reader(readerId) });
  });
  useServerEvent(SERVER_EVENTS.readerStatus, (status) => {
    if (status.readerId !== readerId) return;
    queryClient.setQueryData<Reader>(sessionKeys.reader(readerId), (current) => current && { ...current, isOnline: status.isOnline });
  });

  const settle = (session: Pick<ReadingSession, 'id' | 'status'>) => {
    if (session.status === 'accepted' || session.status === 'active') {
      navigate(readingPath(session.id));
    } else if (session.status === 'declined' || session.status === 'missed') {
      setPending(null);
      setOutcome(session.status === 'declined' ? 'decline' : 'missed');
    } else if (session.status !== 'requested') {
      setPending(null);
    }
  };

  // The reader's answer can arrive before this page has the request's own answer (the reader is
  // told the moment it is created; a busy server answers the client's POST later): kept until then.
  const earlyAnswers = useRef(new Map<string, ReadingSession['status']>());
  useServerEvent(SERVER_EVENTS.sessionResponse, (response) => {
    if (response.sessionId === pending?.id) settle({ id: response.sessionId, status: response.status });
    else earlyAnswers.current.set(response.sessionId, response.status);
  });
  const settleRef = useRef(settle);
  settleRef.current = settle;

  // A top-up (or a charge elsewhere) changes what the server's 'insufficient funds' said.
  const balanceCents = me?.walletBalanceCents;
  useEffect(() => {
    if (balanceCents !== undefined) setProblem((current) => (current?.kind === 'funds' ? null : current));
  }, [balanceCents]);

  // The answer normally comes by socket; should it be lost (a reconnect at that moment), the
  // session itself tells once the request has expired.
  const now = useNow(pending !== null);
  const secondsLeft = pending?.expiresAt ? secondsUntil(pending.expiresAt, now) : 0;
  const pendingId = pending?.id;
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
        <Alert variant="destructive">{reader.error instanceof ApiError && reader.error.status === 404 ? 'Reader not found' : 'Failed to load this reader. Please try again.'}</Alert>
      </PageFrame>
    );
  }

  const current = reader.data;
  const rateCents = confirmedRate?.type === type ? confirmedRate.cents : rateOf(current, type);
  const isClient = me.role === 'client';
  const canAfford = me.walletBalanceCents >= rateCents;

  const chooseType = (next: SessionType) => {
    setProblem(null);
    setSearchParams({ type: next }, { replace: true });
  };

  const confirm = async () => {
    setIsSubmitting(true);
    setProblem(null);
    setOutcome(null);
    try {
      const created = await requestSession({ readerId, sessionType: type, ratePerMinuteCents: rateCents });
      setPending(created);
      const early = earlyAnswers.current.get(created.id);
      if (early) settle({ id: created.id, status: early });
    } catch (error) {
      const newRate = changedRateCents(error);
      if (newRate !== null) {
        setConfirmedRate({ type, cents: newRate });
        queryClient.invalidateQueries({ queryKey: sessionKeys.reader(readerId) });
        setProblem({ kind: 'other', message: `${current.firstName}'s rate has changed to ${formatCents(newRate)}/min. Please confirm the new rate.` });
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

  const cancel = async () => {
    if (!pending) return;
    try {
      settle(await endSession(pending.id));
      toast.info('Request cancelled');
    } catch (error) {
      toast.error('Failed to cancel the request', { description: error instanceof ApiError ? error.message : undefined });
    }
  };

  const readerCard = (
    <div className="flex items-center gap-4">
      <div className="relative">
        <PersonAvatar name={current.fullName} imageUrl={current.profileImage} className="size-16 text-xl" />
        <OnlineDot isOnline={current.isOnline} />
      </div>
      <div>
        <h1 className="text-2xl font-semibold">{current.fullName}</h1>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <Star className="size-4 fill-current text-gold" aria-hidden="true" />
          {current.rating.toFixed(1)} ({current.totalReviews} reviews) · {current.isOnline ? 'Online' : 'Offline'}
        </p>
      </div>
    </div>
  );

  if (pending) {
    return (
      <PageFrame>
        <title>{`Waiting for ${current.firstName} · Soul Tribe`}</title>
        <Card>
          <CardContent className="flex flex-col items-center gap-6 pt-6 text-center">
            {readerCard}
            <Spinner className="size-10" label="Waiting for an answer" />
            <p className="text-lg font-semibold" role="status">
              Waiting for {current.firstName} to accept…
            </p>
            <p className="text-sm text-muted-foreground">
              {SESSION_TYPE_LABELS[pending.sessionType]} reading at {formatCents(pending.ratePerMinuteCents)}/min ·{' '}
              <span className="tabular-nums">{secondsLeft} s</span> left to answer
            </p>
            <Button variant="outline" onClick={cancel}>
              Cancel Request
            </Button>
          </CardContent>
        </Card>
      </PageFrame>
    );
  }

  return (
    <PageFrame>
      <title>{`Reading with ${current.fullName} · Soul Tribe`}</title>
      <Card>
        <CardContent className="flex flex-col gap-6 pt-6">
          {readerCard}

          {outcome ? (
            <Alert variant="destructive">
              {outcome === 'decline'
                ? `${current.firstName} declined your request. You were not charged.`
                : `${current.firstName} did not answer in time. You were not charged.`}
            </Alert>
          ) : null}

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold">Choose your reading</legend>
            <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Reading type">
              {SESSION_TYPES.map((option) => {
                const Icon = TYPE_ICONS[option];
                const isChosen = option === type;
                return (
                  <label
                    key={option}
                    className={cn(
                      'flex cursor-pointer flex-col items-center gap-1 rounded-xl border p-3 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring',
                      isChosen ? 'border-pink bg-pink/10' : 'border-border hover:border-pink/50',
                    )}
                  >
                    <input type="radio" name="reading-type" value={option} checked={isChosen} onChange={() => chooseType(option)} className="sr-only" />
                    <Icon className="size-5 text-pink" aria-hidden="true" />
                    <span className="font-semibold">{SESSION_TYPE_LABELS[option]}</span>
                    <span className="text-gold">{formatCents(option === type ? rateCents : rateOf(current, option))}/min</span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          <div className="rounded-xl bg-muted/60 p-4 text-sm">
            <p>
              <span className="font-semibold" data-testid="confirm-rate">
                {formatCents(rateCents)} per minute
              </span>
              , charged at the start of each minute until one of you ends the reading. Not satisfied? Ask for a refund within the first 3
              minutes.
            </p>
            {isClient && current.freeMinutes > 0 ? (
              <p className="mt-2 font-semibold text-gold" data-testid="free-minutes-note">
                Your first {current.freeMinutes} {current.freeMinutes === 1 ? 'minute is' : 'minutes are'} free: {current.firstName}'s gift to a first
                reading.
              </p>
            ) : null}
            {isClient ? <p className="mt-2 text-muted-foreground">Your balance: {formatCents(me.walletBalanceCents)}</p> : null}
          </div>

          {!isClient ? (
            <Alert>Readings are booked from a client account.</Alert>
          ) : !current.isOnline ? (
            <Alert>{current.firstName} is offline right now. Try again later or choose another reader.</Alert>
          ) : !canAfford || problem?.kind === 'funds' ? (
            <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
              <span>{problem?.kind === 'funds' ? problem.message : `Your balance does not cover one minute at ${formatCents(rateCents)}.`}</span>
              <AddFundsButton size="sm" variant="gold" />
            </Alert>
          ) : null}

          {problem?.kind === 'other' ? <Alert variant="destructive">{problem.message}</Alert> : null}

          <Button size="lg" onClick={confirm} disabled={!isClient || !current.isOnline || !canAfford || isSubmitting}>
            {isSubmitting ? 'Requesting…' : outcome ? 'Try Again' : `Confirm ${SESSION_TYPE_LABELS[type]} Reading`}
          </Button>
          {outcome ? (
            <Button variant="outline" asChild>
              <Link to={paths.readers}>Choose Another Reader</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </PageFrame>
  );
}
