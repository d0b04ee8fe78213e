import { RATING_WINDOW_DAYS } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { ReadingSession } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths, sessionDetailsPath } from '@/lib/paths';
import { formatDateTime, SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { clientHistoryQuery, HISTORY_PAGE_SIZE } from './history-api';
import { canRateNow, sessionDate } from './history-row';
import { RateDialog, Stars } from './rating-parts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function HistoryRow({ session, onRate }: { session: ReadingSession; onRate: (session: ReadingSession) => void }) {
  const date = sessionDate(session);
  return (
    <li
      className="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto_9rem] md:items-center md:gap-6"
      data-testid="history-row"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={sessionDetailsPath(session.id)}
            className="font-semibold underline-offset-4 hover:underline [overflow-wrap:anywhere]"
          >
            {session.reader.name}
          </Link>
          <Badge variant="outline">{SESSION_TYPE_LABELS[session.sessionType]}</Badge>
          {session.status === 'completed' ? null : <Badge variant="secondary">{session.status}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={date}>{formatDateTime(date)}</time>
        </p>
      </div>
      {/* Fixed columns from md up, so figures line up from one row to the next. */}
      <dl className="grid grid-cols-3 gap-x-4 text-sm md:grid-cols-[4rem_5.5rem_5.5rem]">
        <Figure label="Minutes" value={String(session.minutesCharged)} />
        <Figure label="Cost" value={formatCents(session.totalCostCents)} />
        <Figure label="Refund" value={session.refundedCents > 0 ? formatCents(session.refundedCents) : '—'} />
      </dl>
      <div className="md:justify-self-end">
        {session.rating !== null ? (
          <Stars rating={session.rating} />
        ) : canRateNow(session) ? (
          <Button size="sm" variant="outline" onClick={() => onRate(session)}>
            Rate this reading
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function HistoryList() {
  const [offset, setOffset] = useState(0);
  const [rating, setRating] = useState<ReadingSession | null>(null);
  const query = useQuery(clientHistoryQuery(offset));

  if (query.isPending) return <ListSkeleton label="Loading sessions" />;
  if (query.isError) return <LoadFailed query={query} />;
  const { sessions, hasMore } = query.data;
  if (sessions.length === 0 && offset === 0) {
    return (
      <div className="grid justify-items-center gap-4 py-8 text-center">
        <p className="text-muted-foreground">No sessions yet</p>
        <Button asChild>
          <Link to={paths.readers}>Book Your First Reading</Link>
        </Button>
      </div>
    );
  }
  const pageNumber = offset / HISTORY_PAGE_SIZE + 1;
  return (
    <>
      <ul className="divide-y divide-border" aria-label="Sessions" aria-busy={query.isPlaceholderData}>
        {sessions.map((session) => (
          <HistoryRow key={session.id} session={session} onRate={setRating} />
        ))}
      </ul>
      {offset > 0 || hasMore ? (
        <nav className="mt-4 flex items-center justify-between gap-2" aria-label="Session history pages">
          <Button
            variant="outline"
            size="sm"
            disabled={offset === 0 || query.isPlaceholderData}
            onClick={() => setOffset(offset - HISTORY_PAGE_SIZE)}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">Page {pageNumber}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={!hasMore || query.isPlaceholderData}
            onClick={() => setOffset(offset + HISTORY_PAGE_SIZE)}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
      <RateDialog session={rating} onClose={() => setRating(null)} />
    </>
  );
}

/** The client's past readings with their cost, and the way to rate one they skipped at the end. */
export function SessionHistoryTab() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Session History</CardTitle>
          <CardDescription>
            Newest first. Open a reading for its messages and each charged minute; a reading can be rated for{' '}
            {RATING_WINDOW_DAYS} days after it ends.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <HistoryList />
        </CardContent>
      </Card>
    </section>
  );
}
