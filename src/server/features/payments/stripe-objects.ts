import { z } from 'zod';

/**
 * The parts of Stripe's objects the webhook reads. Loose: Stripe adds fields without notice, and an
 * object missing what we need is ignored (and logged), never a 500 that Stripe would retry forever.
 */
const metadata = z.record(z.string(), z.string()).nullish();

/**
 * A Stripe event's envelope (decision 059): its id is stored as given (the row that makes a replay move
 * nothing), so it must be a printable token, never empty, huge or holding a NUL that PostgreSQL
 * refuses; its object is what a handler parses further. A signed body without these is answered
 * 400 and logged, nothing recorded.
 */
const eventToken = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);
export const stripeEventEnvelope = z.looseObject({
  id: eventToken,
  type: eventToken,
  data: z.looseObject({ object: z.looseObject({}) }),
});

export const checkoutSessionObject = z.looseObject({
  id: z.string(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  payment_status: z.string().nullish(),
  payment_intent: z.string().nullish(),
  metadata,
});
export type CheckoutSessionObject = z.infer<typeof checkoutSessionObject>;

export const paymentIntentObject = z.looseObject({ id: z.string(), metadata });
export type PaymentIntentObject = z.infer<typeof paymentIntentObject>;

export const disputeObject = z.looseObject({
  id: z.string(),
  amount: z.number().int().positive(),
  payment_intent: z.string().nullish(),
  status: z.string(),
});
export type DisputeObject = z.infer<typeof disputeObject>;

export const chargeObject = z.looseObject({
  id: z.string(),
  payment_intent: z.string().nullish(),
  amount_refunded: z.number().int().nonnegative(),
  payment_method_details: z
    .looseObject({ card: z.looseObject({ fingerprint: z.string().nullish() }).nullish() })
    .nullish(),
});
export type ChargeObject = z.infer<typeof chargeObject>;

export const paymentMethodObject = z.looseObject({
  id: z.string(),
  customer: z.string().nullish(),
  card: z
    .looseObject({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() })
    .nullish(),
});
export type PaymentMethodObject = z.infer<typeof paymentMethodObject>;

export const accountObject = z.looseObject({
  id: z.string(),
  payouts_enabled: z.boolean().nullish(),
  details_submitted: z.boolean().nullish(),
  requirements: z
    .looseObject({ currently_due: z.array(z.string()).nullish(), disabled_reason: z.string().nullish() })
    .nullish(),
});
export type AccountObject = z.infer<typeof accountObject>;

export const transferObject = z.looseObject({
  id: z.string(),
  amount: z.number().int(),
  amount_reversed: z.number().int().nullish(),
  metadata,
});
export type TransferObject = z.infer<typeof transferObject>;
