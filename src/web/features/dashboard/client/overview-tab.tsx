import type { Profile } from '@shared/auth';
import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Sparkles, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/list-states';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { clientSummaryQuery } from './history-api';

function StatCard({ title, icon, value, detail, testId }: { title: string; icon: ReactNode; value: ReactNode; detail: ReactNode; testId: string }) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex-row items-center justify-between gap-2 pb-0">
        <CardTitle className="text-sm font-semibold text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function SpendingCards() {
  const query = useQuery(clientSummaryQuery);
  if (query.isPending) {
    return (
      <>
        <Skeleton className="h-28" role="status" aria-label="Loading total spent" />
        <Skeleton className="h-28" role="status" aria-label="Loading this month" />
      </>
    );
  }
  if (query.isError) return <LoadFailed query={query} className="sm:col-span-2" />;
  const summary = query.data;
  return (
    <>
      <StatCard
        title="Total Spent"
        icon={<Sparkles className="size-4 text-gold" aria-hidden="true" />}
        value={formatCents(summary.totalSpentCents)}
        detail={plural(summary.completedSessions, 'session')}
        testId="overview-total-spent"
      />
      <StatCard
        title="This Month"
        icon={<CalendarDays className="size-4 text-gold" aria-hidden="true" />}
        value={formatCents(summary.monthSpentCents)}
        detail={
          summary.monthAverageMinutes === null
            ? 'No readings yet this month'
            : `${plural(summary.monthSessions, 'session')} · avg ${plural(summary.monthAverageMinutes, 'minute')}`
        }
        testId="overview-month-spent"
      />
    </>
  );
}

/** The client's figures at a glance; spending comes from the server, which counts completed readings only. */
export function OverviewTab({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        title="Wallet Balance"
        icon={<Wallet className="size-4 text-gold" aria-hidden="true" />}
        value={formatCents(profile.walletBalanceCents)}
        detail="Available for readings"
        testId="overview-wallet-balance"
      />
      <SpendingCards />
    </div>
  );
}
