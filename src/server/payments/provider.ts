import type { PaymentProviderName } from '@shared/wallet';

export interface ChargeRequest {
  amountCents: number;
  /** A saved card's id at the provider (Stripe's `pm_…`; the sandbox knows its test cards). */
  paymentMethodId: string;
  /** The provider deduplicates on this key: charging twice with one key charges once. */
  idempotencyKey: string;
  /** Who pays, as our user id: stored with the charge so a payment can be traced back to a user. */
  customerRef: string;
  /** The provider's Customer a saved card belongs to (Stripe needs it to charge the card again). */
  customerId?: string;
}

export type ChargeResult = { status: 'succeeded'; reference: string } | { status: 'declined'; message: string };

/**
 * A card processor. `charge` answers succeeded or declined; an unknown payment method is an
 * AppError (400); anything else it cannot decide (network down, timeout) throws
 * PaymentProviderUnavailableError, and the charge's outcome is then unknown.
 */
export interface PaymentsProvider extends HostedPayments {
  readonly name: PaymentProviderName;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** The provider said no (an account that cannot receive transfers, a payment that cannot be refunded). */
export class PaymentProviderRefusedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PaymentProviderRefusedError';
  }
}

/** The provider could not be asked or did not answer; retrying with the same key is safe. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}

/** A Stripe Checkout Session in payment mode for one deposit (decision 039). */
export interface CheckoutSessionRequest {
  amountCents: number;
  depositId: string;
  /** Our user id: in the session's metadata with the deposit id, so the webhook can check both. */
  userId: string;
  successUrl: string;
  cancelUrl: string;
  /** Derived from our deposit: a retry finds the same session instead of opening a second one. */
  idempotencyKey: string;
  /** Save the card for later (setup_future_usage: off_session) on this Customer. */
  saveCardFor?: { customerId: string };
}

export interface CheckoutSessionCreated {
  id: string;
  /** Where the person pays: Stripe's hosted page, or the sandbox's local one. */
  url: string;
}

export interface CardRefundRequest {
  paymentIntentId: string;
  amountCents: number;
  /** Our refund's id: one refund at the provider whatever the number of attempts. */
  idempotencyKey: string;
}

export interface ConnectAccountRequest {
  userId: string;
  email: string;
  idempotencyKey: string;
}

export interface TransferRequest {
  amountCents: number;
  destinationAccountId: string;
  /** The payout's id (DESIGN.md 'Money'): the provider makes one transfer per payout. */
  idempotencyKey: string;
  payoutId: string;
}

/**
 * Money in and out through a provider's hosted pages and events (docs/decisions/039):
 * nothing here moves money in our ledger. What happened is learned only from the provider's
 * signed events, which arrive at the webhook (features/payments).
 */
export interface HostedPayments {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSessionCreated>;
  refundPayment(request: CardRefundRequest): Promise<{ refundId: string }>;
  createConnectAccount(request: ConnectAccountRequest): Promise<{ accountId: string }>;
  createAccountLink(request: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  createTransfer(request: TransferRequest): Promise<{ transferId: string }>;
  /** A Customer to save cards on, one per user (keyed by the user, so a retry finds it). */
  createCustomer(request: { userId: string; email: string; idempotencyKey: string }): Promise<{ customerId: string }>;
  /** Forgets a saved card at the provider (payment_method.detached follows). */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** The secret the provider signs its webhook events with (Stripe's `whsec_…`). */
  readonly webhookSecret: string;
  /**
   * The sandbox plays Stripe inside this process: the app tells it how to deliver a signed event
   * to the webhook, which then handles it exactly as one from Stripe.
   */
  deliverEventsTo?(deliver: (payload: string, signature: string) => Promise<void>): void;
}
