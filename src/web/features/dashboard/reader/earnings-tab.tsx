import { formatCents } from '@shared/money';
import type { ReaderEarnings } from '@shared/reader-dashboard';
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
      <EarningsBySourceCard earnings={earnings} />
      <Card>
        <CardHeader>
          <CardTitle>Daily Earnings</CardTitle>
          <CardDescription>
            Your last 30 days ({earnings.timeZone} time). A reading counts on the day it ended.
          </CardDescription>
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

const SOURCES: { field: keyof ReaderEarnings['bySource']; label: string }[] = [
  { field: 'readingsCents', label: 'Readings' },
  { field: 'giftsCents', label: 'Gifts' },
  { field: 'streamAdmissionsCents', label: 'Paid stream admissions' },
  { field: 'shopSalesCents', label: 'Shop sales' },
  { field: 'writtenReadingsCents', label: 'Written readings' },
  { field: 'appointmentFeesCents', label: 'Appointment fees' },
];

/** The server's one breakdown of earnings (decision 040): the lines add up to All time, on every screen. */
function EarningsBySourceCard({ earnings }: { earnings: ReaderEarnings }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where your earnings come from</CardTitle>
        <CardDescription>All time, your share of each.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid max-w-lg text-sm" aria-label="Earnings by source">
          {SOURCES.map(({ field, label }) => (
            <div key={field} className="flex justify-between gap-4 border-b border-border/60 py-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-semibold tabular-nums" data-testid={`earnings-source-${field}`}>
                {formatCents(earnings.bySource[field])}
              </dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 py-2">
            <dt className="font-semibold">Total</dt>
            <dd className="font-semibold text-gold tabular-nums" data-testid="earnings-source-total">
              {formatCents(earnings.allTimeCents)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** What the reader earned over four periods, by source, day by day for a month, and their payouts. */
export function ReaderEarningsTab() {
  const earnings = useQuery(readerEarningsQuery);
  return (
    <div className="grid gap-6">
      <EarningsFigures />
      <PayoutAccountCard />
      <PayoutsCard earnedCents={earnings.data?.allTimeCents} />
    </div>
  );
}
