import { sessionsApi } from '@shared/api/sessions';
import { DISPLAYED_SPECIALTIES, FEATURED_READERS_LIMIT } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { FeaturedReader } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { OnlineDot, PersonAvatar } from '@/components/person-avatar';
import { ReaderRating } from '@/components/reader-rating';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { callApi } from '@/lib/api-client';
import { paths, sessionRequestPath } from '@/lib/paths';

const featuredReadersQuery = {
  queryKey: ['home', 'featured-readers'],
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const { readers } = await callApi(
      sessionsApi.availableReaders,
      { query: { limit: FEATURED_READERS_LIMIT, featured: 'true' } },
      { signal },
    );
    return readers;
  },
};

function ReaderSkeleton() {
  return (
    <Card className="h-full" data-testid="featured-reader-skeleton">
      <CardContent className="grid gap-4 pt-6">
        <div className="flex items-center gap-4">
          <Skeleton className="size-16 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-16" />
        <Skeleton className="h-10 rounded-full" />
      </CardContent>
    </Card>
  );
}

function FeaturedReaderCard({ reader, connectHref }: { reader: FeaturedReader; connectHref: string }) {
  return (
    <Card className="flex h-full flex-col" data-testid="featured-reader">
      <CardContent className="flex flex-1 flex-col gap-4 pt-6">
        <div className="flex items-center gap-4">
          <div className="relative">
            <PersonAvatar name={reader.fullName} imageUrl={reader.avatarUrl} className="size-16 text-xl" />
            <OnlineDot isOnline={reader.isOnline} />
          </div>
          <div>
            <h3 className="text-lg font-semibold">{reader.fullName}</h3>
            <p className="text-sm">
              <ReaderRating rating={reader.rating} totalReviews={reader.totalReviews} showReviewCount />
            </p>
          </div>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
          {reader.specialties.slice(0, DISPLAYED_SPECIALTIES).map((specialty) => (
            <li key={specialty}>
              <Badge variant="pink">{specialty}</Badge>
            </li>
          ))}
        </ul>
        <p className="line-clamp-3 text-sm text-muted-foreground">{reader.bio}</p>
        <p className="mt-auto text-lg font-semibold text-gold">
          {formatCents(reader.ratePerMinuteCents)}
          <span className="text-sm font-normal text-muted-foreground">/min</span>
        </p>
      </CardContent>
      <CardFooter>
        <Button asChild className="w-full">
          <Link to={connectHref} aria-label={`Connect Now with ${reader.fullName}`}>
            Connect Now
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * 'Meet Our Gifted Readers': up to three readers, online first. Connect Now leads a visitor to
 * sign up and a signed-in user to a chat reading with that reader. A failed load leaves it empty.
 */
export function FeaturedReaders({ isSignedIn }: { isSignedIn: boolean }) {
  const readers = useQuery(featuredReadersQuery);
  return (
    <section aria-labelledby="featured-readers-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h2 id="featured-readers-title" className="font-script text-5xl text-pink">
          Meet Our Gifted Readers
        </h2>
        <p className="mt-3 text-muted-foreground">
          Verified guides, ready when you are. See each rate before you begin.
        </p>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {readers.isPending
          ? Array.from({ length: FEATURED_READERS_LIMIT }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
              <li key={index} aria-hidden="true">
                <ReaderSkeleton />
              </li>
            ))
          : (readers.data ?? []).map((reader) => (
              <li key={reader.id}>
                <FeaturedReaderCard
                  reader={reader}
                  connectHref={isSignedIn ? sessionRequestPath(reader.id, 'chat') : paths.signup}
                />
              </li>
            ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button variant="outline" size="lg" asChild>
          <Link to={paths.readers}>View All Readers</Link>
        </Button>
      </div>
    </section>
  );
}
