import type { PaymentProviderName } from '@shared/wallet';

export interface ChargeRequest {
  amountCents: number;
  /** A saved card's id at the provider (Stripe's `pm_…`; the sandbox knows its test cards). */
  paymentMethodId: string;
  /** The provider deduplicates on this key: charging twice with one key charges once. */
  idempotencyKey: string;
  /** Who pays, as our user id: stored with the charge so a payment can be traced back to a user. */
  customerRef: string;
}

export type ChargeResult = { status: 'succeeded'; reference: string } | { status: 'declined'; message: string };

/**
 * A card processor. `charge` answers succeeded or declined; an unknown payment method is an
 * AppError (400); anything else it cannot decide (network down, timeout) throws
 * PaymentProviderUnavailableError, and the charge's outcome is then unknown.
 */
export interface PaymentsProvider {
  readonly name: PaymentProviderName;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** The provider could not be asked or did not answer; retrying with the same key is safe. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}
