import { z } from './zod-config';
import { DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS, PAYOUT_MIN_CENTS, SESSION_TYPES } from './constants';
import { formatCents } from './money';
import { creditExpirySchema, promotionCodeSchema } from './promotions';
import { APPOINTMENT_FEE_PERCENT, APPOINTMENT_FREE_CANCEL_HOURS, OPEN_APPOINTMENT_STATUSES } from './appointments';

/** Test cards the sandbox provider understands (the names of Stripe's test payment methods). */
export const SANDBOX_TEST_CARDS = [
  { paymentMethodId: 'pm_card_visa', label: 'Visa ending 4242 (succeeds)' },
  { paymentMethodId: 'pm_card_chargeDeclined', label: 'Declined card' },
] as const;

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** testMode: a staging site takes the sandbox's play money in production; every page says so. */
export const paymentsConfigSchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS), testMode: z.boolean() });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export const DEPOSIT_AMOUNT_MESSAGE = `Amount must be a whole number of cents from ${formatCents(DEPOSIT_MIN_CENTS)} to ${formatCents(DEPOSIT_MAX_CENTS)}`;

/** What the web form shows beside the amount field (SPEC.md: 'Please enter a valid amount'). */
export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid amount';
export const ADD_FUNDS_FAILED_MESSAGE = 'Failed to add funds';

export const depositAmountCentsSchema = z
  .number({ error: DEPOSIT_AMOUNT_MESSAGE })
  .int(DEPOSIT_AMOUNT_MESSAGE)
  .min(DEPOSIT_MIN_CENTS, DEPOSIT_AMOUNT_MESSAGE)
  .max(DEPOSIT_MAX_CENTS, DEPOSIT_AMOUNT_MESSAGE);

/** B naming A's saved card (decision 059): refused before the provider is asked, so nothing is charged. */
export const NOT_YOUR_CARD_MESSAGE = 'This card is not one of yours';

export const walletDepositSchema = z.object({
  amountCents: depositAmountCentsSchema,
  paymentMethodId: z.string({ error: 'Choose a payment method' }).trim().min(1, 'Choose a payment method').max(255),
  /** A promotion code whose bonus comes with this deposit (decision 066); refused (409) before the card is charged. */
  promoCode: promotionCodeSchema.optional(),
});
export type WalletDepositInput = z.infer<typeof walletDepositSchema>;

/**
 * 'Take a break' (decision 066): a client pauses their own account for one of these lengths. Until it
 * ends they cannot add funds or pay for anything, and get no offers; it cannot be ended early.
 */
export const BREAK_LENGTHS = [
  { days: 1, label: '1 day' },
  { days: 7, label: '1 week' },
  { days: 30, label: '1 month' },
  { days: 91, label: '3 months' },
  { days: 182, label: '6 months' },
] as const;
const BREAK_DAYS: readonly number[] = BREAK_LENGTHS.map((length) => length.days);
export const takeBreakSchema = z.object({
  days: z
    .number({ error: 'Choose how long the break lasts' })
    .int('Choose how long the break lasts')
    .refine((days) => BREAK_DAYS.includes(days), 'Choose 1 day, 1 week, 1 month, 3 months or 6 months'),
});
/** The break in force, if any: `endsAt` null when there is none. */
export const accountBreakSchema = z.object({ endsAt: z.string().nullable() });
export type AccountBreak = z.infer<typeof accountBreakSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const IDEMPOTENCY_KEY_MESSAGE = `The ${IDEMPOTENCY_KEY_HEADER} header is required: a unique value of at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters per deposit attempt`;

/** Headers of a money-moving request; other headers (the session cookie) pass through untouched. */
export const idempotentRequestHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string({ error: IDEMPOTENCY_KEY_MESSAGE })
    .trim()
    .min(1, IDEMPOTENCY_KEY_MESSAGE)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MESSAGE),
});

export const DEPOSIT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const walletDepositResultSchema = z.object({
  depositId: z.string(),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  status: z.literal('succeeded'),
});
export type WalletDepositResult = z.infer<typeof walletDepositResultSchema>;

