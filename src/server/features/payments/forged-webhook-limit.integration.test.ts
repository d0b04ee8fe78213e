import { request } from 'node:http';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { stripeTestApp } from '../../../../tests/integration/stripe-app';
import { providerEvents } from '../../db/schema';
import { checkLedger, getWalletBalanceCents } from '../wallet';

// Decision 059, item 16: 400 forged 250 KB posts in 15 s were each read and verified.
const clock = fakeClock();
const WINDOW_MS = 3_000;
const stripe = await stripeTestApp({
  clock,
  env: { WEBHOOK_FORGED_IP_MAX: '5', API_RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) },
});
const { app, standIn } = stripe;
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const eventRows = async () => (await app.db.select({ n: count() }).from(providerEvents))[0]!.n;
const forged = (body: unknown) =>
  standIn.deliver(standIn.event('checkout.session.completed', { id: 'cs_forged', padding: body }), {
    secret: 'whsec_forged_by_someone_else',
  });

/** Sends the headers and half of a 250 KB body, never the rest: only a refusal on arrival answers it. */
function halfSentPost(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
    const sent = request(
      {
        hostname,
        port,
        method: 'POST',
        path: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'content-length': String(250 * 1024),
          'stripe-signature': 't=1,v1=00',
        },
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] });
        sent.destroy();
      },
    );
    sent.on('error', (error) => (sent.destroyed ? undefined : reject(error)));
    sent.write('x'.repeat(125 * 1024));
  });
}

describe('the webhook limits forged posts per IP', () => {
  it('never limits signed deliveries; counts each forged one; past the limit refuses on arrival, before the body is read; the window reopens', async () => {
    const baseUrl = await app.listen();
    // Signed deliveries, six times the forged limit, are never limited.
    for (let i = 0; i < 30; i += 1)
      expect((await standIn.deliver(standIn.event('customer.created', { id: `cus_${i}` }))).status).toBe(200);

    const before = await eventRows();
    const padding = 'x'.repeat(250 * 1024 - 600);
    for (let i = 0; i < 5; i += 1) expect((await forged(padding)).status).toBe(400);
    const sixth = await forged(padding);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Refused on arrival: answered with half its body still unsent.
    const refused = await halfSentPost(baseUrl);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(await eventRows()).toBe(before);

    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 200));
    expect((await forged(padding)).status).toBe(400);
    // A signed deposit event credits its 1500 cents as ever.
    const client = await createClient(app);
    const session = await stripe.checkout(client, 1500);
    expect(
      (
        await standIn.deliver(
          standIn.event('checkout.session.completed', standIn.completedSession(session.checkoutSessionId)),
        )
      ).body,
    ).toMatchObject({ outcome: 'handled: credited' });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(1500);
  });
});
