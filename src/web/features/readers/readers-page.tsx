import { formatCount } from '@shared/count-format';
import { READERS_PAGE } from '@shared/public-pages';
import { DIRECTORY_SORTS } from '@shared/reader-directory';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/list-states';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useChangedBeforeHydration } from '@/lib/changed-before-hydration';
import { usePageMeta } from '@/lib/page-meta';
import { useSocket } from '@/lib/socket';
import { directoryQuery, specialtiesQuery, useLiveReaderStatus } from './api';
import {
  DEFAULT_FILTER,
  type DirectoryFilter,
  filterFromSearchParams,
  hasFilters,
  SORT_LABELS,
  searchParamsFromFilter,
} from './directory-filter';
import { directoryReaders } from './directory-pages';
import { ReaderCard } from './reader-card';

const SEARCH_DEBOUNCE_MS = 300;
/** A visitor has no socket to hear status changes on, so the directory is fetched again this often. */
const VISITOR_REFRESH_MS = 30_000;
const { title: TITLE, description: DESCRIPTION } = READERS_PAGE;

function LoadingCards() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((key) => (
        <li key={key}>
          <Card>
            <CardContent className="grid gap-4 pt-6">
              <div className="flex items-center gap-4">
                <Skeleton className="size-16 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-1/2" />
                </div>
              </div>
              <Skeleton className="h-16" />
              <Skeleton className="h-12" />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * The filter lives in the URL: a filtered view can be shared, and survives a reload and Back. The
 * controls show the URL's filter, so it is written at once (flushSync) rather than in the router's
 * default transition, during which a ticked box or a chosen sort would snap back until it commits.
 */
function useDirectoryFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearchParams(searchParams), [searchParams]);
  const setFilter = (next: DirectoryFilter, options: { replace?: boolean } = {}) =>
    setSearchParams(searchParamsFromFilter(next), { ...options, flushSync: true });
  return { filter, setFilter };
}

/**
 * The search box's own text, written to the URL once typing pauses; the history entry is replaced,
 * not pushed, so Back leaves the directory instead of undoing one letter.
 */
