import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** SPEC.md §8: floats over the reading while the balance is below twice the rate. */
export function LowBalanceBanner({ addFunds }: { addFunds: ReactNode }) {
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-30 mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border border-destructive/60 bg-popover/95 p-4 shadow-2xl shadow-destructive/20 backdrop-blur sm:flex-row sm:justify-between"
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        Low balance! Please add funds to continue.
      </p>
      {addFunds}
    </div>
  );
}
