import type { Profile } from '@shared/auth';
import { formatCents } from '@shared/money';
import { readerPresence } from '@shared/readers';
import { SPENDING_SOURCE_LABELS, SPENDING_SOURCES, type SpentBySource } from '@shared/spending';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Heart, Sparkles, Wallet } from 'lucide-react';
import { LoadFailed } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { favoritesDashboardQuery } from '@/features/favorites';
import { walletCreditQuery } from '@/features/wallet';
import { plural, StatCard } from '../stat-card';
import { clientSummaryQuery } from './history-api';

const iconClass = 'size-4 text-gold';

/** What the total is made of, one line per kind (shared/spending.ts), folded away: the card stays one figure tall. */
function SpentBreakdown({ bySource }: { bySource: SpentBySource }) {
  return (
    <details className="text-xs" data-testid="overview-spent-breakdown">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">By kind</summary>
      <dl className="mt-1 grid" aria-label="Spent by kind">
        {SPENDING_SOURCES.map((source) => (
          <div key={source} className="flex justify-between gap-2 border-b border-border/60 py-1 last:border-b-0">
            <dt className="text-muted-foreground">{SPENDING_SOURCE_LABELS[source]}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`overview-spent-${source}`}>
              {formatCents(bySource[source])}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

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
  if (query.isError) return <LoadFailed query={query} className="col-span-2" />;
  const summary = query.data;
  return (
    <>
      <StatCard
        title="Total Spent"
        icon={<Sparkles className={iconClass} aria-hidden="true" />}
        value={formatCents(summary.totalSpentCents)}
        detail="Readings, questions, gifts and orders, less refunds"
        testId="overview-total-spent"
      >
        <SpentBreakdown bySource={summary.spentBySource} />
      </StatCard>
      <StatCard
        title="This Month"
        icon={<CalendarDays className={iconClass} aria-hidden="true" />}
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

function FavoritesCard() {
  const query = useQuery(favoritesDashboardQuery);
  if (query.isPending) return <Skeleton className="h-28" role="status" aria-label="Loading favorite readers" />;
  if (query.isError) return <LoadFailed query={query} className="col-span-2 lg:col-span-1" />;
  const { readers } = query.data;
  const onlineCount = readers.filter((reader) => readerPresence(reader) === 'online').length;
  return (
    <StatCard
      title="Favorite Readers"
      icon={<Heart className={iconClass} aria-hidden="true" />}
      value={readers.length}
      detail={readers.length === 0 ? 'Heart readers in the directory' : `${onlineCount} online now`}
      testId="overview-favorite-readers"
    />
  );
}

/** The client's figures at a glance, above every tab; what counts as spent is the server's (shared/spending.ts). */
export function ClientStatCards({ profile }: { profile: Profile }) {
  // Promotional credit is not cash (decision 066): said beside the balance, not added to it.
  const creditCents = useQuery(walletCreditQuery).data?.creditCents;
  return (
    <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 print:hidden">
      <StatCard
        title="Wallet Balance"
        icon={<Wallet className={iconClass} aria-hidden="true" />}
        value={formatCents(profile.walletBalanceCents)}
        detail={creditCents ? `+ ${formatCents(creditCents)} promotional credit` : 'Available for readings'}
        testId="overview-wallet-balance"
      />
      <SpendingCards />
      <FavoritesCard />
    </div>
  );
}