function useDebouncedSearch(filter: DirectoryFilter, setFilter: ReturnType<typeof useDirectoryFilter>['setFilter']) {
  const [text, setText] = useState(filter.search);
  const latest = useRef({ filter, setFilter });
  latest.current = { filter, setFilter };
  useEffect(() => {
    if (text.trim() === latest.current.filter.search) return;
    const timer = setTimeout(
      () => latest.current.setFilter({ ...latest.current.filter, search: text }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text]);
  // Back, Forward or 'Clear filters' changed the URL: the box shows what the list is filtered by.
  useEffect(() => {
    setText((current) => (current.trim() === filter.search ? current : filter.search));
  }, [filter.search]);
  return [text, setText] as const;
}

/** Asks for the next page when the end of the list nears the screen (the button is the fallback). */
function useLoadOnScroll(onVisible: () => void, loadedPages: number) {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  // A callback ref: the end of the list appears only once the first page is there. It observes
  // afresh after each page (a new observer reports at once), in case the end is still in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadedPages is the reason to observe again
  return useCallback(
    (node: HTMLDivElement | null) => {
      if (!node) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) latest.current();
        },
        { rootMargin: '600px 0px' },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [loadedPages],
  );
}

export function ReadersPage() {
  usePageMeta({ title: TITLE, description: DESCRIPTION });
  const { filter, setFilter } = useDirectoryFilter();
  const [searchText, setSearchText] = useDebouncedSearch(filter, setFilter);
  const onlineOnly = useChangedBeforeHydration<HTMLInputElement>({ checked: filter.isOnlineOnly });
  const isSignedIn = useSocket() !== null;
  useLiveReaderStatus();
  const readers = useInfiniteQuery({
    ...directoryQuery(filter),
    placeholderData: keepPreviousData,
    refetchInterval: isSignedIn ? false : VISITOR_REFRESH_MS,
  });
  const specialties = useQuery(specialtiesQuery);
  const update = (change: Partial<DirectoryFilter>) => setFilter({ ...filter, search: searchText, ...change });
  const clearFilters = () => {
    setSearchText('');
    setFilter(DEFAULT_FILTER);
  };
  const loadMore = () => {
    if (readers.hasNextPage && !readers.isFetchingNextPage && !readers.isFetchNextPageError)
      void readers.fetchNextPage();
  };
  const sentinel = useLoadOnScroll(loadMore, readers.data?.pages.length ?? 0);

  const { readers: shown, hasRepeats } = useMemo(() => directoryReaders(readers.data?.pages ?? []), [readers.data]);
  const { isFetching, refetch } = readers;
  useEffect(() => {
    if (hasRepeats && !isFetching) void refetch();
  }, [hasRepeats, isFetching, refetch]);
  const total = readers.data?.pages.at(-1)?.total ?? 0;
  // A specialty from a shared link shows even before (or without) the list of all of them.
  const specialtyOptions = useMemo(() => {
    const offered = specialties.data ?? [];
    return filter.specialty && !offered.includes(filter.specialty) ? [filter.specialty, ...offered] : offered;
  }, [specialties.data, filter.specialty]);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeading title={TITLE} description={DESCRIPTION} />
      <search className="mb-6 grid gap-4 rounded-2xl border border-border bg-card/80 p-4 backdrop-blur md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
        <div className="grid gap-2">
          <Label htmlFor="reader-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="reader-search"
              type="search"
              className="pl-9"
              placeholder="Name, specialty or keyword"
              maxLength={100}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reader-specialty">Specialty</Label>
          <NativeSelect
            id="reader-specialty"
            value={filter.specialty}
            onChange={(event) => update({ specialty: event.target.value })}
          >
            <option value="">All Specialties</option>
            {specialtyOptions.map((specialty) => (
              <option key={specialty} value={specialty}>
                {specialty}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reader-sort">Sort by</Label>
          <NativeSelect
            id="reader-sort"
            value={filter.sort}
            onChange={(event) =>
              update({ sort: DIRECTORY_SORTS.find((sort) => sort === event.target.value) ?? filter.sort })
            }
          >
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-semibold">
          <input
            ref={onlineOnly}
            type="checkbox"
            className="size-4 accent-primary"
            checked={filter.isOnlineOnly}
            onChange={(event) => update({ isOnlineOnly: event.target.checked })}
          />
          Online Only
        </label>
      </search>

      {readers.isPending || (readers.isPlaceholderData && shown.length === 0) ? (
        <LoadingCards />
      ) : readers.isError && !readers.data ? (
        <LoadFailed query={readers} message="We could not load the readers." />
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <p className="text-lg text-muted-foreground">No readers found</p>
          {hasFilters(filter) ? (
            <Button variant="outline" onClick={clearFilters}>
              Clear filters
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <p
            className="mb-4 text-sm text-muted-foreground tabular-nums"
            aria-live="polite"
            data-testid="directory-count"
          >
            Showing {formatCount(shown.length)} of {formatCount(total)} {total === 1 ? 'reader' : 'readers'}
          </p>
          {/* grid-cols-1 (minmax(0, 1fr)): a card with a long, truncated name must not widen the column past a phone. */}
          <ul
            className="grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 aria-busy:opacity-60"
            aria-label="Readers"
            aria-busy={readers.isPlaceholderData}
          >
            {shown.map((reader) => (
              <li key={reader.id}>
                <ReaderCard reader={reader} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="mt-8 flex flex-col items-center gap-4">
            {readers.isFetchNextPageError ? (
              <LoadFailed
                className="w-full"
                query={{ error: readers.error, isFetching: readers.isFetching, refetch: () => readers.fetchNextPage() }}
                message="We could not load more readers."
              />
            ) : null}
            {readers.hasNextPage ? (
              <Button
                variant="outline"
                disabled={readers.isFetchingNextPage}
                onClick={() => void readers.fetchNextPage()}
              >
                {readers.isFetchingNextPage ? 'Loading more readers…' : 'Load more readers'}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
