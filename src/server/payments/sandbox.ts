import { createHash, randomBytes } from 'node:crypto';
import { CHECKOUT_TEST_CARDS, type CheckoutTestCardOutcome } from '@shared/payments';
import { badRequest } from '../errors';
import type { ChargeRequest, ChargeResult, CheckoutSessionRequest, PaymentsProvider } from './provider';
import { stripeEvent, stripeSignatureHeader } from './stripe-signature';

/** The test cards the sandbox knows, named like Stripe's test payment methods. */
const SANDBOX_CARDS: Record<string, ChargeResult['status']> = {
  pm_card_visa: 'succeeded',
  pm_card_mastercard: 'succeeded',
  pm_card_chargeDeclined: 'declined',
};

export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';
export const UNKNOWN_PAYMENT_METHOD_MESSAGE = 'Unknown payment method';

/** Cards the sandbox saved at checkout; only cards that succeed are ever saved, so they succeed. */
const SAVED_CARD_PREFIX = 'pm_sandbox_saved_';

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

interface SandboxCheckout {
  id: string;
  request: CheckoutSessionRequest;
  status: 'open' | 'complete' | 'expired';
}

export interface SandboxCheckoutView {
  checkoutSessionId: string;
  amountCents: number;
  status: SandboxCheckout['status'];
  cancelUrl: string;
}

export type SandboxPayOutcome = { outcome: 'paid'; redirectUrl: string } | { outcome: 'declined'; message: string };

export interface SandboxPayments extends PaymentsProvider {
  readonly name: 'sandbox';
  /** The local page that plays Stripe Checkout reads and pays a session through these. */
  checkout: {
    view(sessionId: string, userId: string): SandboxCheckoutView | undefined;
    pay(sessionId: string, userId: string, cardNumber: string): Promise<SandboxPayOutcome>;
  };
}

const outcomeOfCard = (cardNumber: string): CheckoutTestCardOutcome | undefined =>
  CHECKOUT_TEST_CARDS.find((card) => card.number === cardNumber.replace(/[\s-]/g, ''))?.outcome;

/**
 * The default provider: a card processor's test mode without a network. Direct charges take the
 * test payment methods; hosted checkout, refunds, Connect accounts and transfers play Stripe's side
 * in this process, and every outcome reaches the app as a signed event through its own webhook,
 * so the sandbox and Stripe share one code path for money in and out (docs/decisions/039).
 */
