import type { Profile } from '@shared/auth';
import { QUICK_ADD_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { holdReleaseRule, type WalletHold } from '@shared/wallet';
import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { AddFundsButton } from './add-funds-button';
import { walletOnHoldQuery } from './api';
import { CardsAndAutoReloadCard } from './cards-and-auto-reload-card';
import { CreditLine } from './credit-line';
import { DepositConfirmation, WalletFrozenNotice } from './deposit-confirmation';
import { InviteCard } from './invite-card';
import { useOfferedCode } from './offered-code';
import { RedeemPromoForm } from './redeem-promo-form';
import { SpendingLimitsCard } from './spending-limits-card';
import { TakeBreakCard } from './take-break-card';
import { WalletTransactions } from './wallet-transactions';

/** What one hold is for, as its owner knows it: the booked reading or the question, with its reader, or a refund to their card. */
function holdTitle(hold: WalletHold): string {
  if (hold.kind === 'card_refund') return `Refund to your card · asked ${formatDateTime(hold.requestedAt)}`;
  if (hold.kind === 'written_reading')
    return `Written question to ${hold.readerName} · answer due ${formatDateTime(hold.dueAt)}`;
  const booked = `${SESSION_TYPE_LABELS[hold.sessionType]} reading with ${hold.readerName} · ${formatDateTime(hold.startsAt)}, ${hold.minutes} min`;
  return hold.status === 'pending' ? `${booked} (awaiting the reader)` : booked;
}

/** Held money is not in the balance and cannot be spent: said beside it, each hold by what it is for and its release rule, only when there is some. */
export function OnHoldLine() {
  const { data } = useQuery(walletOnHoldQuery);
  if (!data?.onHoldCents) return null;
  return (
    <div className="grid gap-2 text-sm text-muted-foreground" data-testid="wallet-on-hold">
      <p>
        <span className="font-semibold text-foreground tabular-nums">{formatCents(data.onHoldCents)}</span> on hold (not
        spendable):
      </p>
      <ul className="grid gap-2">
        {data.holds.map((hold) => (
          <li
            key={`${hold.kind}:${hold.id}`}
            className="rounded-md border border-border/60 p-2"
            data-testid="wallet-hold"
          >
            <p className="flex justify-between gap-3">
              <span className="text-foreground">{holdTitle(hold)}</span>
              <span className="shrink-0 font-semibold text-foreground tabular-nums">
                {formatCents(hold.amountCents)}
              </span>
            </p>
            <p className="text-xs">{holdReleaseRule(hold)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The client dashboard's Wallet tab (SPEC.md): the cash balance and, apart, any promotional credit
 * (decision 066), Add Funds, Quick Add, a promo code to redeem, the client's spending limits and
 * reading reminder, and the transactions.
 */
export function WalletTab({ profile }: { profile: Profile }) {
  const offeredTopUpCode = useOfferedCode('topUp');
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <div className="grid h-fit gap-6">
        <WalletFrozenNotice />
        <DepositConfirmation />
        <Card className="h-fit">
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Wallet className="size-4 text-gold" aria-hidden="true" />
              Wallet Balance
            </CardDescription>
            <CardTitle className="text-4xl text-gold tabular-nums" data-testid="wallet-balance">
              {formatCents(profile.walletBalanceCents)}
            </CardTitle>
            <CreditLine />
            <OnHoldLine />
          </CardHeader>
          <CardContent className="grid gap-4">
            <AddFundsButton className="w-full" promoCode={offeredTopUpCode || undefined} />
            <div>
              <p className="mb-2 text-sm font-semibold text-muted-foreground">Quick Add</p>
              <div className="grid grid-cols-3 gap-2">
                {QUICK_ADD_CENTS.map((cents) => (
                  <AddFundsButton
                    key={cents}
                    amountCents={cents}
                    variant="outline"
                    aria-label={`Quick add ${formatCents(cents)}`}
                  >
                    {formatCents(cents).replace('.00', '')}
                  </AddFundsButton>
                ))}
              </div>
            </div>
            <div className="border-t border-border pt-4">
              <RedeemPromoForm />
            </div>
          </CardContent>
        </Card>
        <SpendingLimitsCard />
        {profile.role === 'client' ? (
          <>
            <InviteCard />
            <TakeBreakCard />
          </>
        ) : null}
        <CardsAndAutoReloadCard />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Transactions</CardTitle>
          <CardDescription>Deposits, readings, gifts and refunds, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <WalletTransactions />
        </CardContent>
      </Card>
    </div>
  );
}
