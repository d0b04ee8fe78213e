import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      {[1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-20" />
      ))}
    </div>
  );
}

/** The one wording every admin panel uses for a failed load, with the server's reason and a Retry. */
export function LoadFailed({ query }: { query: Pick<UseQueryResult, 'error' | 'isFetching' | 'refetch'> }) {
  return (
    <Alert variant="destructive" className="flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
      <span>Failed to load dashboard data. {query.error?.message}</span>
      <Button variant="outline" size="sm" className="shrink-0" disabled={query.isFetching} onClick={() => void query.refetch()}>
        <RefreshCw aria-hidden="true" />
        {query.isFetching ? 'Retrying…' : 'Retry'}
      </Button>
    </Alert>
  );
}

/** Previous / Next over offset pages; the server's hasMore says whether a next page exists. */
export function Pager({
  label,
  offset,
  pageSize,
  shownCount,
  hasMore,
  isFetching,
  onOffsetChange,
}: {
  label: string;
  offset: number;
  pageSize: number;
  shownCount: number;
  hasMore: boolean;
  isFetching: boolean;
  onOffsetChange: (offset: number) => void;
}) {
  if (offset === 0 && !hasMore) return null;
  const range = shownCount === 0 ? 'None' : `${offset + 1}–${offset + shownCount}`;
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-between gap-3 border-t border-border pt-4">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {isFetching ? 'Loading…' : `Showing ${range}`}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0 || isFetching} onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasMore || isFetching} onClick={() => onOffsetChange(offset + pageSize)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

export const selectClassName =
  'h-10 w-full rounded-lg border border-input bg-background/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';
