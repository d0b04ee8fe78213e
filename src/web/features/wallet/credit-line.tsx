import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { nextExpiryLabel } from './promo-view';
import { walletCreditQuery } from './promotions-api';

/**
 * The client's promotional credit, apart from the cash balance above it (decision 066), with the part
 * that expires first; nothing at all without credit.
 */
export function CreditLine() {
  const { data } = useQuery(walletCreditQuery);
  if (!data?.creditCents) return null;
  const { creditCents, nextCreditExpiry } = data;
  return (
    <div className="grid gap-0.5 text-sm text-muted-foreground" data-testid="wallet-credit">
      <p className="flex items-center gap-1.5">
        <Gift className="size-4 shrink-0 text-pink" aria-hidden="true" />
        Promotional credit
      </p>
      <p>
        <span className="text-base font-semibold text-foreground tabular-nums" data-testid="wallet-credit-amount">
          {formatCents(creditCents)}
        </span>
        {nextCreditExpiry ? (
          <>
            {' '}
            {/* Wraps as one piece: a date is never split across lines. */}
            <span className="whitespace-nowrap">
              · <time dateTime={nextCreditExpiry.expiresAt}>{nextExpiryLabel(creditCents, nextCreditExpiry)}</time>
            </span>
          </>
        ) : null}
      </p>
      <p className="text-xs">Spent before your balance; never refunded to a card or paid out.</p>
    </div>
  );
}
