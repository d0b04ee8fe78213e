import Stripe from 'stripe';
import { badRequest } from '../errors';
import { type ChargeRequest, type ChargeResult, PaymentProviderUnavailableError, type PaymentsProvider } from './provider';
import { UNKNOWN_PAYMENT_METHOD_MESSAGE } from './sandbox';

export interface StripePaymentsOptions {
  secretKey: string;
  /** Another API address (tests use a local stand-in); Stripe's own by default. */
  api?: { host?: string; port?: number; protocol?: 'https' | 'http' };
  /** Stripe's client retries network failures itself, with the same idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const REQUIRES_ACTION_MESSAGE = 'This card needs extra authentication, which we cannot do here. Please use another card.';

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Maps Stripe's failures onto the provider contract: a decline, bad input, or unknown outcome. */
function toProviderOutcome(error: unknown): ChargeResult {
  if (!isStripeError(error)) throw error;
  if (error.type === 'StripeCardError') return { status: 'declined', message: error.message };
  if (error.type === 'StripeInvalidRequestError' && (error.param === 'payment_method' || error.code === 'resource_missing')) {
    throw badRequest(UNKNOWN_PAYMENT_METHOD_MESSAGE, { paymentMethodId: UNKNOWN_PAYMENT_METHOD_MESSAGE });
  }
  if (error.type === 'StripeConnectionError' || error.type === 'StripeAPIError' || error.type === 'StripeRateLimitError') {
    throw new PaymentProviderUnavailableError(`Stripe did not answer: ${error.message}`, { cause: error });
  }
  // Authentication and permission errors are our configuration's fault: a 500, logged.
  throw error;
}

function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: intent.id };
    case 'requires_action':
      return { status: 'declined', message: REQUIRES_ACTION_MESSAGE };
    case 'requires_payment_method':
      return { status: 'declined', message: intent.last_payment_error?.message ?? 'Your card was declined.' };
    default:
      // 'processing' and the rest: the money may still move, so the deposit stays pending.
      throw new PaymentProviderUnavailableError(`payment ${intent.id} is ${intent.status}`);
  }
}

/**
 * Stripe: a PaymentIntent is created, then confirmed, each call with an idempotency key derived
 * from ours, so a retry after a lost answer finds the same PaymentIntent instead of charging again.
 */
export function stripePayments(options: StripePaymentsOptions): PaymentsProvider {
  const { host, port, protocol } = options.api ?? {};
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(host && { host }),
    ...(port && { port }),
    ...(protocol && { protocol }),
  });
  return {
    name: 'stripe',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      try {
        const created = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            payment_method: request.paymentMethodId,
            // Cards only: a redirect-based method could not be finished inside this one request.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { customer_ref: request.customerRef },
          },
          { idempotencyKey: `${request.idempotencyKey}:create` },
        );
        const confirmed = await stripe.paymentIntents.confirm(created.id, {}, { idempotencyKey: `${request.idempotencyKey}:confirm` });
        return resultOf(confirmed);
      } catch (error) {
        return toProviderOutcome(error);
      }
    },
  };
}
