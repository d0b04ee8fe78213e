import { formatCents } from '@shared/money';
import { readerPresence } from '@shared/readers';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { PersonAvatar } from '@/components/person-avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { favoritesDashboardQuery } from '@/features/favorites';
import { paths, sessionDetailsPath, sessionRequestPath } from '@/lib/paths';
import { formatDateTime, SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { plural } from '../stat-card';
import { clientHistoryQuery } from './history-api';
import { sessionDate } from './history-row';

const RECENT_COUNT = 3;

function RecentReadings() {
  const query = useQuery(clientHistoryQuery(0));
  if (query.isPending) return <ListSkeleton label="Loading recent readings" rowClassName="h-14" />;
  if (query.isError) return <LoadFailed query={query} />;
  const recent = query.data.sessions.slice(0, RECENT_COUNT);
  if (recent.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 py-6 text-center">
        <p className="text-muted-foreground">No sessions yet</p>
        <Button asChild>
          <Link to={paths.readers}>Book Your First Reading</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Recent readings">
      {recent.map((session) => (
        <li key={session.id}>
          <Link to={sessionDetailsPath(session.id)} className="flex items-center gap-3 py-3 hover:text-pink">
            <PersonAvatar name={session.reader.name} imageUrl={session.reader.avatarUrl} className="size-10" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold [overflow-wrap:anywhere]">
                {SESSION_TYPE_LABELS[session.sessionType]} reading with {session.reader.name}
              </span>
              <span className="block text-sm text-muted-foreground">
                {formatDateTime(sessionDate(session))} · {plural(session.minutesCharged, 'min')}
              </span>
            </span>
            <span className="shrink-0 text-right font-semibold tabular-nums">
              {formatCents(session.totalCostCents - session.refundedCents)}
              {session.refundedCents > 0 ? <span className="block text-xs font-normal text-gold">Refunded</span> : null}
            </span>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OnlineFavorites() {
  const query = useQuery(favoritesDashboardQuery);
  if (query.isPending) return <ListSkeleton label="Loading favorite readers" rowClassName="h-14" />;
  if (query.isError) return <LoadFailed query={query} />;
  const online = query.data.readers.filter((reader) => readerPresence(reader) === 'online');
  if (online.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 py-6 text-center">
        <p className="text-muted-foreground">None of your readers is online right now.</p>
        <Button asChild variant="outline">
          <Link to={paths.readers}>Find Readers</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Favorite readers online">
      {online.map((reader) => (
        <li key={reader.id} className="flex items-center gap-3 py-3">
          <PersonAvatar name={reader.fullName} imageUrl={reader.profileImage} className="size-10" />
          <span className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">{reader.fullName}</span>
          <Button asChild size="sm">
            <Link to={sessionRequestPath(reader.id, 'chat')} aria-label={`Chat with ${reader.fullName}`}>
              Chat
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Where the client left off: the latest readings (to their receipts) and who is there to read now. */
export function OverviewTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Recent Readings</CardTitle>
          <CardDescription>
            Your latest readings.{' '}
            <Link to={paths.dashboardSessions} className="font-semibold text-pink underline underline-offset-4">
              See all
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RecentReadings />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your Readers Online</CardTitle>
          <CardDescription>Favorite readers free for a reading now.</CardDescription>
        </CardHeader>
        <CardContent>
          <OnlineFavorites />
        </CardContent>
      </Card>
    </div>
  );
}
