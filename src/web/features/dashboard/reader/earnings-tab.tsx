import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LoadFailed } from '@/components/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PayoutAccountCard, PayoutsCard } from '@/features/wallet';
import { readerEarningsQuery } from './reader-api';

// The chart library comes with this tab, not with the rest of the dashboard.
const EarningsChart = lazy(() => import('./earnings-chart'));

const chartSkeleton = <Skeleton className="h-64" role="status" aria-label="Loading the chart" />;

function EarningsFigures() {
  const query = useQuery(readerEarningsQuery);
  if (query.isPending) {
    return (
      <div className="grid gap-6" role="status" aria-label="Loading your earnings">
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[1, 2, 3, 4].map((key) => (
            <Skeleton key={key} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-80" />
      </div>
    );
  }
  if (query.isError) return <LoadFailed query={query} />;
  const earnings = query.data;
  const periods = [
    { label: 'Today', cents: earnings.todayCents, testId: 'earnings-today' },
    { label: 'Last 7 days', cents: earnings.lastSevenDaysCents, testId: 'earnings-7-days' },
    { label: 'Last 30 days', cents: earnings.lastThirtyDaysCents, testId: 'earnings-30-days' },
    { label: 'All time', cents: earnings.allTimeCents, testId: 'earnings-all-time' },
  ];
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {periods.map(({ label, cents, testId }) => (
          // Each card is the <dl>'s group itself: a group may hold only <dt> and <dd>.
          <Card key={label} className="grid gap-1 p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold text-gold tabular-nums sm:text-2xl" data-testid={testId}>
              {formatCents(cents)}
            </dd>
          </Card>
        ))}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>Daily Earnings</CardTitle>
          <CardDescription>Your last 30 days ({earnings.timeZone} time). A reading counts on the day it ended.</CardDescription>
        </CardHeader>
        <CardContent>
          <Suspense fallback={chartSkeleton}>
            <EarningsChart daily={earnings.daily} />
          </Suspense>
        </CardContent>
      </Card>
    </div>
  );
}

/** What the reader earned over four periods, day by day for a month, and their payouts. */
export function ReaderEarningsTab() {
  return (
    <div className="grid gap-6">
      <EarningsFigures />
      <PayoutAccountCard />
      <PayoutsCard />
    </div>
  );
}
