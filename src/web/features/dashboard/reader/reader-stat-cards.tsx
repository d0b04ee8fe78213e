import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Sparkles, Star, Wallet } from 'lucide-react';
import { LoadFailed } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { plural, StatCard } from '../stat-card';
import { formatRating } from './format-rating';
import { readerStatsQuery } from './reader-api';
import { RequestPayoutButton } from './request-payout-button';

const iconClass = 'size-4 text-gold';

/** The four cards above the tabs: today, all time, rating and what the reader may withdraw. */
export function ReaderStatCards() {
  const query = useQuery(readerStatsQuery);
  if (query.isPending) {
    return (
      <div
        className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 print:hidden"
        role="status"
        aria-label="Loading your figures"
      >
        {[1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-32" />
        ))}
      </div>
    );
  }
  if (query.isError) return <LoadFailed query={query} className="mt-8" />;
  const { today, allTime, availableCents, heldCents } = query.data;
  return (
    <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 print:hidden">
      <StatCard
        title="Today's Earnings"
        icon={<CalendarDays className={iconClass} aria-hidden="true" />}
        value={formatCents(today.earningsCents)}
        detail={`${plural(today.sessions, 'session')} today`}
        testId="stat-today-earnings"
      />
      <StatCard
        title="Total Earnings"
        icon={<Sparkles className={iconClass} aria-hidden="true" />}
        value={formatCents(allTime.earningsCents)}
        detail={plural(allTime.sessions, 'session')}
        testId="stat-total-earnings"
      />
      <StatCard
        title="Average Rating"
        icon={<Star className={iconClass} aria-hidden="true" />}
        value={formatRating(allTime.averageRating)}
        detail={allTime.reviewCount === 0 ? 'No reviews yet' : plural(allTime.reviewCount, 'review')}
        testId="stat-average-rating"
      />
      <StatCard
        title="Wallet Balance"
        icon={<Wallet className={iconClass} aria-hidden="true" />}
        value={formatCents(availableCents)}
        detail={
          heldCents > 0
            ? `Available for withdrawal · ${formatCents(heldCents)} held in open readings`
            : 'Available for withdrawal'
        }
        testId="stat-available"
      >
        <RequestPayoutButton availableCents={availableCents} />
      </StatCard>
    </div>
  );
}
