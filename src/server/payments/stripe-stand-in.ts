import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/**
 * A local stand-in for the two Stripe endpoints the provider calls (create and confirm a
 * PaymentIntent), answering like Stripe's test mode: pm_card_visa succeeds, pm_card_chargeDeclined
 * is a card_error, pm_card_authenticationRequired needs action, anything else is no such method.
 * It keeps Stripe's idempotency: a repeated key gets the first answer. `dropConnections(n)` makes
 * the next n requests fail at the network level.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const answersByKey = new Map<string, { status: number; body: unknown }>();
  const log: StripeRequestLog[] = [];
  let connectionsToDrop = 0;

  function answer(path: string, params: URLSearchParams): { status: number; body: unknown } {
    if (path === '/v1/payment_intents') {
      const paymentMethod = params.get('payment_method') ?? '';
      if (!paymentMethod.startsWith('pm_card_') || paymentMethod === 'pm_card_unknown') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${paymentMethod}'` } },
        };
      }
      const intent = { id: `pi_standin_${intents.size + 1}`, amount: Number(params.get('amount')), paymentMethod, status: 'requires_confirmation' };
      intents.set(intent.id, intent);
      return { status: 200, body: toStripe(intent) };
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    const intent = confirm ? intents.get(confirm[1]!) : undefined;
    if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } } };
    if (intent.paymentMethod === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } };
    }
    intent.status = intent.paymentMethod === 'pm_card_authenticationRequired' ? 'requires_action' : 'succeeded';
    return { status: 200, body: toStripe(intent) };
  }

  function toStripe(intent: StandInIntent) {
    return { id: intent.id, object: 'payment_intent', amount: intent.amount, currency: 'usd', payment_method: intent.paymentMethod, status: intent.status };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += chunk;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    log.push({ method: request.method ?? '', path, idempotencyKey, params: new URLSearchParams(text) });
    if (connectionsToDrop > 0) {
      connectionsToDrop--;
      request.socket.destroy();
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
