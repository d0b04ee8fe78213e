import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { cartSignature, checkoutAttemptFor, checkoutProblem } from './checkout';

describe('checkout attempt', () => {
  it('reuses the key while the cart stays the same and takes a new one when it changes', () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    const cart = cartSignature([{ productId: 'a', quantity: 1 }]);
    const first = checkoutAttemptFor(null, cart, newKey);
    expect(checkoutAttemptFor(first, cart, newKey)).toBe(first);
    const changed = checkoutAttemptFor(first, cartSignature([{ productId: 'a', quantity: 2 }]), newKey);
    expect(changed.idempotencyKey).toBe('key-2');
  });
});

describe('checkout problems', () => {
  it('says Insufficient balance for a 402, the server’s reason otherwise', () => {
    expect(
      checkoutProblem(
        new ApiError(402, 'INSUFFICIENT_FUNDS', 'Insufficient balance. Please add funds to your wallet.'),
      ),
    ).toEqual({ kind: 'insufficient', message: 'Insufficient balance' });
    expect(checkoutProblem(new ApiError(409, 'CONFLICT', 'Not enough of "Oracle Deck" in stock'))).toEqual({
      kind: 'other',
      message: 'Not enough of "Oracle Deck" in stock',
    });
    expect(checkoutProblem(new ApiError(400, 'VALIDATION', 'Invalid', { items: 'Your cart is empty' }))).toEqual({
      kind: 'other',
      message: 'Your cart is empty',
    });
    expect(checkoutProblem(new Error('boom')).kind).toBe('other');
  });
});
