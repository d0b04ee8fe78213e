import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { readersQuery, useLiveReaderStatus } from './api';
import { ALL_SPECIALTIES, type DirectoryFilter, filterReaders, SORTS, type SortKey, specialtiesOf } from './directory-filter';
import { ReaderCard } from './reader-card';

const selectClassName =
  'h-10 w-full rounded-lg border border-input bg-background/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

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

export function ReadersPage() {
  const readers = useQuery(readersQuery);
  useLiveReaderStatus();
  const [filter, setFilter] = useState<DirectoryFilter>({ search: '', specialty: ALL_SPECIALTIES, sort: 'rating', isOnlineOnly: false });
  const specialties = useMemo(() => specialtiesOf(readers.data ?? []), [readers.data]);
  const shown = useMemo(() => filterReaders(readers.data ?? [], filter), [readers.data, filter]);
  const update = (change: Partial<DirectoryFilter>) => setFilter((current) => ({ ...current, ...change }));

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeading
        title="Our Gifted Readers"
        description="Browse verified psychics, tarot readers and mediums, compare their per-minute rates and connect with the one who speaks to you."
      />
      <search className="mb-8 grid gap-4 rounded-2xl border border-border bg-card/80 p-4 backdrop-blur md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
        <div className="grid gap-2">
          <Label htmlFor="reader-search">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="reader-search"
              type="search"
              className="pl-9"
              placeholder="Search by name, specialty or keyword"
              value={filter.search}
              onChange={(event) => update({ search: event.target.value })}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reader-specialty">Specialty</Label>
          <select id="reader-specialty" className={selectClassName} value={filter.specialty} onChange={(event) => update({ specialty: event.target.value })}>
            <option value={ALL_SPECIALTIES}>All Specialties</option>
            {specialties.map((specialty) => (
              <option key={specialty} value={specialty}>
                {specialty}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reader-sort">Sort by</Label>
          <select id="reader-sort" className={selectClassName} value={filter.sort} onChange={(event) => update({ sort: event.target.value as SortKey })}>
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
        <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={filter.isOnlineOnly}
            onChange={(event) => update({ isOnlineOnly: event.target.checked })}
          />
          Online Only
        </label>
      </search>

      {readers.isPending ? (
        <LoadingCards />
      ) : readers.isError ? (
        <Alert variant="destructive">We could not load the readers. Please try again.</Alert>
      ) : shown.length === 0 ? (
        <p className="py-16 text-center text-lg text-muted-foreground">No readers found</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Readers">
          {shown.map((reader) => (
            <li key={reader.id}>
              <ReaderCard reader={reader} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
