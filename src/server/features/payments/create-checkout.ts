import { eq } from 'drizzle-orm';
import { ADD_FUNDS_FAILED_MESSAGE } from '@shared/wallet';
import type { CheckoutSession } from '@shared/payments';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { deposits } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { PaymentProviderUnavailableError, type PaymentsProvider } from '../../payments/provider';
import { depositPromotions } from '../promotions';
import { openPendingDeposit } from '../wallet';
import { customerFor } from './saved-cards';

export interface CheckoutDeps {
  db: Db;
  payments: PaymentsProvider;
  clock: Clock;
  /** The site's origin: Checkout sends the person back to the wallet there. */
  publicUrl: string;
}

/** A deposit made through a hosted page has no payment method of ours; the provider picks the card. */
export const CHECKOUT_PAYMENT_METHOD = 'checkout';

export const checkoutSessionKey = (depositId: string) => `deposit:${depositId}:checkout`;

/**
 * Opens a deposit paid on the provider's hosted page: records it pending (within the client's own
 * deposit limits, as any deposit), then asks the provider for a Checkout Session in payment mode
 * for that amount with our user and deposit ids in its metadata. Nothing is credited here: only
 * the provider's signed event does (features/payments/deposit-events.ts).
 *
 * One deposit per (user, Idempotency-Key), as for direct deposits (docs/decisions/005). A repeated
 * key asks the provider again with the same provider key, which answers the same session, so a
 * lost answer is recovered by a retry and never opens a second payment.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  request: { userId: string; amountCents: number; idempotencyKey: string; saveCard?: boolean; promoCode?: string },
): Promise<{ session: CheckoutSession; isReplay: boolean }> {
  const { db, clock } = deps;
  const now = new Date(clock.now());
  // A code is checked before any payment: refused, nothing is opened (409 PROMOTION_UNAVAILABLE); without one, a new client's welcome offer.
  const promotionId = await depositPromotions.forDeposit(
    db,
    request.userId,
    request.promoCode,
    request.amountCents,
    now,
  );
  const opened = await db.transaction((tx) =>
    openPendingDeposit(
      tx,
      {
        userId: request.userId,
        idempotencyKey: request.idempotencyKey,
        amountCents: request.amountCents,
        paymentMethodId: CHECKOUT_PAYMENT_METHOD,
        provider: deps.payments.name,
        promotionId,
      },
      now,
    ),
  );
  const { deposit, isReplay } = opened;
  if (
    isReplay &&
    (deposit.amountCents !== request.amountCents || deposit.paymentMethodId !== CHECKOUT_PAYMENT_METHOD)
  ) {
    throw conflict('This Idempotency-Key was already used for a different deposit. Use a new key for a new deposit.');
  }
  const walletUrl = `${deps.publicUrl}/dashboard/wallet`;
  const saveCardFor = request.saveCard ? { customerId: await customerFor(deps, deposit.userId) } : undefined;
  let created: Awaited<ReturnType<PaymentsProvider['createCheckoutSession']>>;
  try {
    created = await deps.payments.createCheckoutSession({
      amountCents: deposit.amountCents,
      depositId: deposit.id,
      userId: deposit.userId,
      successUrl: `${walletUrl}?deposit=${deposit.id}`,
      cancelUrl: `${walletUrl}?deposit=${deposit.id}&checkout=cancelled`,
      idempotencyKey: checkoutSessionKey(deposit.id),
      ...(saveCardFor && { saveCardFor }),
    });
  } catch (error) {
    // The deposit stays pending without a session: a retry with the same key asks again under the
    // same provider key, so a session the provider made but could not tell us about is found, not doubled.
    if (error instanceof PaymentProviderUnavailableError) {
      throw new AppError('PAYMENT_FAILED', ADD_FUNDS_FAILED_MESSAGE, undefined, {
        reason: 'We could not reach the payment service. Please try again.',
        depositId: deposit.id,
        isRetryable: true,
      });
    }
    throw error;
  }
  if (deposit.checkoutSessionId !== created.id) {
    await db
      .update(deposits)
      .set({ checkoutSessionId: created.id, updatedAt: new Date(clock.now()) })
      .where(eq(deposits.id, deposit.id));
  }
  return { session: { url: created.url, checkoutSessionId: created.id }, isReplay };
}
