import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { readerReviewsQuery } from './api';
import { ReviewList } from './review-list';
import { ReviewSummary } from './review-summary';

/** What clients said after their readings: the summary over all of them, then ten at a time, newest first. */
export function ReviewsSection({ readerId }: { readerId: string }) {
  const titleId = useId();
  const query = useInfiniteQuery(readerReviewsQuery(readerId));
  const first = query.data?.pages[0];
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <h2 id={titleId} className="text-lg leading-tight font-semibold">
            Reviews
          </h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          {query.isPending ? (
            <ListSkeleton label="Loading reviews" rowClassName="h-16" />
          ) : query.isError && !first ? (
            <LoadFailed query={query} message="We could not load the reviews." />
          ) : !first || first.total === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No reviews yet</p>
          ) : (
            <>
              <ReviewSummary average={first.average} total={first.total} distribution={first.distribution} />
              <ReviewList reviews={reviews} />
              {query.isFetchNextPageError ? (
                <p role="alert" className="text-center text-sm text-destructive">
                  We could not load more reviews. {query.error?.message}
                </p>
              ) : null}
              {query.hasNextPage ? (
                <Button
                  variant="outline"
                  className="justify-self-center"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? 'Loading…' : 'Load more reviews'}
                </Button>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
