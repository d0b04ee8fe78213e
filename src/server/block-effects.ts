import { SERVER_EVENTS } from '@shared/realtime';
import { releaseAppointmentsBetween } from './features/appointments';
import type { BlockDeps } from './features/blocks';
import { deliverNotifications } from './features/notifications';
import { leaveQueue } from './features/queue';
import { endReadingsBetween, type SessionDeps } from './features/sessions';
import { getWalletBalanceCents } from './features/wallet';
import { releaseWrittenReadingsBetween } from './features/written-readings';

/**
 * What a block does to everything between its two people (decision 068), across the features that
 * hold it: bookings and written questions released in full in the block's transaction, then the
 * notices and wallets after commit, a reading open between them ended, and the client's place in
 * the reader's queue left (tried both ways: only one of them is the client).
 */
export function blockEffects(sessions: SessionDeps): Pick<BlockDeps, 'releaseHeld' | 'endOpen'> {
  return {
    async releaseHeld(tx, pair, now) {
      const booked = await releaseAppointmentsBetween(tx, pair, now);
      const asked = await releaseWrittenReadingsBetween(tx, pair, now);
      return async () => {
        deliverNotifications(sessions.realtime, [...booked.notices, ...asked.notices]);
        for (const clientId of new Set([...booked.clientIds, ...asked.clientIds])) {
          sessions.realtime.toUser(clientId, SERVER_EVENTS.walletUpdated, {
            balanceCents: await getWalletBalanceCents(sessions.db, clientId),
          });
        }
      };
    },
    async endOpen(pair) {
      await endReadingsBetween(sessions, pair);
      await leaveQueue(sessions, pair.blockerId, pair.blockedId);
      await leaveQueue(sessions, pair.blockedId, pair.blockerId);
    },
  };
}
