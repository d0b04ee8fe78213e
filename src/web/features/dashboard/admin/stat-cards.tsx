import { formatCount } from '@shared/count-format';
import type { AdminStats } from '@shared/admin';
import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/list-states';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { adminStatsQuery } from './admin-api';

const percent = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero', maximumFractionDigits: 1 });

/** The server's week-over-week change; '—' when the week before had nothing to compare with. */
function Growth({ pct, of }: { pct: number | null; of: string }) {
  return (
    <p className="text-xs text-muted-foreground">
      <span
        className={cn('font-semibold tabular-nums', pct === null ? '' : pct < 0 ? 'text-destructive' : 'text-gold')}
      >
        {pct === null ? '—' : `${percent.format(pct)}%`}
      </span>{' '}
      {of} vs last week
    </p>
  );
}

function StatCard({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card data-testid="admin-stat">
      <CardContent className="grid gap-1 p-4 sm:p-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-3xl">{value}</p>
        {children}
      </CardContent>
    </Card>
  );
}

function Cards({ stats }: { stats: AdminStats }) {
  const { growth } = stats;
  return (
    <>
      <StatCard label="Total Users" value={formatCount(stats.totalUsers)}>
        <Growth pct={growth.usersWeekOverWeekPct} of="sign-ups" />
      </StatCard>
      <StatCard label="Total Readers" value={formatCount(stats.totalReaders)} />
      <StatCard label="Total Revenue" value={formatCents(stats.totalRevenueCents)}>
        <p className="text-xs text-muted-foreground">
          Today{' '}
          <span className="font-semibold text-foreground tabular-nums">{formatCents(stats.todayRevenueCents)}</span>
        </p>
        <Growth pct={growth.revenueWeekOverWeekPct} of="revenue" />
        {stats.promotionalCreditSpentCents > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="marketing-cost">
            Promotional credit spent{' '}
            <span className="font-semibold text-foreground tabular-nums">
              {formatCents(stats.promotionalCreditSpentCents)}
            </span>{' '}
            (marketing cost) · net{' '}
            <span className="font-semibold text-foreground tabular-nums">
              {formatCents(stats.totalRevenueCents - stats.promotionalCreditSpentCents)}
            </span>
          </p>
        ) : null}
      </StatCard>
      <StatCard label="Active Sessions" value={formatCount(stats.activeSessions)}>
        <Growth pct={growth.sessionsWeekOverWeekPct} of="completed readings" />
      </StatCard>
    </>
  );
}

/** The platform at a glance, above the admin's tabs. */
export function AdminStatCards() {
  const query = useQuery(adminStatsQuery);
  if (query.isError) {
    return (
      <div className="mt-8">
        <LoadFailed query={query} />
      </div>
    );
  }
  return (
    <section aria-label="Platform statistics" className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {query.isPending ? (
        <>
          <span className="sr-only" role="status">
            Loading statistics
          </span>
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </>
      ) : (
        <Cards stats={query.data} />
      )}
    </section>
  );
}
