import { formatCents } from '@shared/money';
import { Landmark, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** What a figure of the header is: a client's spendable wallet, or a reader's earnings they can withdraw. */
export interface HeaderFigure {
  kind: 'wallet' | 'withdrawable';
  label: string;
  cents: number;
  to: string;
}

/** A wallet, or the bank a withdrawal goes to. */
export function FigureIcon({ kind }: { kind: HeaderFigure['kind'] }) {
  const Icon = kind === 'withdrawable' ? Landmark : Wallet;
  return <Icon className="size-4" aria-hidden="true" />;
}

/**
 * One money figure of the header; `isLabelled` writes what it is beside the amount (a reader's,
 * decision 057) where the header has room for it (xl), and its icon and tooltip say it below.
 */
export function WalletChip({
  figure,
  isLabelled,
  className,
}: {
  figure: HeaderFigure;
  isLabelled: boolean;
  className?: string;
}) {
  const amount = formatCents(figure.cents);
  return (
    <Link
      to={figure.to}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border border-gold/50 bg-gold/10 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-gold transition-colors hover:bg-gold/20',
        className,
      )}
      aria-label={`${figure.label} ${amount}`}
      title={figure.label}
      data-testid={figure.kind === 'wallet' ? 'wallet-chip' : 'withdrawable-chip'}
    >
      <FigureIcon kind={figure.kind} />
      {isLabelled ? (
        <span className="hidden text-xs font-normal text-muted-foreground xl:inline">
          {figure.kind === 'wallet' ? 'Wallet' : 'To withdraw'}
        </span>
      ) : null}
      {amount}
    </Link>
  );
}
