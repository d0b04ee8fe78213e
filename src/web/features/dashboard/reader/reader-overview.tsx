import type { Reader } from '@shared/readers';
import { ReaderRatesCard } from './reader-rates-card';
import { WeeklyPerformanceCard } from './weekly-performance-card';

/** The reader dashboard's Overview: the per-minute rates with their 'Update Your Rates' dialog, and the week. */
export function ReaderOverview({ reader }: { reader: Reader }) {
  return (
    <section aria-label="Overview" className="grid gap-6 lg:grid-cols-2">
      <ReaderRatesCard reader={reader} />
      <WeeklyPerformanceCard />
    </section>
  );
}
