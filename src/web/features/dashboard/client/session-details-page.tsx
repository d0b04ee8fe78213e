import { formatCents } from '@shared/money';
import type { ReadingSession } from '@shared/sessions';
import { useState } from 'react';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { ReadingDetailsFrame } from '../reading/reading-details-frame';
import { ReadingFact } from '../reading/reading-fact';
import { canRateNow } from './history-row';
import { RateDialog, Stars } from './rating-parts';

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
          <ReadingFact label="Refund">
            {session.refundedCents > 0 ? formatCents(session.refundedCents) : '—'}
          </ReadingFact>
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
          <blockquote className="mt-4 border-l-2 border-gold/60 pl-3 text-sm italic text-muted-foreground [overflow-wrap:anywhere]">
            {session.review}
          </blockquote>
        ) : null}
      </CardContent>
      <RateDialog session={isRating ? session : null} onClose={() => setIsRating(false)} />
    </Card>
  );
}

/** A past reading: who, when, what it cost, its receipt minute by minute and, for a chat, what was said. */
export function SessionDetailsPage({ sessionId }: { sessionId: string }) {
  return (
    <ReadingDetailsFrame
      sessionId={sessionId}
      viewer="client"
      backLabel="Back to Session History"
      summary={(session) => <Summary session={session} />}
    />
  );
}
