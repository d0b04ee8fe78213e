import { formatCents } from '@shared/money';
import type { ChargedMinute, ChatMessage, ReadingSession } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { paths } from '@/lib/paths';
import { sessionDetailsQuery } from './history-api';
import { canRateNow } from './history-row';
import { RateDialog, Stars } from './rating-parts';
import { formatDateTime, SESSION_TYPE_LABELS } from './session-labels';
import { plural } from '../stat-card';

const formatTime = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular-nums [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

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
          <Fact label="Reader">{session.reader.name}</Fact>
          <Fact label="Type">{SESSION_TYPE_LABELS[session.sessionType]}</Fact>
          <Fact label="Rate">{formatCents(session.ratePerMinuteCents)}/min</Fact>
          <Fact label="Started">{session.startedAt ? formatDateTime(session.startedAt) : '—'}</Fact>
          <Fact label="Ended">{session.endedAt ? formatDateTime(session.endedAt) : '—'}</Fact>
          <Fact label="Minutes">{session.minutesCharged}</Fact>
          <Fact label="Cost">
            <span data-testid="session-details-cost">{formatCents(session.totalCostCents)}</span>
          </Fact>
          <Fact label="Refund">{session.refundedCents > 0 ? formatCents(session.refundedCents) : '—'}</Fact>
          <Fact label="Rating">
            {session.rating !== null ? (
              <Stars rating={session.rating} />
            ) : canRateNow(session) ? (
              <Button size="sm" variant="outline" onClick={() => setIsRating(true)}>
                Rate this reading
              </Button>
            ) : (
              'Not rated'
            )}
          </Fact>
        </dl>
        {session.review ? (
          <blockquote className="mt-4 border-l-2 border-gold/60 pl-3 text-sm italic text-muted-foreground [overflow-wrap:anywhere]">{session.review}</blockquote>
        ) : null}
      </CardContent>
      <RateDialog session={isRating ? session : null} onClose={() => setIsRating(false)} />
    </Card>
  );
}

function Charges({ charges, totalCostCents }: { charges: ChargedMinute[]; totalCostCents: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Charged Minutes</CardTitle>
        <CardDescription>Each minute is charged at its start.</CardDescription>
      </CardHeader>
      <CardContent>
        {charges.length === 0 ? (
          <p className="text-muted-foreground">No minute was charged.</p>
        ) : (
          <>
            <ol className="divide-y divide-border" aria-label="Charged minutes">
              {charges.map((charge) => (
                <li key={charge.minute} className="flex items-center gap-3 py-2 text-sm" data-testid="charged-minute">
                  <span className="w-20 shrink-0 font-semibold">Minute {charge.minute}</span>
                  <time dateTime={charge.chargedAt} className="flex-1 text-muted-foreground">
                    {formatTime(charge.chargedAt)}
                  </time>
                  {charge.refundedCents > 0 ? <Badge variant="gold">Refunded</Badge> : null}
                  <span className="shrink-0 tabular-nums">{formatCents(charge.amountCents)}</span>
                </li>
              ))}
            </ol>
            <p className="mt-2 flex justify-between border-t border-border pt-3 font-semibold">
              <span>Total · {plural(charges.length, 'minute')}</span>
              <span className="tabular-nums">{formatCents(totalCostCents)}</span>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Messages({ messages, clientId }: { messages: ChatMessage[]; clientId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Messages</CardTitle>
      </CardHeader>
      <CardContent>
        {messages.length === 0 ? (
          <p className="text-muted-foreground">No messages in this reading.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Chat messages">
            {messages.map((message) => {
              const isMine = message.senderId === clientId;
              return (
                <li key={message.id} className={isMine ? 'justify-self-end text-right' : 'justify-self-start'} data-testid="chat-message">
                  <p className="text-xs text-muted-foreground">
                    {message.senderName} · <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                  </p>
                  <p className={`mt-1 max-w-prose rounded-2xl px-3 py-2 text-left whitespace-pre-wrap [overflow-wrap:anywhere] ${isMine ? 'bg-primary/20' : 'bg-muted'}`}>
                    {message.content}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** A past reading's receipt: who, when, what it cost, each charged minute and, for a chat, what was said. */
export function SessionDetailsPage({ sessionId }: { sessionId: string }) {
  const query = useQuery(sessionDetailsQuery(sessionId));
  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" className="justify-self-start">
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
            <Charges charges={query.data.charges} totalCostCents={query.data.session.totalCostCents} />
            {query.data.session.sessionType === 'chat' ? <Messages messages={query.data.messages} clientId={query.data.session.clientId} /> : null}
          </div>
        </>
      )}
    </div>
  );
}
