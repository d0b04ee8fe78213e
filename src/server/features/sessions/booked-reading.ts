import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments } from '../../db/schema';
import {
  creditAccountId,
  earningsAccountId,
  escrowAccountId,
  heldForReference,
  holdAccountId,
  lockAccounts,
  releaseHold,
  walletAccountId,
} from '../wallet';
import { appointmentReference } from '../appointments';
import { sessionReference } from './session-reference';
import type { SessionRow } from './session-view';

/** Whether minute `minute` of a reading is one of its booked minutes, paid from the client's hold. */
export const isBookedMinute = (session: SessionRow, minute: number): boolean =>
  session.maxMinutes !== null && minute <= session.maxMinutes;

/**
 * What minute `minute` costs: past a booked reading's length, the rate the client agreed to when
 * extending; otherwise the reading's own (booked or walk-in) rate.
 */
export const rateOfMinute = (session: SessionRow, minute: number): number =>
  !isBookedMinute(session, minute) && session.extensionRatePerMinuteCents !== null
    ? session.extensionRatePerMinuteCents
    : session.ratePerMinuteCents;

/** The rate the client's wallet must cover for the reading to go on: a pause for funds waits for it. */
export const walletRateOf = (session: SessionRow): number =>
  session.extensionRatePerMinuteCents ?? session.ratePerMinuteCents;

/**
 * Locks, in the ledger's order and before anything else, every account a booked reading's end may
 * touch: the client's wallet and hold (the release), the reader's escrow and earnings (their share).
 */
export async function lockBookedReadingAccounts(tx: Tx, session: SessionRow): Promise<void> {
  // credit: with them: an extended reading's wallet minutes may have spent credit that a refund gives back.
  await lockAccounts(tx, [
    walletAccountId(session.clientId),
    holdAccountId(session.clientId),
    creditAccountId(session.clientId),
    escrowAccountId(session.readerId),
    earningsAccountId(session.readerId),
  ]);
}

/**
 * Settles the appointment of a booked reading that ends (docs/decisions/048). A reading that ran:
 * what its minutes did not use of the held price (all of it after a refund) goes back to the
 * client's wallet, and the appointment is completed. One that never started (nobody came into the
 * room in time): the appointment stays accepted with its Joins cleared, so either side may join
 * again, and the scheduler's missed rule settles it if they do not.
 */
export async function settleBookedReading(tx: Tx, session: SessionRow, wasActive: boolean, now: Date): Promise<number> {
  const appointmentId = session.appointmentId!;
  if (!wasActive) {
    await tx
      .update(appointments)
      .set({ clientJoinedAt: null, readerJoinedAt: null })
      .where(eq(appointments.id, appointmentId));
    return 0;
  }
  const [appointment] = await tx
    .select({ priceCents: appointments.priceCents })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  // The reading's minutes left the hold under the session's reference (and a refund came back under it).
  const usedCents = -(await heldForReference(tx, session.clientId, sessionReference(session.id)));
  const releasedCents = await releaseHold(tx, {
    userId: session.clientId,
    reference: appointmentReference(appointmentId),
    amountCents: appointment!.priceCents - usedCents,
    now,
  });
  await tx.update(appointments).set({ status: 'completed', settledAt: now }).where(eq(appointments.id, appointmentId));
  return releasedCents;
}
