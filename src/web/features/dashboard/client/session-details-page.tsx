import { formatCents } from '@shared/money';
import type { ReadingSession } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { paths } from '@/lib/paths';
import { sessionDetailsQuery } from './history-api';
import { canRateNow } from './history-row';
import { RateDialog, Stars } from './rating-parts';
import { formatDateTime, SESSION_TYPE_LABELS } from './session-labels';
import { MessagesCard } from '../reading/messages-card';
import { ReadingFact } from '../reading/reading-fact';
import { ReceiptCard } from '../reading/receipt-card';

function Summary({ session }: { session: ReadingSession }) {
  const [isRating, setIsRating] = useState(false);
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-4">
        <PersonAvatar name={session.reader.name} imageUrl={session.reader.avatarUrl} className="size-14 text-lg" />
        <div className="min-w-0">
          <CardTitle className="[overflow-wrap:anywhere]">
            {SESSION_TYPE_LABELS[session.sessionType]} reading with {session.reader.name}
          </CardTitle>
          {session.status === 'completed' ? null : (
            <Badge variant="secondary" className="mt-1">
              {session.status}
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="session-details-summary">
          <ReadingFact label="Reader">{session.reader.name}</ReadingFact>
          <ReadingFact label="Type">{SESSION_TYPE_LABELS[session.sessionType]}</ReadingFact>
          <ReadingFact label="Rate">{formatCents(session.ratePerMinuteCents)}/min</ReadingFact>
          <ReadingFact label="Started">{session.startedAt ? formatDateTime(session.startedAt) : '—'}</ReadingFact>
          <ReadingFact label="Ended">{session.endedAt ? formatDateTime(session.endedAt) : '—'}</ReadingFact>
          <ReadingFact label="Minutes">{session.minutesCharged}</ReadingFact>
          <ReadingFact label="Cost">
            <span data-testid="session-details-cost">{formatCents(session.totalCostCents)}</span>
          </ReadingFact>
          <ReadingFact label="Refund">{session.refundedCents > 0 ? formatCents(session.refundedCents) : '—'}</ReadingFact>
          <ReadingFact label="Rating">
            {session.rating !== null ? (
              <Stars rating={session.rating} />
            ) : canRateNow(session) ? (
              <Button size="sm" variant="outline" onClick={() => setIsRating(true)}>
                Rate this reading
              </Button>
            ) : (
              'Not rated'
            )}
          </ReadingFact>
        </dl>
        {session.review ? (
          <blockquote className="mt-4 border-l-2 border-gold/60 pl-3 text-sm italic text-muted-foreground [overflow-wrap:anywhere]">{session.review}</blockquote>
        ) : null}
      </CardContent>
      <RateDialog session={isRating ? session : null} onClose={() => setIsRating(false)} />
    </Card>
  );
}

/** A past reading: who, when, what it cost, its receipt minute by minute and, for a chat, what was said. */
export function SessionDetailsPage({ sessionId }: { sessionId: string }) {
  const query = useQuery(sessionDetailsQuery(sessionId));
  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" className="justify-self-start print:hidden">
        <Link to={paths.dashboardSessions}>
          <ArrowLeft aria-hidden="true" />
          Back to Session History
        </Link>
      </Button>
      {query.isPending ? (
        <ListSkeleton label="Loading reading details" rowClassName="h-40" />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <p className="py-8 text-center text-muted-foreground">We could not find this reading.</p>
        ) : (
          <LoadFailed query={query} />
        )
      ) : (
        <>
          <Summary session={query.data.session} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ReceiptCard sessionId={sessionId} viewer="client" retention={query.data.messageRetention} />
            {query.data.session.sessionType === 'chat' ? (
              <MessagesCard messages={query.data.messages} myUserId={query.data.session.clientId} retention={query.data.messageRetention} />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
