import { formatCount } from '@shared/count-format';
import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '@/components/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRating } from './format-rating';
import { readerStatsQuery } from './reader-api';

/** Earnings, readings and rating of the last 7 of the reader's days, today included. */
export function WeeklyPerformanceCard() {
  const query = useQuery(readerStatsQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>This Week</CardTitle>
        <CardDescription>Your last 7 days, today included. Only completed readings count.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-16" role="status" aria-label="Loading this week" />
        ) : query.isError ? (
          <LoadFailed query={query} />
        ) : (
          <dl className="grid grid-cols-3 gap-3">
            {[
              {
                label: 'Earnings',
                value: formatCents(query.data.lastSevenDays.earningsCents),
                testId: 'week-earnings',
              },
              {
                label: 'Sessions',
                value: formatCount(query.data.lastSevenDays.sessions),
                testId: 'week-sessions',
              },
              {
                label: 'Avg rating',
                value: formatRating(query.data.lastSevenDays.averageRating),
                testId: 'week-rating',
              },
            ].map(({ label, value, testId }) => (
              <div key={label} className="min-w-0 rounded-xl border border-border bg-muted/40 p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums sm:text-xl" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
