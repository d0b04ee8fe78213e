import type { LiveStream } from '@shared/live';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Radio } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { liveStreamPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { myStreamsQuery, useStreamAction } from './api';
import { GoLiveButton } from './go-live-dialog';
import { priceLabel } from './stream-card';
import { countOf, formatScheduledFor } from './stream-time';

function MyStreamRow({ stream }: { stream: LiveStream }) {
  const navigate = useNavigate();
  const start = useStreamAction('start');
  const cancel = useStreamAction('end');
  const isLive = stream.status === 'live';
  const isBusy = start.isPending || cancel.isPending;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="my-stream">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="[overflow-wrap:anywhere]">{stream.title}</span>
          {isLive ? <Badge variant="destructive">LIVE</Badge> : <Badge variant="secondary">Scheduled</Badge>}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span>{stream.category}</span>·<span>{priceLabel(stream.priceCents)}</span>·
          {isLive ? (
            <span>{countOf(stream.viewerCount, 'viewer')}</span>
          ) : (
            <span className="flex items-center gap-1">
              <CalendarClock className="size-3.5" aria-hidden="true" />
              {stream.scheduledFor ? formatScheduledFor(stream.scheduledFor) : 'Soon'}
              {stream.expectedMinutes ? ` · ${stream.expectedMinutes} min` : ''} ·{' '}
              {countOf(stream.reminderCount, 'subscriber')}
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {isLive ? (
          <Button asChild size="sm">
            <Link to={liveStreamPath(stream.id)}>Open Stream</Link>
          </Button>
        ) : (
          <>
            <Button
              size="sm"
              disabled={isBusy}
              onClick={() =>
                start.mutate(stream.id, {
                  onSuccess: () => void navigate(liveStreamPath(stream.id)),
                  onError: (error) => toast.error('Could not go live', { description: error.message }),
                })
              }
            >
              <Radio aria-hidden="true" />
              Go Live Now
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={isBusy}
              onClick={() =>
                cancel.mutate(stream.id, {
                  onSuccess: () => toast.success('Stream cancelled'),
                  onError: (error) => toast.error('Could not cancel the stream', { description: error.message }),
                })
              }
            >
              Cancel
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** The reader dashboard's Live tab: go live, and the streams that are live or announced. */
export function MyStreams() {
  const streams = useQuery(myStreamsQuery);
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>My streams</CardTitle>
          <CardDescription>Go live for your followers, or schedule a stream they can be reminded of.</CardDescription>
        </div>
        <GoLiveButton />
      </CardHeader>
      <CardContent>
        {streams.isPending ? (
          <ListSkeleton label="Loading your streams" rowClassName="h-16" />
        ) : streams.isError ? (
          <LoadFailed query={streams} message="We could not load your streams." />
        ) : streams.data.streams.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">
            No live or scheduled streams. Press Go Live to start one.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="My streams">
            {streams.data.streams.map((stream) => (
              <MyStreamRow key={stream.id} stream={stream} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
