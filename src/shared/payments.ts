import { z } from './zod-config';
import { formatCents } from './money';
import { depositAmountCentsSchema, DEPOSIT_STATUSES } from './wallet';
import { promotionCodeSchema } from './promotions';

/**
 * Money in and out through Stripe's hosted pages and signed events (docs/decisions/039).
 * The browser never tells the server that a payment succeeded: only the webhook credits.
 */

export type CheckoutTestCardOutcome = 'succeeded' | 'declined' | 'authentication_required';

/** Stripe's own test card numbers; the sandbox's checkout page takes the same ones. */
export const CHECKOUT_TEST_CARDS: readonly { number: string; label: string; outcome: CheckoutTestCardOutcome }[] = [
  { number: '4242424242424242', label: 'Visa 4242 4242 4242 4242 (succeeds)', outcome: 'succeeded' },
  { number: '5555555555554444', label: 'Mastercard 5555 5555 5555 4444 (succeeds)', outcome: 'succeeded' },
  { number: '4000000000000002', label: 'Visa 4000 0000 0000 0002 (declined)', outcome: 'declined' },
  {
    number: '4000002500003155',
    label: 'Visa 4000 0025 0000 3155 (needs authentication)',
    outcome: 'authentication_required',
  },
];

export const checkoutRequestSchema = z.object({
  amountCents: depositAmountCentsSchema,
  /** Keep the card for later deposits (Checkout's setup_future_usage). */
  saveCard: z.boolean().optional(),
  /**
   * A promotion code whose bonus is granted when this deposit is credited (decision 066); refused (409) before any
   * payment.
   */
  promoCode: promotionCodeSchema.optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutSessionSchema = z.object({ url: z.url(), checkoutSessionId: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const depositIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** A deposit as its owner follows it after Checkout: pending until the webhook has credited it. */
export const depositStatusSchema = z.object({
  depositId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(DEPOSIT_STATUSES),
  failureMessage: z.string().nullable(),
  /** Promotional credit that came with it (a code's or the welcome offer's bonus, decision 066); 0 when none. */
  bonusCents: z.number().int(),
});
export type DepositStatusView = z.infer<typeof depositStatusSchema>;

/** The webhook's body: the exact text Stripe signed, read unparsed (its signature covers these bytes). */
export const stripeWebhookBodySchema = z.string().max(256 * 1024);

/** What the webhook answers Stripe: 200 for every correctly signed event, handled or ignored. */
export const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

/** The sandbox's local checkout page (it plays Stripe Checkout without a network). */
export const sandboxCheckoutParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const sandboxCheckoutViewSchema = z.object({
  checkoutSessionId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['open', 'complete', 'expired']),
  cancelUrl: z.string(),
});
export const sandboxPaySchema = z.object({ cardNumber: z.string().trim().min(1, 'Enter a card number').max(32) });
export const sandboxPayResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), redirectUrl: z.string() }),
  z.object({ outcome: z.literal('declined'), message: z.string() }),
]);

/** An admin's refund of a deposit's unspent part to its card, moved in the ledger on charge.refunded. */
export const depositRefundRequestSchema = z.object({
  amountCents: z
    .number({ error: 'amountCents must be a whole number of cents' })
    .int('amountCents must be a whole number of cents')
    .positive('amountCents must be positive')
    .max(100_000_000),
});
export const depositRefundSchema = z.object({
  refundId: z.string(),
  depositId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
});
export type DepositRefund = z.infer<typeof depositRefundSchema>;

/** A user's card payment as the admin sees it before refunding part of it to the card (decision 039). */
export const adminCardPaymentSchema = z.object({
  depositId: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
  refundedCents: z.number().int(),
  /** Asked of the provider and not yet confirmed by charge.refunded. */
  pendingRefundCents: z.number().int(),
  /** What a refund may take now: the unrefunded part, no more than the wallet holds; 0 while disputed. */
  refundableCents: z.number().int(),
  disputeStatus: z.enum(['open', 'won', 'lost']).nullable(),
});
export type AdminCardPayment = z.infer<typeof adminCardPaymentSchema>;
export const adminCardPaymentListSchema = z.object({ payments: z.array(adminCardPaymentSchema) });
export type AdminCardPaymentList = z.infer<typeof adminCardPaymentListSchema>;

/** A card saved at checkout; its id is the payment method to pass to POST /api/payments/wallet-deposit. */
export const savedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const savedCardListSchema = z.object({ cards: z.array(savedCardSchema) });
export type SavedCardList = z.infer<typeof savedCardListSchema>;
export const savedCardParamsSchema = z.object({ id: z.string().min(1).max(255) });

/**
 * Auto-reload (decision 039): while a reading runs and the wallet falls below the threshold (or below
 * the reading's rate), the saved card is charged `amountCents` off session, once per crossing.
 */
export const AUTO_RELOAD_THRESHOLD_MAX_CENTS = 50_000;
export const AUTO_RELOAD_THRESHOLD_MESSAGE = `The threshold must be a whole number of cents from ${formatCents(0)} to ${formatCents(AUTO_RELOAD_THRESHOLD_MAX_CENTS)}`;
export const AUTO_RELOAD_CARD_MESSAGE = 'Choose a saved card to reload from';
export const autoReloadRequestSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    thresholdCents: z
      .number({ error: AUTO_RELOAD_THRESHOLD_MESSAGE })
      .int(AUTO_RELOAD_THRESHOLD_MESSAGE)
      .min(0, AUTO_RELOAD_THRESHOLD_MESSAGE)
      .max(AUTO_RELOAD_THRESHOLD_MAX_CENTS, AUTO_RELOAD_THRESHOLD_MESSAGE),
    amountCents: depositAmountCentsSchema,
    cardId: z.string().trim().min(1, AUTO_RELOAD_CARD_MESSAGE).max(255).nullable(),
  })
  .refine((settings) => !settings.enabled || settings.cardId !== null, {
    message: AUTO_RELOAD_CARD_MESSAGE,
    path: ['cardId'],
  });
export type AutoReloadRequest = z.infer<typeof autoReloadRequestSchema>;

export const autoReloadSchema = z.object({
  enabled: z.boolean(),
  thresholdCents: z.number().int(),
  amountCents: z.number().int(),
  /** Null when none was chosen or the chosen card was removed (auto-reload then waits for one). */
  card: savedCardSchema.nullable(),
  /** The last try was declined or needed the person: no more tries until the settings are saved again. */
  failure: z.object({ message: z.string(), at: z.string() }).nullable(),
});
export type AutoReload = z.infer<typeof autoReloadSchema>;

/** Why a wallet cannot pay for anything new while a chargeback on one of its deposits is open. */
export const WALLET_FROZEN_MESSAGE =
  'Your wallet is on hold while your bank disputes one of your card payments. Please contact support.';

export const PAYOUT_ACCOUNT_STATUSES = ['none', 'pending', 'enabled', 'restricted'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];
export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  requirements: z.array(z.string()),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountLinkSchema = z.object({ url: z.string() });
