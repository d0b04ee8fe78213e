import type { Reader } from '@shared/readers';
import { SERVER_EVENTS } from '@shared/realtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { Link } from 'react-router';
import { badgeVariants } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { readingPath } from '@/lib/paths';
import { useServerEvent } from '@/lib/server-events';
import { useSocketEvent } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { liveSessionQuery, myReaderQuery, updateMyReader } from './reader-api';

/** The Online/Offline switch (the source of the online dot everywhere) and the 'In Session' badge. */
export function ReaderAvailability({ reader }: { reader: Reader }) {
  const queryClient = useQueryClient();
  const liveSession = useQuery(liveSessionQuery(reader.id));
  const refreshLiveSession = () => queryClient.invalidateQueries({ queryKey: liveSessionQuery(reader.id).queryKey });
  useSocketEvent(SERVER_EVENTS.sessionStarted, refreshLiveSession);
  useSocketEvent(SERVER_EVENTS.sessionEnded, refreshLiveSession);
  // The server turns a reader offline a minute after their last page closed (a sleeping laptop
  // too): the switch follows, and after a reconnect it asks again in case the event was missed.
  useServerEvent(SERVER_EVENTS.readerStatus, ({ readerId, isOnline }) => {
    if (readerId === reader.id)
      queryClient.setQueryData<Reader>(myReaderQuery.queryKey, (current) => current && { ...current, isOnline });
  });
  useSocketEvent('connect', () => {
    void queryClient.invalidateQueries({ queryKey: myReaderQuery.queryKey });
  });

  const status = useMutation({
    mutationFn: (isOnline: boolean) => updateMyReader({ isOnline }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Reader>(myReaderQuery.queryKey, updated);
      toast.success(updated.isOnline ? 'You are now online' : 'You are now offline');
    },
    onError: () => toast.error('Failed to update status'),
  });
  const isOnline = status.isPending && status.variables !== undefined ? status.variables : reader.isOnline;

  return (
    <div className="flex flex-wrap items-center gap-3">
      {liveSession.data ? (
        <Link
          to={readingPath(liveSession.data.id)}
          className={cn(badgeVariants({ variant: 'pink' }), 'py-1.5 text-sm')}
        >
          <Radio className="size-4 motion-safe:animate-pulse" aria-hidden="true" />
          In Session
        </Link>
      ) : null}
      <div className="flex items-center gap-3 rounded-full border border-border bg-card/80 px-4 py-2">
        <Switch
          id="reader-online"
          checked={isOnline}
          onCheckedChange={(next) => status.mutate(next)}
          disabled={status.isPending}
        />
        <Label
          htmlFor="reader-online"
          className={isOnline ? 'text-emerald-600 dark:text-emerald-400' : 'text-muted-foreground'}
        >
          {isOnline ? 'Online' : 'Offline'}
        </Label>
      </div>
    </div>
  );
}
