import type { Profile } from '@shared/auth';
import { readerPresence } from '@shared/readers';
import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Heart, Sparkles, Wallet } from 'lucide-react';
import { LoadFailed } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { favoritesDashboardQuery } from '@/features/favorites';
import { clientSummaryQuery } from './history-api';
import { plural, StatCard } from '../stat-card';

const iconClass = 'size-4 text-gold';

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
        detail={plural(summary.completedSessions, 'session')}
        testId="overview-total-spent"
      />
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

/** The client's figures at a glance, above every tab; spending counts completed readings only (the server's rule). */
export function ClientStatCards({ profile }: { profile: Profile }) {
  return (
    <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 print:hidden">
      <StatCard
        title="Wallet Balance"
        icon={<Wallet className={iconClass} aria-hidden="true" />}
        value={formatCents(profile.walletBalanceCents)}
        detail="Available for readings"
        testId="overview-wallet-balance"
      />
      <SpendingCards />
      <FavoritesCard />
    </div>
  );
}
