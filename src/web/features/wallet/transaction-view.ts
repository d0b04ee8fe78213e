import type { SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import { TRANSACTION_KIND_LABELS, type WalletTransaction } from '@shared/wallet';

const SESSION_TYPE_NAMES: Record<SessionType, string> = { chat: 'Chat', audio: 'Audio', video: 'Video' };

/** '+$25.00' for money in, '−$2.99' (a real minus sign) for money out. */
export function formatSignedCents(amountCents: number): string {
  return `${amountCents < 0 ? '\u2212' : '+'}${formatCents(Math.abs(amountCents))}`;
}

/** What promotional credit did on a line: paid part of it, or got part of a refund back. */
export function creditPart(creditCents: number): string {
  return creditCents > 0
    ? `${formatCents(creditCents)} paid with promotional credit`
    : `${formatCents(-creditCents)} back as promotional credit`;
}

/** 'Chat reading with Kai': the reading a line belongs to, in words. */
function readingName({ sessionType, counterpart }: WalletTransaction): string {
  const kind = sessionType ? `${SESSION_TYPE_NAMES[sessionType]} reading` : 'Reading';
  return counterpart.name ? `${kind} with ${counterpart.name}` : kind;
}

const isReadingLine = (transaction: WalletTransaction) => transaction.counterpart.type === 'session';

/** A reading's charges read 'Chat reading with Kai · 3 min'; every other line is named by its kind. */
export function transactionTitle(transaction: WalletTransaction): string {
  if (transaction.kind === 'session_charge' && isReadingLine(transaction)) {
    return transaction.minutes === null
      ? readingName(transaction)
      : `${readingName(transaction)} · ${transaction.minutes} min`;
  }
  return TRANSACTION_KIND_LABELS[transaction.kind];
}

/** Who the money went to or came from, in words; null when the title already says it. */
export function counterpartLabel(transaction: WalletTransaction): string | null {
  const { counterpart } = transaction;
  switch (counterpart.type) {
    case 'session':
      return transaction.kind === 'session_charge' ? null : readingName(transaction);
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
