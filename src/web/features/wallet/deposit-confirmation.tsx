import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Hourglass, ShieldAlert, XCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { depositStatusQuery, walletFrozenQuery } from './api';

/** A wallet on hold while a chargeback is open says so, and why, where the balance is. */
export function WalletFrozenNotice() {
  const frozen = useQuery(walletFrozenQuery);
  if (!frozen.data) return null;
  return (
    <Alert variant="destructive" data-testid="wallet-frozen">
      <ShieldAlert aria-hidden="true" />
      {frozen.data}
    </Alert>
  );
}

/**
 * Back from checkout (`?deposit=<id>`): the deposit is shown pending until the provider's webhook
 * has credited it; the balance changes only then (wallet_updated), never on the browser's return.
 */
export function DepositConfirmation() {
  const [params] = useSearchParams();
  const depositId = params.get('deposit');
  const isCancelled = params.get('checkout') === 'cancelled';
  const deposit = useQuery({ ...depositStatusQuery(depositId ?? ''), enabled: depositId !== null && !isCancelled });
  if (!depositId) return null;
  if (isCancelled) {
    return (
      <Alert data-testid="deposit-status">
        <XCircle aria-hidden="true" />
        Checkout was cancelled: nothing was charged.
      </Alert>
    );
  }
  const data = deposit.data;
  if (!data) return null;
  if (data.status === 'succeeded') {
    return (
      <Alert data-testid="deposit-status">
        <CheckCircle2 className="text-gold" aria-hidden="true" />
        Payment received: {formatCents(data.amountCents)} was added to your wallet.
        {data.bonusCents > 0 ? ` With it, ${formatCents(data.bonusCents)} of promotional credit.` : null}
      </Alert>
    );
  }
  if (data.status === 'failed') {
    return (
      <Alert variant="destructive" data-testid="deposit-status">
        <XCircle aria-hidden="true" />
        Your payment of {formatCents(data.amountCents)} did not go through
        {data.failureMessage ? `: ${data.failureMessage}` : '.'}
      </Alert>
    );
  }
  return (
    <Alert data-testid="deposit-status">
      <Hourglass aria-hidden="true" />
      Payment of {formatCents(data.amountCents)} pending: your balance updates as soon as the card payment is confirmed.
    </Alert>
  );
}
