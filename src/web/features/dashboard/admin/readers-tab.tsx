import type { AdminReader } from '@shared/admin';
import { formatCents } from '@shared/money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { ListSkeleton, LoadFailed, PagedList } from '@/components/list-states';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { nameInitials } from '@/lib/initials';
import { formatRelativeDate } from '@/lib/relative-date';
import { toast } from '@/lib/toast';
import { adminQueryKeys, adminReadersQuery, deactivateReader, reactivateReader } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { CreateReaderDialog } from './create-reader-dialog';
import { EditReaderDialog } from './edit-reader-dialog';

export const READERS_PAGE_SIZE = 20;

const RATES = [
  { key: 'chatRateCents', label: 'Chat' },
  { key: 'audioRateCents', label: 'Audio' },
  { key: 'videoRateCents', label: 'Video' },
] as const;

type ReaderAction = 'deactivate' | 'reactivate';

const ACTIONS = {
  deactivate: {
    call: deactivateReader,
    button: 'Deactivate',
    pending: 'Deactivating…',
    title: 'Deactivate this reader?',
    describe: (name: string) =>
      `${name} is signed out everywhere, goes offline, leaves the directory and cannot be booked or sign in until reactivated. A reading in progress ends now, billed up to this moment.`,
    done: (name: string) => `${name} deactivated`,
    failed: 'Failed to deactivate reader',
  },
  reactivate: {
    call: reactivateReader,
    button: 'Reactivate',
    pending: 'Reactivating…',
    title: 'Reactivate this reader?',
    describe: (name: string) => `${name} can sign in, is listed and can be booked again once they switch Online.`,
    done: (name: string) => `${name} reactivated`,
    failed: 'Failed to reactivate reader',
  },
} as const;

function useReaderAction(reader: AdminReader) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReaderAction) => ACTIONS[action].call(reader.id),
    onSuccess: (_result, action) => toast.success(ACTIONS[action].done(reader.fullName)),
    onError: (error, action) => toast.error(ACTIONS[action].failed, { description: error.message }),
    // Either way the list may be stale (another admin may have acted first); the same account shows
    // in Users, and an ended reading moves the totals.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}

function Rating({ reader }: { reader: AdminReader }) {
  if (reader.totalReviews === 0) return <span className="text-muted-foreground">New</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="size-3.5 fill-gold text-gold" aria-hidden="true" />
      <span className="text-gold">{reader.rating.toFixed(1)}</span>
      <span className="text-muted-foreground">({reader.totalReviews})</span>
    </span>
  );
}

function ReaderFigures({ reader }: { reader: AdminReader }) {
  return (
    // Fixed columns from lg up, so figures line up from one reader to the next.
    <dl className="grid grid-cols-3 gap-x-4 gap-y-2 text-sm lg:grid-cols-[repeat(3,5.5rem)_6.5rem_4rem_6.5rem]">
      {RATES.map(({ key, label }) => (
        <div key={key}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{formatCents(reader[key])}/min</dd>
        </div>
      ))}
      <div>
        <dt className="text-xs text-muted-foreground">Rating</dt>
        <dd>
          <Rating reader={reader} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Sessions</dt>
        <dd className="tabular-nums">{reader.totalSessions}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Earnings</dt>
        <dd className="font-semibold text-gold tabular-nums">{formatCents(reader.totalEarningsCents)}</dd>
      </div>
    </dl>
  );
}

function ReaderRow({ reader }: { reader: AdminReader }) {
  const mutation = useReaderAction(reader);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const action: ReaderAction = reader.deactivated ? 'reactivate' : 'deactivate';
  const { button, title, describe } = ACTIONS[action];

  return (
    <li
      className="grid gap-3 py-4 lg:grid-cols-[minmax(0,1fr)_auto_auto] lg:items-center lg:gap-6"
      data-testid="admin-reader"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Avatar>
          {reader.profileImage ? <AvatarImage src={reader.profileImage} alt="" /> : null}
          <AvatarFallback>{nameInitials(reader.fullName)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold [overflow-wrap:anywhere]">{reader.fullName}</span>
            <Badge variant={reader.isOnline ? 'pink' : 'outline'}>{reader.isOnline ? 'Online' : 'Offline'}</Badge>
            {reader.deactivated ? <Badge variant="destructive">Deactivated</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            @{reader.username} · {reader.email}
          </p>
          <p className="text-xs text-muted-foreground">
            Joined{' '}
            <time dateTime={reader.createdAt} title={new Date(reader.createdAt).toLocaleString()}>
              {formatRelativeDate(reader.createdAt).toLowerCase()}
            </time>
          </p>
        </div>
      </div>
      <ReaderFigures reader={reader} />
      <div className="flex gap-2 lg:flex-col">
        <Button
          variant="outline"
          size="sm"
          className="lg:w-28"
          aria-label={`Edit ${reader.fullName}`}
          onClick={() => setIsEditing(true)}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant={reader.deactivated ? 'gold' : 'outline'}
          size="sm"
          className="lg:w-28"
          disabled={mutation.isPending}
          aria-label={`${button} ${reader.fullName}`}
          onClick={() => setIsConfirming(true)}
        >
          {mutation.isPending ? ACTIONS[mutation.variables].pending : button}
        </Button>
      </div>
      <EditReaderDialog reader={reader} open={isEditing} onOpenChange={setIsEditing} />
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={title}
        description={describe(reader.fullName)}
        confirmLabel={button}
        isDestructive={action === 'deactivate'}
        onConfirm={() => mutation.mutate(action)}
      />
    </li>
  );
}

function ReaderList() {
  const [offset, setOffset] = useState(0);
  const query = useQuery({
    ...adminReadersQuery({ limit: READERS_PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <ListSkeleton label="Loading readers" />;
  if (query.isError) return <LoadFailed query={query} />;
  return (
    <PagedList
      label="Readers"
      items={query.data.readers}
      renderItem={(reader) => <ReaderRow key={reader.id} reader={reader} />}
      empty="No readers yet. Create the first one."
      isPlaceholderData={query.isPlaceholderData}
      offset={offset}
      pageSize={READERS_PAGE_SIZE}
      hasMore={query.data.hasMore}
      onOffsetChange={setOffset}
    />
  );
}

/** The admin's readers: every account, newest first, and the ways to create, edit and deactivate one. */
export function ReadersTab() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={titleId}>Readers</CardTitle>
            <CardDescription>
              Newest first, with their live status, per-minute rates, rating, completed sessions and earnings (their
              share, net of refunds).
            </CardDescription>
          </div>
          <CreateReaderDialog />
        </CardHeader>
        <CardContent>
          <ReaderList />
        </CardContent>
      </Card>
    </section>
  );
}
