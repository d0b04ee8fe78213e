import { formatCents } from '@shared/money';
import type { ReadingSession } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { sessionReceiptQuery } from '../api';
import { END_REASON_LABELS, formatElapsed, readingElapsedMs, redirectDelayMs } from '../session-logic';
import type { EndedState } from '../use-reading-room';
import { RatingForm } from './rating-form';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-border/60 py-2 last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** What promotional credit paid of the reading (its receipt's figure), only when it paid some. */
function CreditPaidRow({ sessionId }: { sessionId: string }) {
  const { data } = useQuery(sessionReceiptQuery(sessionId));
  if (!data || data.creditCents === 0) return null;
  return <Row label="Paid with promotional credit" value={formatCents(data.creditCents)} testId="summary-credit" />;
}

/**
 * After the end: duration, cost, reason and any refund, then the dashboard (SPEC.md §4: 3 s after
 * the end, 2 s when this user ended it). A rating is never lost (decision 008): while the client has a
 * reading to rate, the page stays until they rate it (then 2 s) or press Skip (then at once).
 */
export function SessionSummary({
  session,
  ended,
  isClient,
}: {
  session: ReadingSession;
  ended: EndedState;
  isClient: boolean;
}) {
  const navigate = useNavigate();
  const [hasRated, setHasRated] = useState(false);
  // The server decides what can be rated (a paid, unrefunded, completed reading, for 7 days); the
  // form is offered only then, so a refunded reading never shows it.
  const canRate =
    isClient && !hasRated && session.ratableUntil !== null && Date.now() < Date.parse(session.ratableUntil);
  const redirectMs = hasRated ? redirectDelayMs(true) : redirectDelayMs(ended.isEndedByMe);
  const isRedirecting = (ended.isLive || hasRated) && !canRate;
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(redirectMs / 1000));
  const cardRef = useRef<HTMLDivElement>(null);

  // The call's taller layout is gone: bring the summary into view wherever the page was scrolled.
  useEffect(() => {
    cardRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  useEffect(() => {
    if (!isRedirecting) return;
    const startedAt = Date.now();
    setSecondsLeft(Math.ceil(redirectMs / 1000));
    const ticker = window.setInterval(
      () => setSecondsLeft(Math.max(0, Math.ceil((redirectMs - (Date.now() - startedAt)) / 1000))),
      250,
    );
    const timer = window.setTimeout(() => navigate(paths.dashboard), redirectMs);
    return () => {
      window.clearInterval(ticker);
      window.clearTimeout(timer);
    };
  }, [isRedirecting, redirectMs, navigate]);

  const { event } = ended;
  // The header's timer shows the same figure: both read the reading's own start and end.
  const durationMs = session.endedAt ? readingElapsedMs(session, 0) : 0;
  const isRefundedReading = isClient && session.status === 'completed' && session.refundedCents > 0;

  return (
    <Card ref={cardRef} className="mx-auto w-full max-w-lg" data-testid="session-summary">
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="size-10 text-gold" aria-hidden="true" />
        <CardTitle className="font-script text-4xl font-normal text-pink">Reading ended</CardTitle>
        <p className="text-muted-foreground">
          Session ended: <span data-testid="summary-reason">{END_REASON_LABELS[event.reason]}</span>
        </p>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="text-sm">
          <Row label="Duration" value={formatElapsed(durationMs)} testId="summary-duration" />
          <Row label="Minutes billed" value={String(event.totalMinutes)} testId="summary-minutes" />
          <Row label="Total cost" value={formatCents(event.totalCostCents)} testId="summary-cost" />
          {isClient ? <CreditPaidRow sessionId={session.id} /> : null}
          {event.refundedCents > 0 ? (
            <Row label="Refunded" value={formatCents(event.refundedCents)} testId="summary-refund" />
          ) : null}
          {!isClient && event.refundedCents === 0 ? (
            <Row label="You earned" value={formatCents(event.readerEarningsCents)} testId="summary-earnings" />
          ) : null}
        </dl>
        {canRate ? (
          <div className="grid gap-2">
            <RatingForm sessionId={session.id} readerName={session.reader.name} onDone={() => setHasRated(true)} />
            <Button variant="ghost" onClick={() => void navigate(paths.dashboard)}>
              Skip
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              You can rate it later from your Session History.
            </p>
          </div>
        ) : isRefundedReading ? (
          <p className="text-center text-sm text-muted-foreground" data-testid="summary-not-ratable">
            Refunded readings cannot be rated.
          </p>
        ) : null}
        <div className="flex flex-col items-center gap-2">
          {isRedirecting ? (
            <p role="status" className="text-sm text-muted-foreground">
              Returning to your dashboard in {secondsLeft} s…
            </p>
          ) : null}
          {canRate ? null : (
            <Button asChild>
              <Link to={paths.dashboard}>Go to Dashboard</Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
