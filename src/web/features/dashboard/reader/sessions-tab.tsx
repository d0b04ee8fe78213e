import { formatCents } from '@shared/money';
import type { ReaderSessionRow } from '@shared/reader-dashboard';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed, PagedList } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BlockButton } from '@/features/blocks';
import { ClientNotesButton } from '@/features/client-notes';
import { sessionDetailsPath } from '@/lib/paths';
import { readerSessionsQuery } from './reader-api';

const TYPE_LABELS = { chat: 'Chat', audio: 'Audio', video: 'Video' } as const;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-gold" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          className={value <= rating ? 'size-4 fill-current' : 'size-4 opacity-40'}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function SessionRow({ session }: { session: ReaderSessionRow }) {
  const isLive = session.status === 'active';
  const clientName = session.clientFirstName ?? 'Anonymous';
  return (
    <li
      className="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-6"
      data-testid="reader-session"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={sessionDetailsPath(session.id)}
            className="font-semibold underline-offset-4 hover:underline [overflow-wrap:anywhere]"
          >
            {clientName}
          </Link>
          <Badge variant="outline">{TYPE_LABELS[session.sessionType]}</Badge>
          {isLive ? <Badge variant="pink">In progress</Badge> : null}
          {session.isRefunded ? <Badge variant="destructive">Refunded</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={session.startedAt}>
            {new Date(session.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </p>
        {session.rating !== null ? (
          <div className="grid gap-1">
            <Stars rating={session.rating} />
            {session.review ? <p className="text-sm italic [overflow-wrap:anywhere]">“{session.review}”</p> : null}
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 md:justify-end">
        {/* Fixed columns from md up, so figures line up from one row to the next. */}
        <dl className="grid grid-cols-2 gap-x-4 text-sm md:grid-cols-[4.5rem_6rem]">
          <Figure label="Minutes" value={String(session.minutesCharged)} />
          <Figure label={isLive ? 'Held so far' : 'Earned'} value={formatCents(session.earningsCents)} />
        </dl>
        {/* The reader's own notes on this client and a block, from their client list (decision 068). */}
        <div className="flex gap-1">
          <ClientNotesButton clientId={session.clientId} clientName={clientName} />
          <BlockButton userId={session.clientId} name={clientName} theirRole="client" />
        </div>
      </div>
    </li>
  );
}

function SessionList() {
  const [page, setPage] = useState(1);
  const query = useQuery(readerSessionsQuery(page));
  if (query.isPending) return <ListSkeleton label="Loading sessions" />;
  if (query.isError) return <LoadFailed query={query} />;
  const { sessions, pageSize, hasMore } = query.data;
  return (
    <PagedList
      label="Your sessions"
      items={sessions}
      renderItem={(session) => <SessionRow key={session.id} session={session} />}
      empty="No sessions yet. Go online and your readings will appear here."
      isPlaceholderData={query.isPlaceholderData}
      offset={(page - 1) * pageSize}
      pageSize={pageSize}
      hasMore={hasMore}
      onOffsetChange={(offset) => setPage(offset / pageSize + 1)}
    />
  );
}

/** The reader's readings, newest first: who (first name only), what kind, when, how long, what it earned and how it was rated. */
export function ReaderSessionsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>My Sessions</CardTitle>
        <CardDescription>
          Newest first. Your share is 70% of each reading; a refunded reading earns nothing.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SessionList />
      </CardContent>
    </Card>
  );
}