export const TRANSACTION_KINDS = [
  'deposit',
  'session_charge',
  'gift',
  'purchase',
  'refund',
  'payout',
  'payout_reversal',
  /** A reading's share leaves the reader's escrow for their earnings once it cannot be refunded. */
  'earnings_release',
  /** A correction written by an operator or a data migration (docs/decisions/009). */
  'adjustment',
  /** The price of joining a priced live stream, charged once per viewer and stream (docs/decisions/024). */
  'stream_access',
  /** Part of a deposit refunded to its card, moved when Stripe confirms it (charge.refunded, docs/decisions/039). */
  'card_refund',
  /** A deposit's payment taken back by the card holder's bank (a lost dispute, docs/decisions/039). */
  'chargeback',
  /** Money put aside from the wallet into the client's hold (a written question's price, docs/decisions/046). */
  'hold',
  /** Held money given back to the wallet (a question not answered in time). */
  'hold_release',
  /** A written question's answer, charged 70/30 from the hold (docs/decisions/047). */
  'written_reading',
  /** Half an appointment's price to the reader: a late cancellation or a client who did not come (docs/decisions/048). */
  'appointment_fee',
  /** Promotional credit given: marketing:promotions to the client's credit: account (docs/decisions/066). */
  'credit_grant',
  /** Credit paying for a charge: credit: to the wallet, in the charge's transaction, under its reference. */
  'credit_spend',
  /** A refund of something paid with credit: back from the wallet to credit:. */
  'credit_return',
  /** What was left of a grant at its expiry, back to marketing:promotions. */
  'credit_expiry',
  /** What was left of a bonus whose deposit was refunded to its card or disputed, back to marketing:promotions. */
  'credit_revoke',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  deposit: 'Deposit',
  session_charge: 'Reading',
  gift: 'Gift',
  purchase: 'Purchase',
  refund: 'Refund',
  payout: 'Payout',
  payout_reversal: 'Payout returned',
  earnings_release: 'Earnings released',
  adjustment: 'Adjustment',
  stream_access: 'Live stream',
  card_refund: 'Refund to card',
  chargeback: 'Chargeback',
  hold: 'Put on hold',
  hold_release: 'Back from hold',
  written_reading: 'Written reading',
  appointment_fee: 'Appointment fee',
  credit_grant: 'Promotional credit',
  credit_spend: 'Paid with credit',
  credit_return: 'Credit returned',
  credit_expiry: 'Credit expired',
  credit_revoke: 'Bonus taken back',
};

export const COUNTERPART_TYPES = [
  'session',
  'reader',
  'client',
  'payment',
  'platform',
  'payout',
  'earnings',
  'hold',
] as const;

export const walletTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  /** Signed from the owner's side (cash and promotional credit together): positive money in, negative money out. */
  amountCents: z.number().int(),
  /** What promotional credit paid of this line (negative: what a refund gave back to credit); 0 when none (docs/decisions/066). */
  creditCents: z.number().int(),
  counterpart: z.object({
    type: z.enum(COUNTERPART_TYPES),
    id: z.string().optional(),
    name: z.string().optional(),
  }),
  reference: z.string().nullable(),
  createdAt: z.string(),
  /** A reading's charges are one line: how many minutes it covers; null on other lines. */
  minutes: z.number().int().nullable(),
  /** The reading's type on a reading's line (charges or refund); null on other lines. */
  sessionType: z.enum(SESSION_TYPES).nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const WALLET_PAGE_SIZE_DEFAULT = 20;
export const WALLET_PAGE_SIZE_MAX = 100;

/** A keyset cursor: the id of the last line of the previous page (a line's id is its newest transfer's). */
const cursorSchema = z.string().regex(/^[1-9]\d{0,15}$/, 'Invalid cursor');

export const walletQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(WALLET_PAGE_SIZE_MAX, `limit must be at most ${WALLET_PAGE_SIZE_MAX}`)
    .default(WALLET_PAGE_SIZE_DEFAULT),
  cursor: cursorSchema.optional(),
});
export type WalletQuery = z.infer<typeof walletQuerySchema>;

/**
 * A reader's money apart from the wallet: `availableCents` is earned and final (what a payout may
 * take); `heldCents` is their share of readings still open, which a refund could still take back.
 */
export const earningsSchema = z.object({
  availableCents: z.number().int(),
  heldCents: z.number().int(),
});
export type Earnings = z.infer<typeof earningsSchema>;

/**
 * What money on hold is for (docs/decisions/046, 047, 048): each has its own release rule. A card
 * refund is held while the provider carries it out (decision 058).
 */
export const HOLD_KINDS = ['appointment', 'written_reading', 'card_refund'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];

const heldFields = {
  /** The appointment's, the written question's or the card refund's id. */
  id: z.string(),
  /** What the hold still holds (a booked reading running now has used some of it). */
  amountCents: z.number().int(),
};
const holdFields = {
  ...heldFields,
  readerId: z.string(),
  readerName: z.string(),
};

