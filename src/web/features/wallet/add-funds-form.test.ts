import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  addFundsFormSchema,
  attemptFor,
  failureReason,
  isUnsettled,
  newIdempotencyKey,
  parseDepositAmount,
} from './add-funds-form';

describe('parseDepositAmount', () => {
  it('reads dollars into cents within $1 to $1,000', () => {
    expect(parseDepositAmount('25')).toBe(2500);
    expect(parseDepositAmount('1')).toBe(100);
    expect(parseDepositAmount('12.5')).toBe(1250);
    expect(parseDepositAmount(' 999.99 ')).toBe(99_999);
    expect(parseDepositAmount('1000')).toBe(100_000);
  });

  it('refuses 0, under $1, over $1,000, empty, fractional cents and non-numbers', () => {
    for (const input of ['0', '0.00', '0.99', '1000.01', '5000', '', '   ', 'abc', '1e3', '-5', '2.555', '$25']) {
      expect(parseDepositAmount(input), input).toBeNull();
    }
  });

  it('says "Please enter a valid amount" through the form schema', () => {
    const result = addFundsFormSchema.safeParse({ amount: '0', paymentMethodId: 'pm_card_visa' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid amount');
    expect(addFundsFormSchema.parse({ amount: '25', paymentMethodId: 'pm_card_visa' })).toEqual({
      amount: 2500,
      paymentMethodId: 'pm_card_visa',
    });
  });

  it('names the bound an amount broke: at most $1,000.00, at least $1.00', () => {
    const problem = (amount: string) =>
      addFundsFormSchema
        .safeParse({ amount, paymentMethodId: 'pm_card_visa' })
        .error?.issues.map((issue) => issue.message);
    expect(problem('1000.01')).toEqual(['Amount must be at most $1,000.00']);
    expect(problem('5000')).toEqual(['Amount must be at most $1,000.00']);
    expect(problem('0.99')).toEqual(['Amount must be at least $1.00']);
    for (const unreadable of ['0', '', 'abc', '-5', '2.555'])
      expect(problem(unreadable), unreadable).toEqual(['Please enter a valid amount']);
    expect(problem('1000')).toBeUndefined();
  });
});

describe('deposit attempts', () => {
  let n = 0;
  const key = () => `key-${++n}`;

  it('keeps the key for a retry of the same amount and card, and makes a new one otherwise', () => {
    const first = attemptFor(null, 2500, 'pm_card_visa', key);
    expect(attemptFor(first, 2500, 'pm_card_visa', key)).toBe(first);
    expect(attemptFor(first, 5000, 'pm_card_visa', key).idempotencyKey).not.toBe(first.idempotencyKey);
    expect(attemptFor(first, 2500, 'pm_card_chargeDeclined', key).idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('treats a lost answer as unsettled and a decline or bad input as final', () => {
    expect(isUnsettled(new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
    expect(isUnsettled(new ApiError(502, 'HTTP_502', 'bad gateway'))).toBe(true);
    expect(isUnsettled(new ApiError(409, 'CONFLICT', 'in progress', undefined, { isRetryable: true }))).toBe(true);
    expect(
      isUnsettled(new ApiError(402, 'PAYMENT_FAILED', 'Failed to add funds', undefined, { isRetryable: true })),
    ).toBe(true);
    expect(
      isUnsettled(
        new ApiError(402, 'PAYMENT_FAILED', 'Failed to add funds', undefined, { reason: 'Your card was declined.' }),
      ),
    ).toBe(false);
    expect(isUnsettled(new ApiError(400, 'BAD_REQUEST', 'Unknown payment method'))).toBe(false);
  });

  it('shows the processor’s reason when there is one', () => {
    expect(
      failureReason(
        new ApiError(402, 'PAYMENT_FAILED', 'Failed to add funds', undefined, { reason: 'Your card was declined.' }),
      ),
    ).toBe('Your card was declined.');
    expect(failureReason(new ApiError(400, 'BAD_REQUEST', 'Unknown payment method'))).toBe('Unknown payment method');
  });

  it('makes distinct keys', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
