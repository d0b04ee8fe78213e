import { z } from './zod-config';

/**
 * Every API error body: `{ error: { code, message, fields? } }`. Loose: some errors carry facts
 * beside code and message (a 429's retryAfterSeconds, a 409's new rate), and the server checks
 * every error answer against this schema, which must not strip them.
 */
export const apiErrorSchema = z
  .object({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ApiError' });

/** A 204's empty body, so the document says there is none. */
export const noContentSchema = z.undefined().describe('No content');
export type ApiError = z.infer<typeof apiErrorSchema>['error'];

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  /** A request path in a form other than its one canonical spelling (dot segments, `//`, `%61`). */
  badPath: 'BAD_PATH',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  paymentFailed: 'PAYMENT_FAILED',
  insufficientFunds: 'INSUFFICIENT_FUNDS',
  /** A priced live stream the user has not joined (paid for) yet. */
  paymentRequired: 'PAYMENT_REQUIRED',
  /**
   * A promotion code used up, over budget, outside its window, already used by this person, or not for them (decision
   * 066).
   */
  promotionUnavailable: 'PROMOTION_UNAVAILABLE',
  /** The client paused their own account ('Take a break', decision 066): no funds in, nothing paid, until its end. */
  onABreak: 'ON_A_BREAK',
  /** One of two people has blocked the other (decision 068): nothing between them, whoever blocked whom. */
  blocked: 'BLOCKED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  /** A deposit over one of the client's own spending limits (403: allowed to ask, not to do). */
  depositLimit: 'DEPOSIT_LIMIT',
  /** An admin without two-factor sign-in while it is required (REQUIRE_ADMIN_2FA). */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** A reader's first payout waits for a verified email. */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  /** A wallet on hold while a chargeback on one of its deposits is open (decision 039). */
  walletFrozen: 'WALLET_FROZEN',
  /** A payout asked for before the reader's payout account (Stripe Connect) is enabled (decision 039). */
  payoutAccountRequired: 'PAYOUT_ACCOUNT_REQUIRED',
  /** A node stopping (SIGTERM) takes no new reading, queue place or stream; another node, or this one restarted, will (503). */
  serverDraining: 'SERVER_DRAINING',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const TWO_FACTOR_REQUIRED_MESSAGE = 'Turn on two-factor sign-in to use the admin dashboard.';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Verify your email before your first payout. We sent you a link; you can send it again from your dashboard.';

export const ACCOUNT_SUSPENDED_MESSAGE = 'This account has been suspended. Please contact support.';