export function sandboxPayments(options: { publicUrl?: string; now?: () => number } = {}): SandboxPayments {
  const publicUrl = options.publicUrl ?? 'http://localhost:5000';
  const now = options.now ?? Date.now;
  const webhookSecret = `whsec_sandbox_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, SandboxCheckout>();
  const transfers = new Map<string, string>();
  const refundedByIntent = new Map<string, number>();
  let deliver: ((payload: string, signature: string) => Promise<void>) | undefined;

  /** Signs and delivers an event as Stripe would; a sandbox without a webhook drops it. */
  async function emit(type: string, object: Record<string, unknown>) {
    if (!deliver) return;
    const seconds = Math.floor(now() / 1000);
    const payload = JSON.stringify(stripeEvent(type, object, seconds));
    await deliver(payload, stripeSignatureHeader(webhookSecret, payload, seconds));
  }

  return {
    name: 'sandbox',
    webhookSecret,
    deliverEventsTo(target) {
      deliver = target;
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const outcome = request.paymentMethodId.startsWith(SAVED_CARD_PREFIX)
        ? 'succeeded'
        : SANDBOX_CARDS[request.paymentMethodId];
      if (!outcome)
        throw badRequest(UNKNOWN_PAYMENT_METHOD_MESSAGE, { paymentMethodId: UNKNOWN_PAYMENT_METHOD_MESSAGE });
      if (outcome === 'declined') return { status: 'declined', message: SANDBOX_DECLINE_MESSAGE };
      return { status: 'succeeded', reference: `sandbox_pi_${digestOf(request.idempotencyKey)}` };
    },
    async createCheckoutSession(request) {
      const id = `cs_sandbox_${digestOf(request.idempotencyKey)}`;
      if (!sessions.has(id)) sessions.set(id, { id, request, status: 'open' });
      return { id, url: `${publicUrl}/sandbox/checkout/${id}` };
    },
    async refundPayment(request) {
      const refundId = `re_sandbox_${digestOf(request.idempotencyKey)}`;
      const refunded = (refundedByIntent.get(request.paymentIntentId) ?? 0) + request.amountCents;
      refundedByIntent.set(request.paymentIntentId, refunded);
      // Stripe confirms a card refund by an event; the sandbox confirms at once, after answering.
      setImmediate(() => {
        void emit('charge.refunded', {
          id: `ch_sandbox_${request.paymentIntentId.slice(-12)}`,
          object: 'charge',
          payment_intent: request.paymentIntentId,
          amount_refunded: refunded,
          refunded: true,
          currency: 'usd',
        }).catch(() => undefined);
      });
      return { refundId };
    },
    async createCustomer(request) {
      return { customerId: `cus_sandbox_${digestOf(request.idempotencyKey).slice(0, 16)}` };
    },
    async detachPaymentMethod(paymentMethodId) {
      await emit('payment_method.detached', { id: paymentMethodId, object: 'payment_method', customer: null });
    },
    async createConnectAccount(request) {
      return { accountId: `acct_sandbox_${digestOf(request.idempotencyKey).slice(0, 16)}` };
    },
    async createAccountLink(request) {
      // Onboarding completes at once in the sandbox: the account is enabled before the page returns.
      await emit('account.updated', {
        id: request.accountId,
        object: 'account',
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        requirements: { currently_due: [], disabled_reason: null },
      });
      return { url: request.returnUrl };
    },
    async createTransfer(request) {
      const existing = transfers.get(request.idempotencyKey);
      if (existing) return { transferId: existing };
      const transferId = `tr_sandbox_${digestOf(request.idempotencyKey)}`;
      transfers.set(request.idempotencyKey, transferId);
      return { transferId };
    },
    checkout: {
      view(sessionId, userId) {
        const session = sessions.get(sessionId);
        if (!session || session.request.userId !== userId) return undefined;
        return {
          checkoutSessionId: session.id,
          amountCents: session.request.amountCents,
          status: session.status,
          cancelUrl: session.request.cancelUrl,
        };
      },
      async pay(sessionId, userId, cardNumber) {
        const session = sessions.get(sessionId);
        if (!session || session.request.userId !== userId)
          throw badRequest('This checkout page has expired. Please start again from your wallet.');
        const outcome = outcomeOfCard(cardNumber);
        if (!outcome)
          throw badRequest('Use one of the test cards shown on this page', {
            cardNumber: 'Use one of the test cards shown on this page',
          });
        if (outcome !== 'succeeded')
          return {
            outcome: 'declined',
            message:
              outcome === 'declined'
                ? SANDBOX_DECLINE_MESSAGE
                : 'This card needs authentication, which the sandbox cannot do. Please use another card.',
          };
        if (session.status === 'open') {
          session.status = 'complete';
          const saveFor = session.request.saveCardFor;
          if (saveFor) {
            const number = cardNumber.replace(/[\s-]/g, '');
            const expYear = new Date(now()).getUTCFullYear() + 3;
            await emit('payment_method.attached', {
              id: `${SAVED_CARD_PREFIX}${digestOf(`${session.id}:card`)}`,
              object: 'payment_method',
              type: 'card',
              customer: saveFor.customerId,
              card: {
                brand: number.startsWith('5') ? 'mastercard' : 'visa',
                last4: number.slice(-4),
                exp_month: 12,
                exp_year: expYear,
              },
            });
          }
          await emit('checkout.session.completed', {
            id: session.id,
            object: 'checkout.session',
            mode: 'payment',
            amount_total: session.request.amountCents,
            currency: 'usd',
            payment_status: 'paid',
            status: 'complete',
            payment_intent: `pi_sandbox_${digestOf(session.id)}`,
            client_reference_id: session.request.userId,
            metadata: { user_id: session.request.userId, deposit_id: session.request.depositId },
          });
        }
        return { outcome: 'paid', redirectUrl: session.request.successUrl };
      },
    },
  };
}
