import { APPOINTMENT_FEE_PERCENT } from '@shared/appointments';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments } from '../../db/schema';
import {
  chargeFromHold,
  creditAccountId,
  earningsAccountId,
  holdAccountId,
  lockAccounts,
  releaseHold,
  revenueAccountFor,
  walletAccountId,
} from '../wallet';
import { appointmentReference } from './deps';
import type { AppointmentRow } from './view';

/** The late-cancellation and no-show fee: half the price, rounded down (the client never pays a cent more than half). */
export const appointmentFeeCents = (priceCents: number) => Math.floor((priceCents * APPOINTMENT_FEE_PERCENT) / 100);

/** Every account settling an appointment may touch, to be locked up front in the ledger's order. */
export const settlementAccounts = (row: Pick<AppointmentRow, 'clientId' | 'readerId'>) => [
  walletAccountId(row.clientId),
  creditAccountId(row.clientId),
  holdAccountId(row.clientId),
  earningsAccountId(row.readerId),
  revenueAccountFor(row.clientId),
];

export interface Settlement {
  status: 'declined' | 'cancelled' | 'missed_by_reader' | 'missed_by_client';
  cancelledBy?: 'client' | 'reader';
  /** Charged from the hold to the reader's earnings (70/30, final: nothing refunds a fee). */
  feeCents: number;
}

/**
 * Ends an open appointment without a reading, in the caller's transaction under the appointment's
 * row lock: the fee (if any) is charged from the hold, then all the hold still keeps for it goes
 * back to the client's wallet, so nothing stays held for a settled appointment (ledger:check's
 * appointmentsHeld). Both moves are keyed by the appointment, so a retry moves nothing more.
 */
export async function settleAppointment(tx: Tx, row: AppointmentRow, settlement: Settlement, now: Date): Promise<void> {
  const reference = appointmentReference(row.id);
  await lockAccounts(tx, settlementAccounts(row));
  if (settlement.feeCents > 0) {
    await chargeFromHold(tx, {
      payerUserId: row.clientId,
      readerUserId: row.readerId,
      reference,
      amountCents: settlement.feeCents,
      kind: 'appointment_fee',
      idempotencyKey: `${reference}:fee`,
      readerAccount: 'earnings',
    });
  }
  await releaseHold(tx, { userId: row.clientId, reference, now });
  await tx
    .update(appointments)
    .set({
      status: settlement.status,
      cancelledBy: settlement.cancelledBy ?? null,
      feeCents: settlement.feeCents,
      settledAt: now,
    })
    .where(eq(appointments.id, row.id));
}
