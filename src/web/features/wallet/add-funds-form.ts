import { DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS } from '@shared/constants';
import { formatCents, parseDollarsToCents } from '@shared/money';
import { ERROR_CODES } from '@shared/errors';
import { INVALID_AMOUNT_MESSAGE } from '@shared/wallet';
import { z } from '@shared/zod-config';
import { ApiError } from '@/lib/api';

/**
 * What the amount field says about what was typed, or null when it can be paid: a readable amount
 * out of bounds names the bound it broke (issue 30: 'Please enter a valid amount' for $5,000 told
 * nobody what to change); nothing, 0 or text is SPEC.md's 'Please enter a valid amount'.
 */
export function depositAmountProblem(input: string): string | null {
  const cents = parseDollarsToCents(input);
  if (cents === null || cents === 0) return INVALID_AMOUNT_MESSAGE;
  if (cents < DEPOSIT_MIN_CENTS) return `Amount must be at least ${formatCents(DEPOSIT_MIN_CENTS)}`;
  if (cents > DEPOSIT_MAX_CENTS) return `Amount must be at most ${formatCents(DEPOSIT_MAX_CENTS)}`;
  return null;
}

/**
 * What was typed in the amount field, in cents, or null for 0, under $1, over $1,000, empty or
 * not a dollar amount (a number field hands over '' for text it cannot read).
 */
export function parseDepositAmount(input: string): number | null {
  return depositAmountProblem(input) === null ? parseDollarsToCents(input) : null;
}

export const addFundsFormSchema = z.object({
  amount: z.string().transform((text, ctx) => {
    const problem = depositAmountProblem(text);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return parseDepositAmount(text) as number;
  }),
  paymentMethodId: z.string().min(1, 'Choose a card'),
  /** With a new card: keep it for later deposits. */
  saveCard: z.boolean().optional(),
});
export type AddFundsFormInput = z.input<typeof addFundsFormSchema>;
export type AddFundsFormOutput = z.output<typeof addFundsFormSchema>;

export interface DepositAttempt {
  idempotencyKey: string;
  amountCents: number;
  paymentMethodId: string;
}

/**
 * The attempt a submission belongs to: the previous one again when it asks for the same amount on
 * the same card (its outcome is unknown, so the server must see the same key and charge at most
 * once), otherwise a new one with a fresh key.
 */
export function attemptFor(previous: DepositAttempt | null, amountCents: number, paymentMethodId: string, newKey: () => string): DepositAttempt {
  if (previous && previous.amountCents === amountCents && previous.paymentMethodId === paymentMethodId) return previous;
  return { idempotencyKey: newKey(), amountCents, paymentMethodId };
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
