import type { LiveStream } from '@shared/live';
import { LIVE_CATEGORIES, type LiveCategory } from '@shared/live-rules';
import { LIVE_PAGE } from '@shared/public-pages';
import { SERVER_EVENTS } from '@shared/realtime-events';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/list-states';
import { PageHeading } from '@/components/page-heading';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { useServerEvent } from '@/lib/server-events';
import { useSocketConnected } from '@/lib/socket';
import { useNow } from '@/lib/use-now';
import { type ListedStatus, liveKeys, streamListQuery } from './api';
import { StreamCard } from './stream-card';

const { title: TITLE, description: DESCRIPTION } = LIVE_PAGE;
/** No socket event covers every stream at once, so viewer counts are fetched again this often. */
const LIST_REFRESH_MS = 15_000;
const EMPTY_TEXT: Record<ListedStatus, string> = {
  live: 'No live streams in this category',
  scheduled: 'No scheduled streams',
};

const isCategory = (value: string | null): value is LiveCategory =>
  LIVE_CATEGORIES.some((category) => category === value);

/** The tab and the category live in the URL, so a filtered list can be shared and survives a reload. */
function useListFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status: ListedStatus = searchParams.get('tab') === 'scheduled' ? 'scheduled' : 'live';
  const rawCategory = searchParams.get('category');
  const category = isCategory(rawCategory) ? rawCategory : null;
  const setFilter = (next: { status: ListedStatus; category: LiveCategory | null }) =>
    setSearchParams(
      { ...(next.status === 'scheduled' && { tab: 'scheduled' }), ...(next.category && { category: next.category }) },
      { replace: true, flushSync: true },
    );
  return { status, category, setFilter };
}

/** A signed-in page hears a stream's viewer count when the server sends it, and refetches on reconnect. */
function useLiveCounts() {
  const queryClient = useQueryClient();
  useSocketConnected(() => void queryClient.invalidateQueries({ queryKey: liveKeys.lists }));
  useServerEvent(SERVER_EVENTS.streamViewers, ({ streamId, count }) =>
    queryClient.setQueriesData<{ streams: LiveStream[] }>(
      { queryKey: liveKeys.lists },
      (current) =>
        current && {
          streams: current.streams.map((stream) =>
            stream.id === streamId ? { ...stream, viewerCount: count } : stream,
          ),
        },
    ),
  );
  useServerEvent(SERVER_EVENTS.notification, ({ kind }) => {
    if (kind === 'stream_live') void queryClient.invalidateQueries({ queryKey: liveKeys.lists });
  });
}

function LoadingCards() {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading streams">
      {[0, 1, 2].map((key) => (
        <li key={key}>
          <Card>
            <CardContent className="grid gap-4 pt-6">
              <div className="flex items-center gap-3">
                <Skeleton className="size-12 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-1/3" />
                </div>
              </div>
              <Skeleton className="h-12" />
              <Skeleton className="h-10" />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function LivePage() {
  usePageMeta({ title: TITLE, description: DESCRIPTION });
  const { status, category, setFilter } = useListFilter();
  useLiveCounts();
  const streams = useQuery({
    ...streamListQuery(status, category),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
  });
  const now = new Date(useNow(status === 'live', 30_000));
  const shown = streams.data?.streams ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeading title={TITLE} description={DESCRIPTION} />
      {/* The chips and the list are the active tab's panel, so each tab controls an element that exists. */}
      <Tabs
        value={status}
        onValueChange={(value) => setFilter({ status: value === 'scheduled' ? 'scheduled' : 'live', category })}
      >
        <div className="mb-4 flex justify-center">
          <TabsList aria-label="Streams">
            <TabsTrigger value="live">Live Now</TabsTrigger>
            <TabsTrigger value="scheduled">Scheduled</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value={status} className="mt-0">
          <div className="mb-6 flex flex-col items-center gap-4">
            <fieldset className="flex max-w-full flex-wrap justify-center gap-2">
              <legend className="sr-only">Categories</legend>
              {[null, ...LIVE_CATEGORIES].map((chip) => {
                const isActive = chip === category;
                return (
                  <button
                    key={chip ?? 'all'}
                    type="button"
                    aria-pressed={isActive}
                    onClick={() => setFilter({ status, category: chip })}
                    className={cn(
                      'cursor-pointer rounded-full border px-3 py-1 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      isActive
                        ? 'border-pink bg-pink/15 text-pink'
                        : 'border-border text-muted-foreground hover:border-pink/60 hover:text-foreground',
                    )}
                  >
                    {chip ?? 'All'}
                  </button>
                );
              })}
            </fieldset>
          </div>

          {streams.isPending || (streams.isPlaceholderData && shown.length === 0) ? (
            <LoadingCards />
          ) : streams.isError && !streams.data ? (
            <LoadFailed query={streams} message="We could not load the streams." />
          ) : shown.length === 0 ? (
            <p className="py-16 text-center text-lg text-muted-foreground">{EMPTY_TEXT[status]}</p>
          ) : (
            <ul
              className="grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 aria-busy:opacity-60"
              aria-label={status === 'live' ? 'Live streams' : 'Scheduled streams'}
              aria-busy={streams.isPlaceholderData}
            >
              {shown.map((stream) => (
                <li key={stream.id}>
                  <StreamCard stream={stream} now={now} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
