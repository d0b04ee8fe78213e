import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { cn } from '@/lib/cn';
import { rateOfKind, READING_KINDS } from '@/lib/reading-kinds';

/** The reader's three per-minute rates side by side, as the card and the profile show them. */
export function ReaderRates({ reader, className }: { reader: Reader; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-3 gap-2 rounded-xl bg-muted/50 p-3 text-center', className)} aria-label="Rates">
      {READING_KINDS.map(({ type, rateLabel }) => (
        <div key={type}>
          <dt className="text-xs text-muted-foreground">{rateLabel}</dt>
          <dd className="font-semibold text-gold">{formatCents(rateOfKind(reader, type))}/min</dd>
        </div>
      ))}
    </dl>
  );
}
