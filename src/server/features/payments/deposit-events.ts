import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deposits } from '../../db/schema';
import { depositPromotions } from '../promotions';
import { creditDeposit } from '../wallet';
import type { EventEffects } from './event-effects';
import type { CheckoutSessionObject, PaymentIntentObject } from './stripe-objects';

/**
 * checkout.session.completed (and .async_payment_succeeded) with payment_status 'paid': credits
 * the deposit the session names, exactly once. The deposit row is locked first; a deposit already
 * credited, a payment intent already credited to another deposit, a deposit we never made, or one
 * whose user, amount or currency differ from the session's, credits nothing and says why (the
 * webhook logs it). A deposit marked failed (the session expired, a payment failed) is still
 * credited by a later success: the money did arrive.
 */
export async function creditCheckoutDeposit(
  tx: Tx,
  session: CheckoutSessionObject,
  effects: EventEffects,
): Promise<string> {
  if (session.payment_status !== 'paid') return 'ignored: not paid yet';
  const depositId = session.metadata?.deposit_id;
  const paymentIntentId = session.payment_intent;
  if (!depositId || !paymentIntentId) return 'ignored: no deposit or payment intent named';
  const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
  if (!deposit) return 'ignored: unknown deposit';
  if (deposit.userId !== session.metadata?.user_id) return 'ignored: deposit of another user';
  if (deposit.amountCents !== session.amount_total || session.currency?.toLowerCase() !== 'usd')
    return 'ignored: amount differs from the deposit';
  if (deposit.checkoutSessionId && deposit.checkoutSessionId !== session.id) return 'ignored: another checkout session';
  if (deposit.status === 'succeeded') return 'ignored: already credited';
  const [paidElsewhere] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.paymentIntentId, paymentIntentId), ne(deposits.id, deposit.id)));
  if (paidElsewhere) return 'ignored: payment already credited to another deposit';

  const balanceCents = await creditDeposit(tx, deposit, depositPromotions, effects.now);
  await tx
    .update(deposits)
    .set({
      status: 'succeeded',
      checkoutSessionId: session.id,
      paymentIntentId,
      providerReference: paymentIntentId,
      failureMessage: null,
      balanceAfterCents: balanceCents,
      attemptStartedAt: null,
      updatedAt: effects.now,
    })
    .where(eq(deposits.id, deposit.id));
  effects.walletChanged(deposit.userId, balanceCents);
  effects.deposited(deposit.userId);
  return 'handled: credited';
}

/**
 * checkout.session.expired, .async_payment_failed, payment_intent.payment_failed: the pending
 * deposit is failed (it no longer counts against the client's limits). Never undoes a credit; a
 * later success still credits (creditCheckoutDeposit).
 */
export async function failPendingDeposit(
  tx: Tx,
  depositId: string | undefined,
  reason: string,
  now: Date,
): Promise<string> {
  if (!depositId) return 'ignored: no deposit named';
  const [failed] = await tx
    .update(deposits)
    .set({ status: 'failed', failureMessage: reason, attemptStartedAt: null, updatedAt: now })
    .where(and(eq(deposits.id, depositId), eq(deposits.status, 'pending')))
    .returning({ id: deposits.id });
  return failed ? 'handled: deposit failed' : 'ignored: deposit not pending';
}

export const depositIdOfIntent = (intent: PaymentIntentObject) => intent.metadata?.deposit_id;
