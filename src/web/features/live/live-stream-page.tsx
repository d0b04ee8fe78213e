import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadFailed } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useProfile } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { streamQuery } from './api';
import { StreamNotFound } from './stream-notices';
import { StreamRoom } from './stream-room';

function StreamSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6" role="status" aria-label="Loading stream">
      <div className="flex items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-7 w-2/3" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    </div>
  );
}

/** /live/:id, open to visitors: they see what is on and are asked to sign in to watch and chat. */
export function LiveStreamPage() {
  const { id = '' } = useParams();
  const stream = useQuery(streamQuery(id));
  const profile = useProfile();
  usePageMeta({
    title: stream.data ? stream.data.title : 'Live Stream',
    description: stream.data
      ? `${stream.data.reader.fullName} live on Soul Tribe: ${stream.data.category}.`
      : 'Watch a Soul Tribe reader live, with chat and gifts.',
  });

  if (stream.error instanceof ApiError && stream.error.status === 404) return <StreamNotFound />;
  if (stream.isError && !stream.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <LoadFailed query={stream} message="Failed to load live stream." />
      </div>
    );
  }
  if (!stream.data || profile.isPending) return <StreamSkeleton />;
  // A new stream (or a new user) starts a new room: no chat or state carries over.
  return (
    <StreamRoom
      key={`${stream.data.id}:${profile.data?.id ?? 'visitor'}`}
      stream={stream.data}
      me={profile.data ?? null}
    />
  );
}
