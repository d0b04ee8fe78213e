import { formatCents } from '@shared/money';
import type { ReadingSession } from '@shared/sessions';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BlockButton } from '@/features/blocks';
import { ClientNotesPanel } from '@/features/client-notes';
import { formatDateTime, SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { Stars } from '../client/rating-parts';
import { ReadingDetailsFrame } from '../reading/reading-details-frame';
import { ReadingFact } from '../reading/reading-fact';

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
          <ReadingFact label="Refund">
            {session.refundedCents > 0 ? formatCents(session.refundedCents) : '—'}
          </ReadingFact>
          <ReadingFact label="Rating">
            {session.rating !== null ? <Stars rating={session.rating} /> : 'Not rated'}
          </ReadingFact>
        </dl>
        {session.review ? (
          <blockquote className="mt-4 border-l-2 border-gold/60 pl-3 text-sm italic text-muted-foreground [overflow-wrap:anywhere]">
            {session.review}
          </blockquote>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The reader's history of this client (decision 068): their private notes, and a block if it came to that. */
function ClientCard({ session }: { session: ReadingSession }) {
  const client = firstNameOf(session.client.name);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle className="[overflow-wrap:anywhere]">Notes on {client}</CardTitle>
          <CardDescription>Shown again the next time {client} asks you for a reading, books or writes.</CardDescription>
        </div>
        <BlockButton userId={session.clientId} name={client} theirRole="client" variant="outline" />
      </CardHeader>
      <CardContent>
        <ClientNotesPanel clientId={session.clientId} clientName={client} isTitleShown={false} />
      </CardContent>
    </Card>
  );
}

/** One of the reader's readings: when, what it earned minute by minute and, for a chat, what was said. */
export function ReaderReadingDetailsPage({ sessionId }: { sessionId: string }) {
  return (
    <ReadingDetailsFrame
      sessionId={sessionId}
      viewer="reader"
      backLabel="Back to My Sessions"
      summary={(session) => (
        <>
          <Summary session={session} />
          <ClientCard session={session} />
        </>
      )}
      senderName={(message, session) =>
        message.senderId === session.clientId ? firstNameOf(message.senderName) : message.senderName
      }
    />
  );
}