/** One thing money is held for, as GET /api/wallet lists it (decision 057). */
export const walletHoldSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('appointment'),
    ...holdFields,
    sessionType: z.enum(SESSION_TYPES),
    startsAt: z.string(),
    minutes: z.number().int(),
    /** Pending: the reader has not answered yet; accepted: booked. */
    status: z.enum(OPEN_APPOINTMENT_STATUSES),
  }),
  z.object({
    kind: z.literal('written_reading'),
    ...holdFields,
    askedAt: z.string(),
    /** Not answered by then, it is refunded in full. */
    dueAt: z.string(),
  }),
  z.object({
    kind: z.literal('card_refund'),
    ...heldFields,
    requestedAt: z.string(),
  }),
]);
export type WalletHold = z.infer<typeof walletHoldSchema>;

/** When a hold comes back to the wallet, and when it is charged, as the client should read it (the rules of 047 and 048). */
export function holdReleaseRule(hold: WalletHold): string {
  if (hold.kind === 'written_reading') return 'Charged when answered; refunded in full if not answered in time.';
  if (hold.kind === 'card_refund')
    return 'Leaves for your card once the card processor confirms the refund; back in your balance if it refuses it.';
  if (hold.status === 'pending') return 'Refunded in full if the reader declines or does not answer, or if you cancel.';
  return `Pays for the reading; what it does not use comes back. Refunded in full if the reader cancels or misses it, or if you cancel more than ${APPOINTMENT_FREE_CANCEL_HOURS} hours ahead; ${APPOINTMENT_FEE_PERCENT}% is kept if you cancel later or miss it.`;
}

export const walletSchema = z.object({
  /** The wallet's cash: deposits less spending (never withdrawable). Promotional credit is apart. */
  balanceCents: z.number().int(),
  /** Promotional credit not yet expired (decision 066): spent before the cash, never refunded to a card. */
  creditCents: z.number().int(),
  /** The credit that expires soonest, or null when there is none. */
  nextCreditExpiry: creditExpirySchema.nullable(),
  /** Put aside for things not yet settled (a hold, docs/decisions/046): not spendable, not in the balance; the sum of `holds`. */
  onHoldCents: z.number().int(),
  /** Each thing money is held for, soonest first; their amounts add up to onHoldCents. */
  holds: z.array(walletHoldSchema),
  earnings: earningsSchema,
  transactions: z.array(walletTransactionSchema),
  nextCursor: z.string().nullable(),
  /** Why the wallet pays for nothing new (an open chargeback), or null. */
  frozenReason: z.string().nullable().optional(),
});
export type Wallet = z.infer<typeof walletSchema>;

// Payouts: a reader moves earned, final money out; an admin marks the payout paid or rejects it.

/** 'failed': paid, then the transfer came back (transfer.reversed): the money is in the reader's earnings again. */
export const PAYOUT_STATUSES = ['pending', 'paid', 'rejected', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_MINIMUM_MESSAGE = `The minimum payout is ${formatCents(PAYOUT_MIN_CENTS)}`;
export const PAYOUT_ACCOUNT_REQUIRED_MESSAGE = 'Connect a payout account first: payouts go to it through Stripe.';

export const requestPayoutSchema = z.object({
  /** Omitted: all the available earnings. */
  amountCents: z
    .number({ error: 'Amount must be a whole number of cents' })
    .int('Amount must be a whole number of cents')
    // The least a payout may be is the server's (PAYOUT_MINIMUM_CENTS); it answers 400 below it.
    .positive(PAYOUT_MINIMUM_MESSAGE)
    .max(Number.MAX_SAFE_INTEGER, 'Amount is too large')
    .optional(),
});
export type RequestPayoutInput = z.infer<typeof requestPayoutSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  readerId: z.string(),
  readerName: z.string(),
  /** Where an admin sends the money: names are not unique, the sign-in email is. */
  readerEmail: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The provider's transfer that paid it (Stripe's tr_…), once it exists. */
  transferId: z.string().nullable().optional(),
  /** Why a paid payout came back. */
  failureReason: z.string().nullable().optional(),
  /** The reader's payout account as the provider last told us (account.updated). */
  accountStatus: z.enum(['none', 'pending', 'enabled', 'restricted']).optional(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** `availableCents`: the reader's available earnings after the request or decision. */
export const payoutResultSchema = z.object({ payout: payoutSchema, availableCents: z.number().int() });
export type PayoutResult = z.infer<typeof payoutResultSchema>;

export const payoutListQuerySchema = z.object({ status: z.enum(PAYOUT_STATUSES).optional() });
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;
export const PAYOUT_LIST_LIMIT = 100;

export const payoutListSchema = z.object({ payouts: z.array(payoutSchema) });
export type PayoutList = z.infer<typeof payoutListSchema>;

export const payoutDecisionSchema = z.object({
  decision: z.enum(['paid', 'rejected'], { error: "decision must be 'paid' or 'rejected'" }),
});
export type PayoutDecisionInput = z.infer<typeof payoutDecisionSchema>;

export const payoutIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

// Spending limits (decision 018): a client's own caps on what they deposit per UTC calendar day, week
// (from Monday) and month (docs/decisions/018). Lowering one takes effect at once; raising or
// removing one only after DEPOSIT_LIMIT_DELAY_MS, as responsible-gambling rules ask of deposit limits.

export const DEPOSIT_LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];

