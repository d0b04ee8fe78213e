import type { Profile } from '@shared/auth';
import { lazy, Suspense, useEffect } from 'react';
import { storedReferralCode } from '@/features/wallet/referral-storage';
import { useWalletUpdates } from '@/features/wallet/use-wallet-updates';
import { loadSonner } from '@/lib/toast';
import { useSocketConnection } from '@/lib/socket';

/** Only readers receive reading requests, so only they download the dialog and its schemas. */
const IncomingRequestDialog = lazy(() =>
  import('@/features/sessions/incoming-request-dialog').then((module) => ({ default: module.IncomingRequestDialog })),
);

/** Only clients queue for a busy reader, so only they download the offer dialog. */
const QueueOfferDialog = lazy(() =>
  import('@/features/queue/queue-offer-dialog').then((module) => ({ default: module.QueueOfferDialog })),
);

/** A signed-in person's live connection, the wallet it keeps current, and the dialogs their role is sent. */
export function RealtimeBridge({ profile }: { profile: Profile }) {
  useSocketConnection(profile.id);
  useWalletUpdates();
  // Toasts answer what signed-in people do: their first one should not wait for sonner's download.
  useEffect(() => {
    void loadSonner();
  }, []);
  // An invitation kept from the sign-up link is claimed once the new client is signed in (decision 066).
  useEffect(() => {
    const code = profile.role === 'client' ? storedReferralCode() : null;
    if (code) void import('@/features/wallet/claim-referral').then((module) => module.claimStoredReferral(code));
  }, [profile.role]);
  if (profile.role === 'client') {
    return (
      <Suspense fallback={null}>
        <QueueOfferDialog key={profile.id} />
      </Suspense>
    );
  }
  if (profile.role !== 'reader') return null;
  return (
    <Suspense fallback={null}>
      <IncomingRequestDialog key={profile.id} readerId={profile.id} />
    </Suspense>
  );
}
