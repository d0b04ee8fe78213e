import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * An admin queue on its tab (reported content, reader applications): its title, then loading,
 * failed, empty or the items, which `children` draws from the loaded data.
 */
export function QueueCard<T>({
  icon: Icon,
  title,
  description,
  query,
  noun,
  emptyMessage,
  isEmpty,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  query: UseQueryResult<T>;
  /** What the queue holds, plural ('reports'): the loading and failure messages name it. */
  noun: string;
  emptyMessage: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId} className="flex items-center gap-2">
            <Icon className="size-5 text-pink" aria-hidden="true" />
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          {query.isPending ? (
            <ListSkeleton label={`Loading ${noun}`} rowClassName="h-32" />
          ) : query.isError ? (
            <LoadFailed query={query} message={`We could not load the ${noun}.`} />
          ) : isEmpty(query.data) ? (
            <p className="py-8 text-center text-muted-foreground">{emptyMessage}</p>
          ) : (
            children(query.data)
          )}
        </CardContent>
      </Card>
    </section>
  );
}
