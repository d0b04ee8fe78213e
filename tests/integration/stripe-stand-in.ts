import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHECKOUT_TEST_CARDS } from '@shared/payments';
import { stripeEvent, stripeSignatureHeader } from '../../src/server/payments/stripe-signature';

interface StandInIntent {
  id: string;
  amount: number;
  paymentMethod: string;
  status: string;
}

export interface StripeRequestLog {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

export interface StandInCheckoutSession {
  id: string;
  amountTotal: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  paymentIntent: string | null;
  customer: string | null;
  savesCard: boolean;
}

export interface StandInTransfer {
  id: string;
  amount: number;
  destination: string;
  metadata: Record<string, string>;
  reversed: boolean;
}

export interface StandInOptions {
  /** The clock events are signed and dated by (the tests' fake clock); real time by default. */
  now?: () => number;
  webhookSecret?: string;
}

/** Stripe's form encoding (`metadata[deposit_id]=…`) read back into the keys' last segments. */
/** A secret key the stand-in refuses with 401, as Stripe refuses a revoked one. */
export const REFUSED_SECRET_KEY = 'sk_test_refused';

function bracketed(params: URLSearchParams, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']') && !key.slice(prefix.length + 1, -1).includes('['))
      found[key.slice(prefix.length + 1, -1)] = value;
  }
  return found;
}

/**
 * A local stand-in for the Stripe endpoints the provider calls (create and confirm a
 * PaymentIntent), answering like Stripe's test mode: pm_card_visa succeeds, pm_card_chargeDeclined
 * is a card_error, pm_card_authenticationRequired needs action, anything else is no such method.
 * It keeps Stripe's idempotency: a repeated key gets the first answer. `dropConnections(n)` makes
 * the next n requests fail at the network level.
 */
