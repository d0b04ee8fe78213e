import { formatCents } from '@shared/money';
import { TRANSACTION_KIND_LABELS, type WalletTransaction } from '@shared/wallet';

/** '+$25.00' for money in, '−$2.99' (a real minus sign) for money out. */
export function formatSignedCents(amountCents: number): string {
  return `${amountCents < 0 ? '\u2212' : '+'}${formatCents(Math.abs(amountCents))}`;
}

export function transactionTitle(transaction: WalletTransaction): string {
  return TRANSACTION_KIND_LABELS[transaction.kind];
}

/** Who the money went to or came from, in words. */
export function counterpartLabel({ counterpart }: WalletTransaction): string {
  switch (counterpart.type) {
    case 'session':
      return counterpart.name ? `Reading with ${counterpart.name}` : 'Reading session';
    case 'payment':
      return counterpart.name ?? 'Card payment';
    case 'payout':
      return 'Payout to your bank';
    case 'platform':
      return counterpart.name ?? 'Soul Tribe';
    default:
      return counterpart.name ?? 'Soul Tribe member';
  }
}
