import { DISPLAYED_SPECIALTIES, SESSION_TYPES } from '@shared/constants';
import type { FavoriteReader } from '@shared/favorites';
import { type ReaderPresence, readerPresence } from '@shared/readers';
import { useQuery } from '@tanstack/react-query';
import { MessageCircle, Phone, Video } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FavoriteButton, favoritesDashboardQuery } from '@/features/favorites';
import { cn } from '@/lib/cn';
import { paths, sessionRequestPath } from '@/lib/paths';
import { SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { plural } from '../stat-card';

const PRESENCE = {
  online: {
    label: 'Online',
    className: 'border-emerald-500/50 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  },
  busy: { label: 'Busy', className: 'border-gold/50 bg-gold/10 text-gold' },
  offline: { label: 'Offline', className: 'border-border text-muted-foreground' },
} satisfies Record<ReaderPresence, { label: string; className: string }>;

const TYPE_ICONS = { chat: MessageCircle, audio: Phone, video: Video } as const;

function FavoriteReaderCard({ reader }: { reader: FavoriteReader }) {
  const presence = readerPresence(reader);
  const titleId = useId();
  return (
    <li>
      <Card className="flex h-full flex-col" data-testid="favorite-reader" aria-labelledby={titleId}>
        <CardContent className="flex flex-1 flex-col gap-4 pt-6">
          <div className="flex items-start gap-3">
            <PersonAvatar name={reader.fullName} imageUrl={reader.profileImage} className="size-14 text-lg" />
            <div className="min-w-0 flex-1">
              <h3 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
                {reader.fullName}
              </h3>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">@{reader.username}</p>
              <Badge
                variant="outline"
                className={cn('mt-1', PRESENCE[presence].className)}
                data-testid="reader-presence"
              >
                {PRESENCE[presence].label}
              </Badge>
            </div>
            <FavoriteButton reader={reader} className="-mt-2 -mr-2" />
          </div>
          <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
            {reader.specialties.slice(0, DISPLAYED_SPECIALTIES).map((specialty) => (
              <li key={specialty}>
                <Badge variant="pink">{specialty}</Badge>
              </li>
            ))}
          </ul>
          <p className="mt-auto text-xs text-muted-foreground">
            {reader.completedSessionsWithYou > 0
              ? `${plural(reader.completedSessionsWithYou, 'reading')} together`
              : 'No readings together yet'}
          </p>
          {presence === 'online' ? (
            <div className="grid grid-cols-3 gap-2">
              {SESSION_TYPES.map((type) => {
                const Icon = TYPE_ICONS[type];
                return (
                  <Button
                    key={type}
                    asChild
                    size="sm"
                    variant={type === 'chat' ? 'default' : 'outline'}
                    className="px-2"
                  >
                    <Link
                      to={sessionRequestPath(reader.id, type)}
                      aria-label={`${SESSION_TYPE_LABELS[type]} reading with ${reader.fullName}`}
                    >
                      <Icon aria-hidden="true" />
                      {SESSION_TYPE_LABELS[type]}
                    </Link>
                  </Button>
                );
              })}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

function FavoritesList() {
  const query = useQuery(favoritesDashboardQuery);
  if (query.isPending) return <ListSkeleton label="Loading favorite readers" rowClassName="h-48" />;
  if (query.isError) return <LoadFailed query={query} />;
  const { readers } = query.data;
  if (readers.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 py-8 text-center">
        <p className="text-muted-foreground">
          No favorite readers yet. Heart a reader in the directory, or have a reading, and they will appear here.
        </p>
        <Button asChild>
          <Link to={paths.readers}>Find Readers</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Favorite readers">
      {readers.map((reader) => (
        <FavoriteReaderCard key={reader.id} reader={reader} />
      ))}
    </ul>
  );
}

/** The readers the client comes back to: the ones they read with most and the ones they hearted. */
export function FavoritesTab() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Favorite Readers</CardTitle>
          <CardDescription>
            Your most frequent readers and the ones you hearted. Start a reading while they are online.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FavoritesList />
        </CardContent>
      </Card>
    </section>
  );
}
