import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { sandboxPayments } from './sandbox';

const request = { amountCents: 2500, idempotencyKey: 'deposit:1', customerRef: 'user-1' };

describe('sandbox payments', () => {
  const sandbox = sandboxPayments();

  it('charges the test Visa and Mastercard, the same reference for the same key', async () => {
    const first = await sandbox.charge({ ...request, paymentMethodId: 'pm_card_visa' });
    expect(first).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^sandbox_pi_/) });
    expect(await sandbox.charge({ ...request, paymentMethodId: 'pm_card_visa' })).toEqual(first);
    expect(
      await sandbox.charge({ ...request, paymentMethodId: 'pm_card_mastercard', idempotencyKey: 'deposit:2' }),
    ).toMatchObject({ status: 'succeeded' });
  });

  it('declines the declined test card with its reason', async () => {
    expect(await sandbox.charge({ ...request, paymentMethodId: 'pm_card_chargeDeclined' })).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('refuses an unknown payment method as bad input', async () => {
    const error = await sandbox.charge({ ...request, paymentMethodId: 'pm_card_unknown' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).message).toBe('Unknown payment method');
  });
});
