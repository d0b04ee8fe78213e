import { formatCount } from '@shared/count-format';
import {
  type AdminAnalytics,
  type AnalyticsDay,
  REVENUE_SOURCE_LABELS,
  type RevenueBySource,
  type TopReader,
} from '@shared/admin';
import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { nameInitials } from '@/lib/initials';
import { adminAnalyticsQuery } from './admin-api';
import { formatDay, formatLongDay } from './analytics-format';

const DailyBarChart = lazy(() => import('./analytics-charts').then((module) => ({ default: module.DailyBarChart })));

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const formatAxisDollars = (cents: number) => wholeDollars.format(cents / 100);

type Series = 'revenueCents' | 'completedSessions';
/** The lowest top of each axis: $4 of revenue, 4 readings. */
const MIN_AXIS_TOP: Record<Series, number> = { revenueCents: 400, completedSessions: 4 };

/** What a chart shows, in words: for screen readers, and for anyone before the chart has loaded. */
function describeSeries(days: AnalyticsDay[], series: Series, formatValue: (value: number) => string): string {
  const total = days.reduce((sum, day) => sum + day[series], 0);
  const best = days.reduce<AnalyticsDay | undefined>(
    (top, day) => (day[series] > (top?.[series] ?? 0) ? day : top),
    undefined,
  );
  const first = days[0];
  const last = days.at(-1);
  const range = first && last ? `from ${formatLongDay(first.date)} to ${formatLongDay(last.date)}` : '';
  return `${formatValue(total)} in total ${range}${best ? `; the highest day was ${formatLongDay(best.date)} with ${formatValue(best[series])}` : '; none on any day'}.`;
}

