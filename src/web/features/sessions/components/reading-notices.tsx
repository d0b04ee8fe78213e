import type { ReadingSession } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { AddFundsButton, autoReloadQuery } from '@/features/wallet';
import { isLowBalance } from '../session-logic';
import { FundsPauseBanner } from './funds-pause';
import { LowBalanceBanner } from './low-balance-banner';
import { PausedBanner } from './paused-banner';

interface ReadingNoticesProps {
  session: ReadingSession;
  isClient: boolean;
  balanceCents: number;
  /** What a minute costs the client's wallet now; null while the wallet pays none (a booked reading's held minutes). */
  walletRateCents: number | null;
  /** mm:ss left to top up while the reading is paused for funds; null otherwise. */
  topUpCountdown: string | null;
  isPaused: boolean;
  isOtherPresent: boolean;
  otherName: string;
  /** Opens the Add Funds dialog again after the client closed it during this pause. */
  onAddFunds: () => void;
}

/** The client's pause to top up, with why auto-reload did not top up for them when it tried. */
function ClientFundsPause({
  countdown,
  ratePerMinuteCents,
  onAddFunds,
}: {
  countdown: string;
  ratePerMinuteCents: number;
  onAddFunds: () => void;
}) {
  const reloadFailure = useQuery({
    ...autoReloadQuery,
    refetchOnMount: 'always',
    select: (settings) => settings.failure?.message ?? null,
  });
  return (
    <FundsPauseBanner
      isClient
      countdown={countdown}
      ratePerMinuteCents={ratePerMinuteCents}
      reloadFailure={reloadFailure.data ?? null}
      addFunds={
        <Button variant="gold" onClick={onAddFunds}>
          <Plus aria-hidden="true" />
          Add Funds
        </Button>
      }
    />
  );
}

/** What the open reading says above the call: a low balance, a pause (for funds, or a side away), a request not yet accepted. */
export function ReadingNotices({
  session,
  isClient,
  balanceCents,
  walletRateCents,
  topUpCountdown,
  isPaused,
  isOtherPresent,
  otherName,
  onAddFunds,
}: ReadingNoticesProps) {
  const rate = walletRateCents ?? session.ratePerMinuteCents;
  return (
    <>
      {isClient &&
      session.status === 'active' &&
      topUpCountdown === null &&
      walletRateCents !== null &&
      isLowBalance(balanceCents, walletRateCents) ? (
        <LowBalanceBanner addFunds={<AddFundsButton variant="gold" />} />
      ) : null}
      {topUpCountdown !== null ? (
        isClient ? (
          <ClientFundsPause countdown={topUpCountdown} ratePerMinuteCents={rate} onAddFunds={onAddFunds} />
        ) : (
          <FundsPauseBanner isClient={false} countdown={topUpCountdown} />
        )
      ) : isPaused ? (
        <PausedBanner otherName={otherName} isOtherAway={!isOtherPresent} isClient={isClient} />
      ) : null}
      {session.status === 'requested' ? <Alert>Waiting for {session.reader.name} to accept your request…</Alert> : null}
    </>
  );
}
