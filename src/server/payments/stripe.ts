import Stripe from 'stripe';
import { badRequest } from '../errors';
import { paymentProviderErrors } from '../metrics/process-metrics';
import {
  type ChargeRequest,
  type ChargeResult,
  PaymentProviderRefusedError,
  PaymentProviderUnavailableError,
  type PaymentsProvider,
} from './provider';
import { UNKNOWN_PAYMENT_METHOD_MESSAGE } from './sandbox';

export interface StripePaymentsOptions {
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`; `stripe listen` prints one). */
  webhookSecret: string;
  /** Another API address (tests use a local stand-in); Stripe's own by default. */
  api?: { host?: string; port?: number; protocol?: 'https' | 'http' };
  /** Stripe's client retries network failures itself, with the same idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** Where a failure the operator must act on is told (decision 054); the app's logger. */
  log?: ProviderLog;
}

interface ProviderLog {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const REQUIRES_ACTION_MESSAGE =
  'This card needs extra authentication, which we cannot do here. Please use another card.';

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

const isUnanswered = (error: Stripe.errors.StripeError) =>
  error.type === 'StripeConnectionError' || error.type === 'StripeAPIError' || error.type === 'StripeRateLimitError';
const isKeyRefused = (error: Stripe.errors.StripeError) =>
  error.type === 'StripeAuthenticationError' || error.type === 'StripePermissionError';

/**
 * Every failure of Stripe's but a card's own decline is counted (soul_payment_provider_errors_total)
 * and told with what to do: Stripe not answering at warn, a refused key at error, once (it refuses
 * every call until the operator changes STRIPE_SECRET_KEY). A refused key becomes our own failure
 * (a 500 with our message), never a 401 carrying Stripe's words to a user.
 */
function reporter(log: ProviderLog | undefined) {
  let isKeyRefusalTold = false;
  return (error: unknown): unknown => {
    if (!isStripeError(error) || error.type === 'StripeCardError') return error;
    paymentProviderErrors.inc({ provider: 'stripe', type: error.type });
    if (isKeyRefused(error)) {
      if (!isKeyRefusalTold) {
        isKeyRefusalTold = true;
        log?.error(
          { err: error },
          `STRIPE_SECRET_KEY: Stripe refused the key (${error.message}); set a secret key of this Stripe account (sk_live_…, or a restricted rk_live_… with these permissions) and restart`,
        );
      }
      return new Error('the payment provider refused our credentials (STRIPE_SECRET_KEY)', { cause: error });
    }
    if (isUnanswered(error))
      log?.warn(
        { err: error },
        `Stripe did not answer (${error.type}): the operation is retried with the same key; check this server's connection to Stripe`,
      );
    return error;
  };
}

/** Maps Stripe's failures onto the provider contract: a decline, bad input, or unknown outcome. */
function toProviderOutcome(error: unknown): ChargeResult {
  if (!isStripeError(error)) throw error;
  if (error.type === 'StripeCardError') return { status: 'declined', message: error.message };
  if (
    error.type === 'StripeInvalidRequestError' &&
    (error.param === 'payment_method' || error.code === 'resource_missing')
  ) {
    throw badRequest(UNKNOWN_PAYMENT_METHOD_MESSAGE, { paymentMethodId: UNKNOWN_PAYMENT_METHOD_MESSAGE });
  }
  if (isUnanswered(error))
    throw new PaymentProviderUnavailableError(`Stripe did not answer: ${error.message}`, { cause: error });
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
  const report = reporter(options.log);
  /** A call whose failure to reach Stripe is an unknown outcome (retry with the same key), not a 500. */
  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (caught) {
      const error = report(caught);
      if (isStripeError(error) && isUnanswered(error)) {
        throw new PaymentProviderUnavailableError(`Stripe did not answer: ${error.message}`, { cause: error });
      }
      if (isStripeError(error) && (error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError')) {
        throw new PaymentProviderRefusedError(error.message, { cause: error });
      }
      throw error;
    }
  }
  return {
    name: 'stripe',
    webhookSecret: options.webhookSecret,
    async createCheckoutSession(request) {
      const metadata = { user_id: request.userId, deposit_id: request.depositId };
      const session = await ask(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: request.amountCents,
                  product_data: { name: 'Soul Tribe wallet funds' },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            client_reference_id: request.userId,
            metadata,
            // On the PaymentIntent too, so its own events (a failed payment, a dispute) name the deposit.
            payment_intent_data: {
              metadata,
              ...(request.saveCardFor && { setup_future_usage: 'off_session' as const }),
            },
            ...(request.saveCardFor && { customer: request.saveCardFor.customerId }),
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },
    async refundPayment(request) {
      const refund = await ask(() =>
        stripe.refunds.create(
          { payment_intent: request.paymentIntentId, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },
    async createConnectAccount(request) {
      const account = await ask(() =>
        stripe.accounts.create(
          {
            type: 'express',
            email: request.email,
            capabilities: { transfers: { requested: true } },
            metadata: { user_id: request.userId },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { accountId: account.id };
    },
    async createAccountLink(request) {
      const link = await ask(() =>
        stripe.accountLinks.create({
          account: request.accountId,
          return_url: request.returnUrl,
          refresh_url: request.refreshUrl,
          type: 'account_onboarding',
        }),
      );
      return { url: link.url };
    },
    async createTransfer(request) {
      const transfer = await ask(() =>
        stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            destination: request.destinationAccountId,
            transfer_group: `payout:${request.payoutId}`,
            metadata: { payout_id: request.payoutId },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { transferId: transfer.id };
    },
    async createCustomer(request) {
      const customer = await ask(() =>
        stripe.customers.create(
          { email: request.email, metadata: { user_id: request.userId } },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { customerId: customer.id };
    },
    async detachPaymentMethod(paymentMethodId) {
      await ask(() => stripe.paymentMethods.detach(paymentMethodId));
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      try {
        const created = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            payment_method: request.paymentMethodId,
            ...(request.customerId && { customer: request.customerId }),
            // Cards only: a redirect-based method could not be finished inside this one request.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { customer_ref: request.customerRef },
          },
          { idempotencyKey: `${request.idempotencyKey}:create` },
        );
        // A saved card is charged without the person: off_session, so a card that needs them declines.
        const confirmed = await stripe.paymentIntents.confirm(
          created.id,
          request.customerId ? { off_session: true } : {},
          { idempotencyKey: `${request.idempotencyKey}:confirm` },
        );
        return resultOf(confirmed);
      } catch (error) {
        return toProviderOutcome(report(error));
      }
    },
  };
}