/** The request and response field of each period. */
export const DEPOSIT_LIMIT_FIELDS = {
  daily: 'dailyCents',
  weekly: 'weeklyCents',
  monthly: 'monthlyCents',
} as const satisfies Record<DepositLimitPeriod, string>;

export const DEPOSIT_LIMIT_PERIOD_LABELS: Record<DepositLimitPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** A limit under the smallest deposit would forbid every deposit; over $100,000 it limits nothing. */
export const DEPOSIT_LIMIT_MIN_CENTS = DEPOSIT_MIN_CENTS;
export const DEPOSIT_LIMIT_MAX_CENTS = 10_000_000;
/** Real hours, whatever BILLING_MINUTE_MS is: a cooling-off period for the person, not for the meter. */
export const DEPOSIT_LIMIT_DELAY_MS = 24 * 60 * 60 * 1000;

export const DEPOSIT_LIMIT_AMOUNT_MESSAGE = `A limit must be a whole number of cents from ${formatCents(DEPOSIT_LIMIT_MIN_CENTS)} to ${formatCents(DEPOSIT_LIMIT_MAX_CENTS)}, or null for none`;

export const depositLimitCentsSchema = z
  .number({ error: DEPOSIT_LIMIT_AMOUNT_MESSAGE })
  .int(DEPOSIT_LIMIT_AMOUNT_MESSAGE)
  .min(DEPOSIT_LIMIT_MIN_CENTS, DEPOSIT_LIMIT_AMOUNT_MESSAGE)
  .max(DEPOSIT_LIMIT_MAX_CENTS, DEPOSIT_LIMIT_AMOUNT_MESSAGE)
  .nullable();

/** PUT /api/wallet/limits: a field set to null removes that limit; an absent field stays as it is. */
export const depositLimitsUpdateSchema = z.strictObject({
  dailyCents: depositLimitCentsSchema.optional(),
  weeklyCents: depositLimitCentsSchema.optional(),
  monthlyCents: depositLimitCentsSchema.optional(),
});
export type DepositLimitsUpdate = z.infer<typeof depositLimitsUpdateSchema>;

/** A raise (or, with `limitCents` null, a removal) waiting for its 24 hours. */
export const pendingDepositLimitSchema = z.object({
  limitCents: z.number().int().nullable(),
  pendingEffectiveAt: z.string(),
});
export type PendingDepositLimit = z.infer<typeof pendingDepositLimitSchema>;

/** GET and PUT /api/wallet/limits: the limits in force (null: none) and any change still pending. */
export const depositLimitsSchema = z.object({
  dailyCents: z.number().int().nullable(),
  weeklyCents: z.number().int().nullable(),
  monthlyCents: z.number().int().nullable(),
  pending: z.object({
    daily: pendingDepositLimitSchema.nullable(),
    weekly: pendingDepositLimitSchema.nullable(),
    monthly: pendingDepositLimitSchema.nullable(),
  }),
});
export type DepositLimits = z.infer<typeof depositLimitsSchema>;

/** Beside code and message, a DEPOSIT_LIMIT refusal says which limit and how much is left until when. */
export const depositLimitRefusalSchema = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  limitCents: z.number().int(),
  remainingCents: z.number().int(),
  resetsAt: z.string(),
});
export type DepositLimitRefusal = z.infer<typeof depositLimitRefusalSchema>;

// The reading reminder: during a reading, the client hears the time and cost so far every N minutes.

export const READING_REMINDER_MINUTES = [10, 15, 30] as const;
export type ReadingReminderMinutes = (typeof READING_REMINDER_MINUTES)[number];

const READING_REMINDER_MESSAGE = 'everyMinutes must be 10, 15, 30 or null';

/** GET and PUT /api/wallet/reading-reminder; null: no reminder. */
export const readingReminderSchema = z.strictObject({
  everyMinutes: z.literal(READING_REMINDER_MINUTES, { error: READING_REMINDER_MESSAGE }).nullable(),
});
export type ReadingReminder = z.infer<typeof readingReminderSchema>;
