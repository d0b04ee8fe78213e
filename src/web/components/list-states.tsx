import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** Loading, failed, empty and paged states shared by the dashboards' lists. */
export function ListSkeleton({ label, rowClassName = 'h-20' }: { label: string; rowClassName?: string }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      {[1, 2, 3].map((row) => (
        <Skeleton key={row} className={rowClassName} />
      ))}
    </div>
  );
}

/** A failed load, with the server's reason and a Retry; the dashboards' wording by default. */
export function LoadFailed({
  query,
  message = 'Failed to load dashboard data.',
  className,
}: {
  query: Pick<UseQueryResult, 'error' | 'isFetching' | 'refetch'>;
  message?: string;
  className?: string;
}) {
  return (
    <Alert
      variant="destructive"
      className={cn('flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      <span>
        {message} {query.error?.message}
      </span>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
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
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0 || isFetching}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!hasMore || isFetching}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

/** A page of rows (or what to say when there are none) above the Previous / Next pager. */
export function PagedList<T>({
  label,
  items,
  renderItem,
  empty,
  isPlaceholderData,
  ...pager
}: {
  label: string;
  items: T[];
  renderItem: (item: T) => ReactNode;
  empty: string;
  isPlaceholderData: boolean;
  offset: number;
  pageSize: number;
  hasMore: boolean;
  onOffsetChange: (offset: number) => void;
}) {
  return (
    <>
      {items.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={label} aria-busy={isPlaceholderData}>
          {items.map(renderItem)}
        </ul>
      )}
      <Pager label={label} shownCount={items.length} isFetching={isPlaceholderData} {...pager} />
    </>
  );
}
