import { ERROR_CODES } from '@shared/errors';
import { ApiError } from '@/lib/api';

export interface CheckoutAttempt {
  idempotencyKey: string;
  /** The cart it was made for: product ids and quantities. */
  cartSignature: string;
}

export const cartSignature = (items: readonly { productId: string; quantity: number }[]) =>
  items.map((item) => `${item.productId}×${item.quantity}`).join(',');

/**
 * The attempt a Checkout belongs to: the previous one again while the cart is the same (a double
 * click, or a retry after no answer, must not pay twice; a refused order left nothing behind, so
 * its key is free to reuse), a new key once the cart changed.
 */
export function checkoutAttemptFor(
  previous: CheckoutAttempt | null,
  signature: string,
  newKey: () => string,
): CheckoutAttempt {
  if (previous && previous.cartSignature === signature) return previous;
  return { idempotencyKey: newKey(), cartSignature: signature };
}

export type CheckoutProblem = { kind: 'insufficient'; message: string } | { kind: 'other'; message: string };

/** What the cart says when an order is refused: no funds (with Add Funds), or the server's reason. */
export function checkoutProblem(error: unknown): CheckoutProblem {
  if (!(error instanceof ApiError))
    return { kind: 'other', message: 'We could not place your order. Please try again.' };
  if (error.status === 402 || error.code === ERROR_CODES.insufficientFunds)
    return { kind: 'insufficient', message: 'Insufficient balance' };
  const fieldMessages = Object.values(error.fields ?? {});
  return { kind: 'other', message: fieldMessages.length > 0 ? fieldMessages.join(' ') : error.message };
}
