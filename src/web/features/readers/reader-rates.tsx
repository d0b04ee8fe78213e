import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { cn } from '@/lib/cn';
import { offeredReadingKinds, rateOfKind } from '@/lib/reading-kinds';

const COLUMNS = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3'];

/** The per-minute rates of the kinds the reader offers side by side, as the card and the profile show them. */
export function ReaderRates({ reader, className }: { reader: Reader; className?: string }) {
  const kinds = offeredReadingKinds(reader);
  return (
    <dl
      className={cn('grid gap-2 rounded-xl bg-muted/50 p-3 text-center', COLUMNS[kinds.length], className)}
      aria-label="Rates"
    >
      {kinds.map(({ type, rateLabel }) => (
        <div key={type}>
          <dt className="text-xs text-muted-foreground">{rateLabel}</dt>
          <dd className="font-semibold text-gold">{formatCents(rateOfKind(reader, type))}/min</dd>
        </div>
      ))}
    </dl>
  );
}
