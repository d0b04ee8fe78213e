import type { Tx } from '../../db/client';
import { cardPayments } from '../../db/schema';
import type { ChargeObject } from './stripe-objects';

/**
 * charge.succeeded: which card paid this PaymentIntent, by Stripe's fingerprint (the same for one
 * card number across customers), so a referral paid for on both sides by one card counts as
 * self-referral (decision 066). Kept by PaymentIntent, whichever of this event and the deposit's
 * credit comes first; a charge without a card (or a replay) records nothing more.
 */
export async function recordCardPayment(tx: Tx, charge: ChargeObject, now: Date): Promise<string> {
  const fingerprint = charge.payment_method_details?.card?.fingerprint;
  if (!charge.payment_intent || !fingerprint) return 'ignored: no card fingerprint';
  const inserted = await tx
    .insert(cardPayments)
    .values({ paymentIntentId: charge.payment_intent, fingerprint, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: cardPayments.paymentIntentId });
  return inserted.length > 0 ? 'handled: card recorded' : 'ignored: card already recorded';
}