export async function startStripeStandIn(options: StandInOptions = {}) {
  const now = options.now ?? Date.now;
  const webhookSecret = options.webhookSecret ?? 'whsec_standin_0123456789abcdef';
  let webhookUrl: string | undefined;
  const checkoutSessions = new Map<string, StandInCheckoutSession>();
  const transfers = new Map<string, StandInTransfer>();
  const accounts = new Map<string, { id: string; email: string; payoutsEnabled: boolean; detailsSubmitted: boolean }>();
  const refunds: { id: string; paymentIntent: string; amount: number }[] = [];
  const refundedByIntent = new Map<string, number>();
  const refundEvents = { isHeld: false, held: [] as ReturnType<typeof event>[] };
  /** Every event the stand-in delivered, with the webhook's answer. */
  const delivered: { type: string; id: string; status: number }[] = [];
  const intents = new Map<string, StandInIntent>();
  let customers = 0;
  let savedCards = 0;
  const detached: string[] = [];
  const answersByKey = new Map<string, { status: number; body: unknown }>();
  const log: StripeRequestLog[] = [];
  let connectionsToDrop = 0;

  function answer(path: string, params: URLSearchParams): { status: number; body: unknown } {
    if (path === '/v1/checkout/sessions') {
      const session: StandInCheckoutSession = {
        id: `cs_test_standin_${checkoutSessions.size + 1}`,
        amountTotal:
          Number(params.get('line_items[0][price_data][unit_amount]')) *
          Number(params.get('line_items[0][quantity]') ?? 1),
        currency: params.get('line_items[0][price_data][currency]') ?? 'usd',
        metadata: bracketed(params, 'metadata'),
        successUrl: params.get('success_url') ?? '',
        cancelUrl: params.get('cancel_url') ?? '',
        status: 'open',
        paymentIntent: null,
        customer: params.get('customer'),
        savesCard: params.get('payment_intent_data[setup_future_usage]') === 'off_session',
      };
      checkoutSessions.set(session.id, session);
      return { status: 200, body: { ...checkoutObject(session), url: `http://127.0.0.1:${port}/c/pay/${session.id}` } };
    }
    if (path === '/v1/customers') {
      customers += 1;
      return { status: 200, body: { id: `cus_standin_${customers}`, object: 'customer', email: params.get('email') } };
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (detach) {
      detached.push(detach[1]!);
      return { status: 200, body: { id: detach[1], object: 'payment_method', customer: null } };
    }
    if (path === '/v1/refunds') {
      const paymentIntent = params.get('payment_intent') ?? '';
      const amount = Number(params.get('amount'));
      const refund = { id: `re_standin_${refunds.length + 1}`, paymentIntent, amount };
      refunds.push(refund);
      const total = (refundedByIntent.get(paymentIntent) ?? 0) + amount;
      refundedByIntent.set(paymentIntent, total);
      // As Stripe does: the refund is answered, and confirmed by an event shortly after (or when a
      // test that holds refund events releases them).
      const confirmation = event('charge.refunded', chargeObject(paymentIntent, total));
      if (refundEvents.isHeld) refundEvents.held.push(confirmation);
      else setTimeout(() => void deliver(confirmation).catch(() => undefined), 5);
      return {
        status: 200,
        body: { id: refund.id, object: 'refund', amount, payment_intent: paymentIntent, status: 'succeeded' },
      };
    }
    if (path === '/v1/accounts') {
      const account = {
        id: `acct_standin_${accounts.size + 1}`,
        email: params.get('email') ?? '',
        payoutsEnabled: false,
        detailsSubmitted: false,
      };
      accounts.set(account.id, account);
      return { status: 200, body: accountObject(account.id, false, false) };
    }
    if (path === '/v1/account_links') {
      const account = params.get('account') ?? '';
      const url = `http://127.0.0.1:${port}/connect/onboard/${account}?return=${encodeURIComponent(params.get('return_url') ?? '')}`;
      return { status: 200, body: { object: 'account_link', url, expires_at: Math.floor(now() / 1000) + 300 } };
    }
    if (path === '/v1/transfers') {
      const destination = params.get('destination') ?? '';
      if (!accounts.get(destination)?.payoutsEnabled) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'account_invalid',
              message: `No such destination: '${destination}'`,
            },
          },
        };
      }
      const transfer = {
        id: `tr_standin_${transfers.size + 1}`,
        amount: Number(params.get('amount')),
        destination,
        metadata: bracketed(params, 'metadata'),
        reversed: false,
      };
      transfers.set(transfer.id, transfer);
      return {
        status: 200,
        body: {
          id: transfer.id,
          object: 'transfer',
          amount: transfer.amount,
          currency: 'usd',
          destination,
          metadata: transfer.metadata,
          reversed: false,
        },
      };
    }
    if (path === '/v1/payment_intents') {
      const paymentMethod = params.get('payment_method') ?? '';
      if (!paymentMethod.startsWith('pm_card_') || paymentMethod === 'pm_card_unknown') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'payment_method',
              message: `No such PaymentMethod: '${paymentMethod}'`,
            },
          },
        };
      }
      const intent = {
        id: `pi_standin_${intents.size + 1}`,
        amount: Number(params.get('amount')),
        paymentMethod,
        status: 'requires_confirmation',
      };
      intents.set(intent.id, intent);
      return { status: 200, body: toStripe(intent) };
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    const intent = confirm ? intents.get(confirm[1]!) : undefined;
    if (!intent)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
      };
    if (intent.paymentMethod === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      };
    }
    intent.status = intent.paymentMethod === 'pm_card_authenticationRequired' ? 'requires_action' : 'succeeded';
    return { status: 200, body: toStripe(intent) };
  }

  function checkoutObject(session: StandInCheckoutSession) {
    return {
      id: session.id,
      object: 'checkout.session',
      mode: 'payment',
      amount_total: session.amountTotal,
      currency: session.currency,
      metadata: session.metadata,
      client_reference_id: session.metadata.user_id ?? null,
      payment_intent: session.paymentIntent,
      payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
      status: session.status,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
    };
  }

  function chargeObject(paymentIntent: string, amountRefunded: number) {
    return {
      id: `ch_${paymentIntent.slice(3)}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount_refunded: amountRefunded,
      refunded: true,
      currency: 'usd',
    };
  }

  function accountObject(
    id: string,
    payoutsEnabled: boolean,
    detailsSubmitted: boolean,
    currentlyDue: string[] = payoutsEnabled ? [] : ['external_account'],
  ) {
    return {
      id,
      object: 'account',
      type: 'express',
      charges_enabled: payoutsEnabled,
      payouts_enabled: payoutsEnabled,
      details_submitted: detailsSubmitted,
      requirements: { currently_due: currentlyDue, disabled_reason: null },
    };
  }

  function event(type: string, object: Record<string, unknown>, id?: string) {
    return stripeEvent(type, object, Math.floor(now() / 1000), id);
  }

  /**
   * Posts an event to the webhook as Stripe does: the JSON as sent is what is signed. A test may
   * sign with another secret or time (a forgery, a stale replay) or send its own header.
   */
  async function deliver(
    payloadEvent: ReturnType<typeof event>,
    sign: { secret?: string; timestampSeconds?: number; header?: string | null } = {},
  ): Promise<{ status: number; body: unknown }> {
    if (!webhookUrl) throw new Error('the stand-in has no webhook url: call setWebhookUrl first');
    const payload = JSON.stringify(payloadEvent);
    const header =
      sign.header === undefined
        ? stripeSignatureHeader(
            sign.secret ?? webhookSecret,
            payload,
            sign.timestampSeconds ?? Math.floor(now() / 1000),
          )
        : sign.header;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(header !== null && { 'stripe-signature': header }),
      },
      body: payload,
    });
    const text = await response.text();
    delivered.push({ type: payloadEvent.type, id: payloadEvent.id, status: response.status });
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body };
  }

  /** What the hosted page does with a card: completes the session and tells the webhook, or declines. */
  async function pay(
    sessionId: string,
    cardNumber: string,
  ): Promise<{ outcome: 'paid'; redirectUrl: string } | { outcome: 'declined' }> {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const card = CHECKOUT_TEST_CARDS.find((c) => c.number === cardNumber.replace(/[\s-]/g, ''));
    if (card?.outcome !== 'succeeded') return { outcome: 'declined' };
    if (session.status !== 'complete') {
      session.status = 'complete';
      session.paymentIntent = `pi_standin_cs_${sessionId.split('_').pop()}`;
      // As Stripe does, the charge is announced apart (in no set order with the session's event),
      // with the card's fingerprint: one card number, one fingerprint, whoever pays with it.
      await deliver(
        event('charge.succeeded', {
          id: `ch_${session.paymentIntent.slice(3)}`,
          object: 'charge',
          payment_intent: session.paymentIntent,
          amount_refunded: 0,
          payment_method_details: {
            type: 'card',
            card: { fingerprint: `fp_standin_${cardNumber.replace(/[\s-]/g, '')}` },
          },
        }),
      );
      if (session.savesCard && session.customer) {
        // As Stripe does for setup_future_usage: the card is attached to the Customer, and said so.
        savedCards += 1;
        const number = cardNumber.replace(/[\s-]/g, '');
        await deliver(
          event('payment_method.attached', {
            id: `pm_card_standin_saved_${savedCards}`,
            object: 'payment_method',
            type: 'card',
            customer: session.customer,
            card: {
              brand: number.startsWith('5') ? 'mastercard' : 'visa',
              last4: number.slice(-4),
              exp_month: 12,
              exp_year: 2030,
            },
          }),
        );
      }
      await deliver(event('checkout.session.completed', checkoutObject(session)));
    }
    return { outcome: 'paid', redirectUrl: session.successUrl };
  }

  function checkoutPage(session: StandInCheckoutSession, message = '') {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (stand-in)</title></head><body>
<main><h1>Pay Soul Tribe</h1><p>Amount: $${(session.amountTotal / 100).toFixed(2)}</p>${message && `<p role="alert">${message}</p>`}
<form method="post" action="/c/pay/${session.id}"><label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" autocomplete="cc-number" inputmode="numeric">
<button type="submit">Pay</button></form><a href="${session.cancelUrl}">Cancel</a></main></body></html>`;
  }

  /** The hosted pages: Checkout (/c/pay/:id) and Connect onboarding (/connect/onboard/:account). */
  async function page(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    text: string,
  ): Promise<boolean> {
    const checkout = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (checkout) {
      const session = checkoutSessions.get(checkout[1]!);
      if (!session) {
        response.writeHead(404).end('No such checkout session');
        return true;
      }
      if (request.method === 'POST') {
        const paid = await pay(session.id, new URLSearchParams(text).get('cardNumber') ?? '');
        if (paid.outcome === 'paid') response.writeHead(303, { location: paid.redirectUrl }).end();
        else
          response
            .writeHead(402, { 'content-type': 'text/html' })
            .end(checkoutPage(session, 'Your card was declined.'));
        return true;
      }
      response.writeHead(200, { 'content-type': 'text/html' }).end(checkoutPage(session));
      return true;
    }
    const onboard = /^\/connect\/onboard\/([^/]+)$/.exec(path);
    if (onboard) {
      await updateAccount(onboard[1]!, { payoutsEnabled: true });
      const back = new URL(request.url ?? '/', 'http://stand-in').searchParams.get('return') ?? '/';
      response.writeHead(303, { location: back }).end();
      return true;
    }
    return false;
  }

  async function updateAccount(accountId: string, change: { payoutsEnabled: boolean; currentlyDue?: string[] }) {
    const account = accounts.get(accountId);
    if (account) {
      account.payoutsEnabled = change.payoutsEnabled;
      // Onboarding finished once is details submitted for good; what Stripe asks later restricts the account.
      account.detailsSubmitted ||= change.payoutsEnabled;
    }
    return deliver(
      event(
        'account.updated',
        accountObject(accountId, change.payoutsEnabled, account?.detailsSubmitted ?? false, change.currentlyDue),
      ),
    );
  }

  function toStripe(intent: StandInIntent) {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: 'usd',
      payment_method: intent.paymentMethod,
      status: intent.status,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += chunk;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (!path.startsWith('/v1/') && (await page(request, response, path, text))) return;
    log.push({ method: request.method ?? '', path, idempotencyKey, params: new URLSearchParams(text) });
    if (connectionsToDrop > 0) {
      connectionsToDrop--;
      request.socket.destroy();
      return;
    }
    // A key Stripe does not know (revoked, from another account): 401, as Stripe answers it.
    if (request.headers.authorization === `Bearer ${REFUSED_SECRET_KEY}`) {
      response.writeHead(401, { 'content-type': 'application/json', 'request-id': `req_${log.length}` });
      response.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_********used' },
        }),
      );
      return;
    }
    const key = idempotencyKey && `${path} ${idempotencyKey}`;
    const result = (key && answersByKey.get(key)) || answer(path, new URLSearchParams(text));
    if (key) answersByKey.set(key, result);
    response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': `req_${log.length}` });
    response.end(JSON.stringify(result.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    webhookSecret,
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    checkoutSessions,
    detached,
    transfers,
    accounts,
    refunds,
    delivered,
    event,
    deliver,
    pay,
    updateAccount,
    /** Refunds are answered but their charge.refunded events wait for releaseRefundEvents. */
    holdRefundEvents() {
      refundEvents.isHeld = true;
    },
    /** Delivers the held charge.refunded events, in order, and answers their deliveries. */
    async releaseRefundEvents() {
      const held = refundEvents.held.splice(0);
      const answers = [];
      for (const confirmation of held) answers.push(await deliver(confirmation));
      return answers;
    },
    /** Checkout's session ran out unpaid (or the payment failed): Stripe says so by an event. */
    expire(sessionId: string) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      if (session.status === 'open') session.status = 'expired';
      return deliver(
        event('checkout.session.expired', { ...checkoutObject(session), status: 'expired', payment_status: 'unpaid' }),
      );
    },
    /** The session as Stripe would send it in an event, completed (whatever its state here). */
    completedSession(sessionId: string, change: Partial<StandInCheckoutSession> = {}) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const completed: StandInCheckoutSession = {
        ...session,
        status: 'complete' as const,
        paymentIntent: session.paymentIntent ?? `pi_standin_cs_${sessionId.split('_').pop()}`,
        ...change,
      };
      return checkoutObject(completed);
    },
    dispute(
      paymentIntent: string,
      amount: number,
      status: 'needs_response' | 'won' | 'lost',
      id = `dp_standin_${paymentIntent.slice(3)}`,
    ) {
      const object = {
        id,
        object: 'dispute',
        amount,
        currency: 'usd',
        charge: `ch_${paymentIntent.slice(3)}`,
        payment_intent: paymentIntent,
        status,
        reason: 'fraudulent',
      };
      return deliver(event(status === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed', object));
    },
    reverseTransfer(transferId: string) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      transfer.reversed = true;
      return deliver(
        event('transfer.reversed', {
          id: transfer.id,
          object: 'transfer',
          amount: transfer.amount,
          amount_reversed: transfer.amount,
          currency: 'usd',
          destination: transfer.destination,
          metadata: transfer.metadata,
          reversed: true,
        }),
      );
    },
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    log,
    intents,
    dropConnections(count: number) {
      connectionsToDrop = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
