import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { nameInitials } from '@/lib/initials';
import { formatRelativeDate } from '@/lib/relative-date';
import { adminReadersQuery } from './admin-api';
import { CreateReaderDialog } from './create-reader-dialog';

const RATES = [
  { key: 'chatRateCents', label: 'Chat' },
  { key: 'audioRateCents', label: 'Audio' },
  { key: 'videoRateCents', label: 'Video' },
] as const;

function Rating({ reader }: { reader: Reader }) {
  if (reader.totalReviews === 0) return <span className="text-muted-foreground">New</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="size-3.5 fill-gold text-gold" aria-hidden="true" />
      <span className="text-gold">{reader.rating.toFixed(1)}</span>
      <span className="text-muted-foreground">({reader.totalReviews})</span>
    </span>
  );
}

function ReaderRow({ reader }: { reader: Reader }) {
  return (
    <li className="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-6" data-testid="admin-reader">
      <div className="flex min-w-0 items-start gap-3">
        <Avatar>
          {reader.profileImage ? <AvatarImage src={reader.profileImage} alt="" /> : null}
          <AvatarFallback>{nameInitials(reader.fullName)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold [overflow-wrap:anywhere]">{reader.fullName}</span>
            <Badge variant={reader.isOnline ? 'pink' : 'outline'}>{reader.isOnline ? 'Online' : 'Offline'}</Badge>
          </p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            @{reader.username}
            {reader.email ? ` · ${reader.email}` : null}
          </p>
          <p className="text-xs text-muted-foreground">
            Joined{' '}
            <time dateTime={reader.createdAt} title={new Date(reader.createdAt).toLocaleString()}>
              {formatRelativeDate(reader.createdAt).toLowerCase()}
            </time>
          </p>
        </div>
      </div>
      {/* Fixed columns from md up, so figures line up from one reader to the next. */}
      <dl className="grid grid-cols-3 gap-x-4 gap-y-2 text-sm md:grid-cols-[repeat(3,5.5rem)_6.5rem_4rem] md:gap-x-4">
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
      </dl>
    </li>
  );
}

function ReaderList() {
  const query = useQuery(adminReadersQuery);
  if (query.isPending) return <ListSkeleton label="Loading readers" />;
  if (query.isError) return <LoadFailed query={query} />;
  const { readers } = query.data;
  if (readers.length === 0) return <p className="py-8 text-center text-muted-foreground">No readers yet. Create the first one.</p>;
  return (
    <ul className="divide-y divide-border" aria-label="Readers">
      {readers.map((reader) => (
        <ReaderRow key={reader.id} reader={reader} />
      ))}
    </ul>
  );
}

/** The admin's readers: every account, newest first, and the way to create one. */
export function ReadersTab() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={titleId}>Readers</CardTitle>
            <CardDescription>Newest first, with their live status, per-minute rates, rating and completed sessions.</CardDescription>
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
