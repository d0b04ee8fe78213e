import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeEvent, stripeSignatureHeader } from './stripe-signature';

const stripe = new Stripe('sk_test_unused');

describe('stripeSignatureHeader (how the sandbox and the stand-in sign events)', () => {
  it('writes the header the SDK writes, and the SDK accepts it', () => {
    const payload = JSON.stringify(stripeEvent('checkout.session.completed', { id: 'cs_1' }, 1_800_000_000));
    const header = stripeSignatureHeader('whsec_abc', payload, 1_800_000_000);
    expect(header).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_abc', timestamp: 1_800_000_000 }),
    );
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_abc', 300, undefined, 1_800_000_100_000).type).toBe(
      'checkout.session.completed',
    );
  });

  it('is refused under another secret, for another body, or older than the tolerance', () => {
    const payload = JSON.stringify(stripeEvent('charge.refunded', { id: 'ch_1' }, 1_800_000_000));
    const header = stripeSignatureHeader('whsec_abc', payload, 1_800_000_000);
    expect(() =>
      stripe.webhooks.constructEvent(payload, header, 'whsec_other', 300, undefined, 1_800_000_000_000),
    ).toThrow();
    expect(() =>
      stripe.webhooks.constructEvent(`${payload} `, header, 'whsec_abc', 300, undefined, 1_800_000_000_000),
    ).toThrow();
    expect(() =>
      stripe.webhooks.constructEvent(payload, header, 'whsec_abc', 300, undefined, 1_800_000_301_000),
    ).toThrow(/tolerance/);
  });
});
