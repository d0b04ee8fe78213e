import { formatCents } from '@shared/money';
import type { ReadingSession } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { paths } from '@/lib/paths';
import { sessionDetailsQuery } from '../client/history-api';
import { Stars } from '../client/rating-parts';
import { formatDateTime, SESSION_TYPE_LABELS } from '../client/session-labels';
import { MessagesCard } from '../reading/messages-card';
import { ReadingFact } from '../reading/reading-fact';
import { ReceiptCard } from '../reading/receipt-card';

/** As in the reader's session list: a client by first name only. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'Anonymous';

function Summary({ session }: { session: ReadingSession }) {
  const client = firstNameOf(session.client.name);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="[overflow-wrap:anywhere]">
          {SESSION_TYPE_LABELS[session.sessionType]} reading with {client}
        </CardTitle>
        {session.status === 'completed' ? null : (
          <Badge variant="secondary" className="justify-self-start">
            {session.status === 'active' ? 'In progress' : session.status}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="session-details-summary">
          <ReadingFact label="Client">{client}</ReadingFact>
          <ReadingFact label="Type">{SESSION_TYPE_LABELS[session.sessionType]}</ReadingFact>
          <ReadingFact label="Rate">{formatCents(session.ratePerMinuteCents)}/min</ReadingFact>
          <ReadingFact label="Started">{session.startedAt ? formatDateTime(session.startedAt) : '—'}</ReadingFact>
          <ReadingFact label="Ended">{session.endedAt ? formatDateTime(session.endedAt) : '—'}</ReadingFact>
          <ReadingFact label="Minutes">{session.minutesCharged}</ReadingFact>
          <ReadingFact label="You earned">
            <span data-testid="session-details-earned">{formatCents(session.readerEarningsCents)}</span>
          </ReadingFact>
          <ReadingFact label="Refund">{session.refundedCents > 0 ? formatCents(session.refundedCents) : '—'}</ReadingFact>
          <ReadingFact label="Rating">{session.rating !== null ? <Stars rating={session.rating} /> : 'Not rated'}</ReadingFact>
        </dl>
        {session.review ? (
          <blockquote className="mt-4 border-l-2 border-gold/60 pl-3 text-sm italic text-muted-foreground [overflow-wrap:anywhere]">{session.review}</blockquote>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One of the reader's readings: when, what it earned minute by minute and, for a chat, what was said. */
export function ReaderReadingDetailsPage({ sessionId }: { sessionId: string }) {
  const query = useQuery(sessionDetailsQuery(sessionId));
  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" className="justify-self-start print:hidden">
        <Link to={paths.dashboardSessions}>
          <ArrowLeft aria-hidden="true" />
          Back to My Sessions
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
            <ReceiptCard sessionId={sessionId} viewer="reader" retention={query.data.messageRetention} />
            {query.data.session.sessionType === 'chat' ? (
              <MessagesCard
                messages={query.data.messages}
                myUserId={query.data.session.readerId}
                retention={query.data.messageRetention}
                senderName={(message) => (message.senderId === query.data.session.clientId ? firstNameOf(message.senderName) : message.senderName)}
              />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
