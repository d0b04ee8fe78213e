import type { Profile } from '@shared/auth';
import type { ServerEvent } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '@/lib/auth';
import { useSocketConnected, useSocketEvent } from '@/lib/socket';
import { walletQueryKeys } from './query-keys';

/**
 * SERVER_EVENTS.walletUpdated and walletUpdatedEventSchema of @shared/realtime, restated because
 * that module brings zod onto every page; the test keeps both in step.
 */
export const WALLET_UPDATED_EVENT = 'wallet_updated' satisfies ServerEvent;
/** A minute charged: the reader's held earnings grew (their wallet did not, so no wallet_updated). */
export const BILLING_UPDATE_EVENT = 'billing_update' satisfies ServerEvent;

function readCents(payload: unknown, key: 'balanceCents' | 'creditCents'): number | null {
  if (typeof payload !== 'object' || payload === null || !(key in payload)) return null;
  const cents: unknown = Reflect.get(payload, key);
  return typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= 0 ? cents : null;
}

/** Applies a balance (and the credit left, when a charge spent some) pushed by the server to the cached profile, so the wallet chip is never stale. */
export function applyWalletUpdate(profile: Profile | null | undefined, payload: unknown): Profile | null | undefined {
  const balanceCents = readCents(payload, 'balanceCents');
  if (!profile || balanceCents === null) return profile;
  const creditCents = readCents(payload, 'creditCents');
  return { ...profile, walletBalanceCents: balanceCents, ...(creditCents !== null && { creditCents }) };
}

export function useWalletUpdates(): void {
  const queryClient = useQueryClient();
  // A balance pushed while the connection was down (a network blip, a page too busy to answer the
  // server's ping) or still being signed in is lost: on every connect, ask for the balance again.
  useSocketConnected(() => {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
  });
  useSocketEvent(BILLING_UPDATE_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
  });
  useSocketEvent(WALLET_UPDATED_EVENT, (payload) => {
    // A profile fetch still under way (the one each connect asks for) read the balance before this
    // change: cancelled, so its older answer cannot land after this one and put the chip back.
    // (Set once the cancellation has settled: a cancelled fetch puts back the data it started from.)
    void queryClient
      .cancelQueries({ queryKey: profileQueryKey })
      .then(() =>
        queryClient.setQueryData<Profile | null>(profileQueryKey, (profile) => applyWalletUpdate(profile, payload)),
      );
    // Lists of transactions and payouts changed too; only the ones on screen are fetched again.
    void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
  });
}
