import type { LiveStream } from '@shared/live';
import { formatCents } from '@shared/money';
import { CalendarClock, Clock, Eye, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { liveStreamPath } from '@/lib/paths';
import { ReminderButton } from './reminder-button';
import { countOf, formatLiveDuration, formatScheduledFor } from './stream-time';

export const priceLabel = (priceCents: number) => (priceCents === 0 ? 'Free' : formatCents(priceCents));

function Fact({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <li className="flex min-w-0 items-center gap-1.5" data-testid={testId}>
      <span className="shrink-0 text-gold [&_svg]:size-4">{icon}</span>
      <span className="truncate">{children}</span>
    </li>
  );
}

/** One stream of the /live list: who, what, and for a live one how many watch and since when. */
export function StreamCard({ stream, now }: { stream: LiveStream; now: Date }) {
  const isLive = stream.status === 'live';
  return (
    <Card className="flex h-full flex-col" data-testid="stream-card" aria-labelledby={`stream-${stream.id}`}>
      <CardContent className="flex flex-1 flex-col gap-4 pt-6">
        <div className="flex items-center gap-3">
          <PersonAvatar
            name={stream.reader.fullName}
            imageUrl={stream.reader.profileImage}
            className="size-12 shrink-0"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{stream.reader.fullName}</p>
            <Badge variant="pink" className="mt-1">
              {stream.category}
            </Badge>
          </div>
          {isLive ? (
            <Badge variant="destructive" className="shrink-0 self-start">
              <span className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" aria-hidden="true" />
              LIVE
            </Badge>
          ) : null}
        </div>
        <div className="grid gap-1">
          <h2 id={`stream-${stream.id}`} className="text-lg font-semibold leading-snug [overflow-wrap:anywhere]">
            {stream.title}
          </h2>
          {stream.description ? (
            <p className="line-clamp-2 text-sm text-muted-foreground">{stream.description}</p>
          ) : null}
        </div>
        <ul className="mt-auto grid grid-cols-2 gap-2 text-sm">
          {isLive ? (
            <>
              <Fact icon={<Eye />} testId="stream-viewers">
                {countOf(stream.viewerCount, 'viewer')}
              </Fact>
              <Fact icon={<Clock />}>
                {stream.startedAt ? formatLiveDuration(stream.startedAt, now) : 'Just started'}
              </Fact>
            </>
          ) : (
            <>
              <Fact icon={<CalendarClock />}>
                {stream.scheduledFor ? formatScheduledFor(stream.scheduledFor) : 'Soon'}
              </Fact>
              <Fact icon={<Clock />}>{stream.expectedMinutes ? `${stream.expectedMinutes} min` : 'Open-ended'}</Fact>
              <Fact icon={<Users />} testId="stream-subscribers">
                {countOf(stream.reminderCount, 'subscriber')}
              </Fact>
            </>
          )}
          <Fact icon={<Ticket />}>{priceLabel(stream.priceCents)}</Fact>
        </ul>
      </CardContent>
      <CardFooter>
        {isLive ? (
          <Button asChild className="w-full">
            <Link to={liveStreamPath(stream.id)}>Join Live Session</Link>
          </Button>
        ) : (
          <ReminderButton stream={stream} />
        )}
      </CardFooter>
    </Card>
  );
}
