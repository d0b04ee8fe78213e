import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { PaymentProviderUnavailableError } from './provider';
import { stripePayments } from './stripe';
import { REFUSED_SECRET_KEY, startStripeStandIn } from '../../../tests/integration/stripe-stand-in';
import { paymentProviderErrors } from '../metrics/process-metrics';

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.log.length = 0;
  standIn.dropConnections(0);
});

const charge = { amountCents: 2500, customerRef: 'user-1' };
const provider = (maxNetworkRetries = 0) =>
  stripePayments({
    secretKey: 'sk_test_standin',
    webhookSecret: 'whsec_test',
    api: standIn.api,
    maxNetworkRetries,
    timeoutMs: 5_000,
  });

describe('stripe payments (against a local stand-in)', () => {
  it('creates then confirms a PaymentIntent, each with a key derived from ours', async () => {
    const result = await provider().charge({ ...charge, paymentMethodId: 'pm_card_visa', idempotencyKey: 'deposit:a' });
    expect(result).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^pi_standin_/) });
    expect(standIn.log.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_intents', 'deposit:a:create'],
      ['POST', `/v1/payment_intents/${(result as { reference: string }).reference}/confirm`, 'deposit:a:confirm'],
    ]);
    const created = standIn.log[0]!.params;
    expect(created.get('amount')).toBe('2500');
    expect(created.get('currency')).toBe('usd');
    expect(created.get('payment_method')).toBe('pm_card_visa');
    expect(created.get('metadata[customer_ref]')).toBe('user-1');
  });

  it('charges once when the same key is charged again', async () => {
    const first = await provider().charge({ ...charge, paymentMethodId: 'pm_card_visa', idempotencyKey: 'deposit:b' });
    const intentsBefore = standIn.intents.size;
    expect(
      await provider().charge({ ...charge, paymentMethodId: 'pm_card_visa', idempotencyKey: 'deposit:b' }),
    ).toEqual(first);
    expect(standIn.intents.size).toBe(intentsBefore);
  });

  it('reports a decline with the card issuer reason', async () => {
    expect(
      await provider().charge({ ...charge, paymentMethodId: 'pm_card_chargeDeclined', idempotencyKey: 'deposit:c' }),
    ).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('treats a card that needs authentication as declined', async () => {
    const result = await provider().charge({
      ...charge,
      paymentMethodId: 'pm_card_authenticationRequired',
      idempotencyKey: 'deposit:d',
    });
    expect(result).toMatchObject({ status: 'declined' });
  });

  it('refuses an unknown payment method as bad input', async () => {
    const error = await provider()
      .charge({ ...charge, paymentMethodId: 'pm_card_unknown', idempotencyKey: 'deposit:e' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
  });

  it('throws PaymentProviderUnavailableError when the network fails', async () => {
    standIn.dropConnections(10);
    const error = await provider()
      .charge({ ...charge, paymentMethodId: 'pm_card_visa', idempotencyKey: 'deposit:f' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
  });

  it('retries a dropped request with the same idempotency key', async () => {
    standIn.dropConnections(1);
    const result = await provider(1).charge({
      ...charge,
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: 'deposit:g',
    });
    expect(result).toMatchObject({ status: 'succeeded' });
    const creates = standIn.log.filter((r) => r.path === '/v1/payment_intents');
    expect(creates.map((r) => r.idempotencyKey)).toEqual(['deposit:g:create', 'deposit:g:create']);
  });

  it('throws PaymentProviderUnavailableError when nothing listens', async () => {
    const unreachable = stripePayments({
      secretKey: 'sk_test_standin',
      webhookSecret: 'whsec_test',
      api: { host: '127.0.0.1', port: 1, protocol: 'http' },
      maxNetworkRetries: 0,
    });
    const error = await unreachable
      .charge({ ...charge, paymentMethodId: 'pm_card_visa', idempotencyKey: 'deposit:h' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
  });

  it("tells a refused key once, naming STRIPE_SECRET_KEY, counts every refusal, and never hands Stripe's 401 to a user", async () => {
    const counted = async () =>
      (await paymentProviderErrors.get()).values.find((value) => value.labels.type === 'StripeAuthenticationError')
        ?.value ?? 0;
    const before = await counted();
    const told: { level: string; msg: string }[] = [];
    const log = {
      warn: (_obj: unknown, msg: string) => told.push({ level: 'warn', msg }),
      error: (_obj: unknown, msg: string) => told.push({ level: 'error', msg }),
    };
    const refused = stripePayments({
      secretKey: REFUSED_SECRET_KEY,
      webhookSecret: 'whsec_test',
      api: standIn.api,
      maxNetworkRetries: 0,
      timeoutMs: 5_000,
      log,
    });
    const failures = [
      await refused
        .createCustomer({ email: 'a@example.com', userId: 'u1', idempotencyKey: 'customer:u1' })
        .catch((e: unknown) => e),
      await refused
        .charge({ ...charge, paymentMethodId: 'pm_card_visa', idempotencyKey: 'deposit:refused' })
        .catch((e: unknown) => e),
    ];
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe('the payment provider refused our credentials (STRIPE_SECRET_KEY)');
      expect(failure).not.toHaveProperty('statusCode');
    }
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      level: 'error',
      msg: expect.stringMatching(/^STRIPE_SECRET_KEY: Stripe refused the key \(Invalid API Key provided/),
    });
    expect((await counted()) - before).toBe(2);
  });
});
