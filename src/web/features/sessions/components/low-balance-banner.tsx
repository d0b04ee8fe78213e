import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * SPEC.md §8: shown while the balance is below twice the rate. It floats under the site header as
 * the page scrolls, above the video rather than over the call controls.
 */
export function LowBalanceBanner({ addFunds }: { addFunds: ReactNode }) {
  return (
    <div
      role="alert"
      className="sticky top-20 z-30 flex flex-col items-center gap-3 rounded-2xl border border-destructive/60 bg-popover/95 p-3 shadow-xl shadow-destructive/20 sm:flex-row sm:justify-between sm:px-4"
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        Low balance! Please add funds to continue.
      </p>
      {addFunds}
    </div>
  );
}
