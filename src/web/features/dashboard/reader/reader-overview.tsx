import type { Reader } from '@shared/readers';
import { ReaderRatesCard } from './reader-rates-card';

/** The reader dashboard's Overview: the per-minute rates and their 'Update Your Rates' dialog. */
export function ReaderOverview({ reader }: { reader: Reader }) {
  return (
    <section aria-label="Overview" className="mt-8 grid gap-6">
      <ReaderRatesCard reader={reader} />
    </section>
  );
}
