import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header exactly as Stripe writes it: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<payload>" under the endpoint's secret>`. The sandbox and the tests' stand-in sign with
 * it; the webhook checks it only through the SDK's `stripe.webhooks.constructEvent`.
 */
export function stripeSignatureHeader(secret: string, payload: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

let eventCounter = 0;

/** A Stripe event as its webhook delivers it (a snapshot event of API version 2025+). */
export function stripeEvent(type: string, object: Record<string, unknown>, createdSeconds: number, id?: string) {
  eventCounter += 1;
  return {
    id:
      id ?? `evt_${createdSeconds.toString(36)}${eventCounter.toString(36)}${Math.random().toString(36).slice(2, 10)}`,
    object: 'event',
    api_version: '2025-08-27.basil',
    created: createdSeconds,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
