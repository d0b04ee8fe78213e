import { DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS } from '@shared/constants';
import { ERROR_CODES } from '@shared/errors';
import { formatCents, parseDollarsToCents } from '@shared/money';
import { promotionCodeSchema } from '@shared/promotions';
import { INVALID_AMOUNT_MESSAGE } from '@shared/wallet';
import { z } from '@shared/zod-config';
import { ApiError } from '@/lib/api';

/**
 * What the amount field says about what was typed: its cents when it can be paid, else the problem.
 * A readable amount out of bounds names the bound it broke (not just 'Please enter a valid amount'
 * for $5,000 told nobody what to change); nothing, 0 or text is SPEC.md's 'Please enter a valid amount'.
 */
function checkDepositAmount(input: string): { cents: number; problem: null } | { cents: null; problem: string } {
  const cents = parseDollarsToCents(input);
  if (cents === null || cents === 0) return { cents: null, problem: INVALID_AMOUNT_MESSAGE };
  if (cents < DEPOSIT_MIN_CENTS)
    return { cents: null, problem: `Amount must be at least ${formatCents(DEPOSIT_MIN_CENTS)}` };
  if (cents > DEPOSIT_MAX_CENTS)
    return { cents: null, problem: `Amount must be at most ${formatCents(DEPOSIT_MAX_CENTS)}` };
  return { cents, problem: null };
}

/** The amount field's message, or null when what was typed can be paid. */
export const depositAmountProblem = (input: string): string | null => checkDepositAmount(input).problem;

/**
 * What was typed in the amount field, in cents, or null for 0, under $1, over $1,000, empty or
 * not a dollar amount (a number field hands over '' for text it cannot read).
 */
export const parseDepositAmount = (input: string): number | null => checkDepositAmount(input).cents;

export const addFundsFormSchema = z.object({
  amount: z.string().transform((text, ctx) => {
    const checked = checkDepositAmount(text);
    if (checked.problem !== null) {
      ctx.addIssue({ code: 'custom', message: checked.problem });
      return z.NEVER;
    }
    return checked.cents;
  }),
  paymentMethodId: z.string().min(1, 'Choose a card'),
  /** With a new card: keep it for later deposits. */
  saveCard: z.boolean().optional(),
  /** Optional: a promotion code whose bonus comes with this top-up (decision 066); empty is none. */
  promoCode: z
    .string()
    .optional()
    .transform((text) => (text?.trim() ? text : undefined))
    .pipe(promotionCodeSchema.optional()),
});
export type AddFundsFormInput = z.input<typeof addFundsFormSchema>;
export type AddFundsFormOutput = z.output<typeof addFundsFormSchema>;

export interface DepositAttempt {
  idempotencyKey: string;
  amountCents: number;
  paymentMethodId: string;
  promoCode?: string;
}

/**
 * The attempt a submission belongs to: the previous one again when it asks for the same amount on
 * the same card with the same promotion code (its outcome is unknown, so the server must see the
 * same key and charge at most once), otherwise a new one with a fresh key.
 */
export function attemptFor(
  previous: DepositAttempt | null,
  amountCents: number,
  paymentMethodId: string,
  newKey: () => string,
  promoCode?: string,
): DepositAttempt {
  if (
    previous &&
    previous.amountCents === amountCents &&
    previous.paymentMethodId === paymentMethodId &&
    previous.promoCode === promoCode
  )
    return previous;
  return { idempotencyKey: newKey(), amountCents, paymentMethodId, promoCode };
}

/**
 * Whether a failed deposit may still have gone through (no answer, a server error, or the server
 * says it is in progress or unreachable): then a retry must reuse the attempt's key. A decline or
 * bad input is final, and the next try is a new attempt.
 */
export function isUnsettled(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.details.isRetryable === true;
}

/** A refusal by the client's own spending limit: its message (what is left, until when), or undefined. */
export function depositLimitRefusal(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === ERROR_CODES.depositLimit ? error.message : undefined;
}

/** The card processor's reason, shown under 'Failed to add funds'. */
export function failureReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const reason = error.details.reason;
  return typeof reason === 'string' ? reason : error.message;
}

export { newIdempotencyKey } from '@/lib/idempotency-key';