function ChartCard({
  title,
  description,
  days,
  series,
  color,
  formatValue,
  formatTick,
}: {
  title: string;
  description: string;
  days: AnalyticsDay[];
  series: Series;
  color: string;
  formatValue: (value: number) => string;
  formatTick?: (value: number) => string;
}) {
  const titleId = useId();
  const summaryId = useId();
  const total = days.reduce((sum, day) => sum + day[series], 0);
  return (
    <Card aria-labelledby={titleId} role="region" data-testid={`analytics-${series}`}>
      <CardHeader className="gap-1.5">
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
        <p className="text-2xl font-semibold tabular-nums">{formatValue(total)}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p id={summaryId} className="sr-only">
          {describeSeries(days, series, formatValue)}
        </p>
        <div role="img" aria-labelledby={`${titleId} ${summaryId}`} className="min-w-0">
          <Suspense fallback={<Skeleton className="h-[220px]" />}>
            <DailyBarChart
              days={days}
              series={series}
              color={color}
              formatValue={formatValue}
              formatTick={formatTick}
              minTop={MIN_AXIS_TOP[series]}
            />
          </Suspense>
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Figures per day</summary>
          <div className="mt-2 max-h-64 overflow-y-auto">
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="text-xs text-muted-foreground">
                  <th scope="col" className="py-1 font-normal">
                    Day (UTC)
                  </th>
                  <th scope="col" className="py-1 text-right font-normal">
                    {series === 'revenueCents' ? 'Revenue' : 'Completed readings'}
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date} className="border-t border-border">
                    <th scope="row" className="py-1 font-normal">
                      {formatDay(day.date)}
                    </th>
                    <td className="py-1 text-right">{formatValue(day[series])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

/** The window's revenue line by line, each source the platform earns from, and their total. */
function RevenueBySourceCard({ lines }: { lines: RevenueBySource[] }) {
  const titleId = useId();
  const total = lines.reduce((sum, line) => sum + line.revenueCents, 0);
  // "Other" (an operator's adjustment) is a line only when there is one; the named sources always are.
  const shown = lines.filter((line) => line.source !== 'other' || line.revenueCents !== 0);
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="analytics-revenue-by-source">
      <CardHeader className="gap-1.5">
        <CardTitle id={titleId}>Revenue by Source</CardTitle>
        <CardDescription>
          The platform's revenue in the last 30 days, net of refunds, by where it came from.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">Revenue by Source</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((line) => (
              <tr key={line.source} className="border-b border-border" data-testid="revenue-source">
                <th scope="row" className="py-2 pr-3 font-normal">
                  {REVENUE_SOURCE_LABELS[line.source]}
                </th>
                <td className="py-2 text-right">{formatCents(line.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="revenue-source-total">
              <th scope="row" className="pt-3 pr-3 font-semibold">
                Total
              </th>
              <td className="pt-3 text-right font-semibold text-gold">{formatCents(total)}</td>
            </tr>
          </tfoot>
        </table>
      </CardContent>
    </Card>
  );
}

function TopReaderRow({ reader, rank }: { reader: TopReader; rank: number }) {
  return (
    <li className="flex items-center gap-3 py-3" data-testid="top-reader">
      <span className="w-6 shrink-0 text-right text-sm text-muted-foreground tabular-nums">{rank}.</span>
      <Avatar>
        {reader.profileImage ? <AvatarImage src={reader.profileImage} alt="" /> : null}
        <AvatarFallback>{nameInitials(reader.fullName)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="font-semibold [overflow-wrap:anywhere]">{reader.fullName}</p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">@{reader.username}</p>
      </div>
      <div className="shrink-0 text-right">
        <p className="font-semibold text-gold tabular-nums">{formatCents(reader.earningsCents)}</p>
        <p className="text-sm text-muted-foreground tabular-nums">
          {reader.completedSessions} {reader.completedSessions === 1 ? 'reading' : 'readings'}
        </p>
      </div>
    </li>
  );
}

function TopReaders({ readers }: { readers: TopReader[] }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="gap-1.5">
        <CardTitle id={titleId}>Top Readers</CardTitle>
        <CardDescription>
          By earnings (their share, net of refunds) from readings completed in the last 30 days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {readers.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No completed readings in the last 30 days.</p>
        ) : (
          <ol className="divide-y divide-border" aria-labelledby={titleId}>
            {readers.map((reader, index) => (
              <TopReaderRow key={reader.id} reader={reader} rank={index + 1} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function Figures({ analytics }: { analytics: AdminAnalytics }) {
  const first = analytics.days[0];
  const last = analytics.days.at(-1);
  return (
    // Not stretched: opening one card's figures leaves the other card as it is.
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      {first && last ? (
        <p className="text-sm text-muted-foreground lg:col-span-2">
          The last 30 days, {formatDay(first.date)} to {formatDay(last.date)} (UTC days, today included).
        </p>
      ) : null}
      <ChartCard
        title="Revenue per Day"
        description="The platform's revenue each UTC day from every source (readings, booked readings and fees, written readings, gifts and stream joins, shop), net of refunds."
        days={analytics.days}
        series="revenueCents"
        color="var(--gold)"
        formatValue={formatCents}
        formatTick={formatAxisDollars}
      />
      <ChartCard
        title="Sessions per Day"
        description="Readings completed each UTC day."
        days={analytics.days}
        series="completedSessions"
        color="var(--pink)"
        formatValue={formatCount}
      />
      <RevenueBySourceCard lines={analytics.revenueBySource} />
      <TopReaders readers={analytics.topReaders} />
    </div>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Analytics" className="grid gap-4">
      {children}
    </section>
  );
}

/** The platform over the last 30 UTC days (today included): revenue and completed readings per day, revenue by source, and the top readers. */
export function AnalyticsTab() {
  const query = useQuery(adminAnalyticsQuery);
  if (query.isPending) {
    return (
      <Section>
        <ListSkeleton label="Loading analytics" rowClassName="h-72" />
      </Section>
    );
  }
  if (query.isError) {
    return (
      <Section>
        <LoadFailed query={query} />
      </Section>
    );
  }
  return (
    <Section>
      <Figures analytics={query.data} />
    </Section>
  );
}
