import { createHash } from 'node:crypto';
import { badRequest } from '../errors';
import type { ChargeRequest, ChargeResult, PaymentsProvider } from './provider';

/** The test cards the sandbox knows, named like Stripe's test payment methods. */
const SANDBOX_CARDS: Record<string, ChargeResult['status']> = {
  pm_card_visa: 'succeeded',
  pm_card_mastercard: 'succeeded',
  pm_card_chargeDeclined: 'declined',
};

export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';
export const UNKNOWN_PAYMENT_METHOD_MESSAGE = 'Unknown payment method';

/**
 * The default provider: a card processor's test mode without a network. The reference is derived
 * from the idempotency key, so a repeated charge gives the same answer, as Stripe's would.
 */
export function sandboxPayments(): PaymentsProvider {
  return {
    name: 'sandbox',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const outcome = SANDBOX_CARDS[request.paymentMethodId];
      if (!outcome) throw badRequest(UNKNOWN_PAYMENT_METHOD_MESSAGE, { paymentMethodId: UNKNOWN_PAYMENT_METHOD_MESSAGE });
      if (outcome === 'declined') return { status: 'declined', message: SANDBOX_DECLINE_MESSAGE };
      const digest = createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24);
      return { status: 'succeeded', reference: `sandbox_pi_${digest}` };
    },
  };
}
