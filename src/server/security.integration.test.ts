import { io } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, fundWallet, type TestUser } from '../../tests/integration/factories';
import { http } from '../../tests/integration/http';
import { nextEvent } from '../../tests/integration/socket-helpers';
import { createTestApp, TEST_ORIGIN, type TestApp, testApp } from '../../tests/integration/test-app';

const FOREIGN = 'http://localhost:5001';

let client: TestUser;
const app = await testApp({ env: { TRUSTED_ORIGINS: 'https://www.soultribe.example' } });
beforeAll(async () => {
  client = await createClient(app);
});

/** Opens a socket with exactly these headers; resolves 'connected' or the refusal's message. */
async function tryConnect(
  headers: Record<string, string>,
): Promise<{ outcome: string; socket?: ReturnType<typeof io> }> {
  const socket = io(await app.listen(), {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ outcome: 'connected', socket }));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve({ outcome: error.message });
    });
  });
}

describe('Socket.IO handshake origin', () => {
  it("refuses a signed-in socket from another origin (another port of the same site), so it hears nothing of the user's", async () => {
    const foreign = await tryConnect({ cookie: client.cookie, origin: FOREIGN });
    expect(foreign.outcome).not.toBe('connected');
    const missing = await tryConnect({ cookie: client.cookie });
    expect(missing.outcome).not.toBe('connected');
    const opaque = await tryConnect({ cookie: client.cookie, origin: 'null' });
    expect(opaque.outcome).not.toBe('connected');
  });

  it('accepts the site itself, an origin from TRUSTED_ORIGINS, and a same-origin browser request without Origin', async () => {
    const cases: Record<string, string>[] = [
      { cookie: client.cookie, origin: TEST_ORIGIN },
      { cookie: client.cookie, origin: 'https://www.soultribe.example' },
      { cookie: client.cookie, 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of cases) {
      const { outcome, socket } = await tryConnect(headers);
      expect(outcome).toBe('connected');
      if (headers.origin === TEST_ORIGIN) {
        const heard = nextEvent(socket!, 'wallet_updated');
        await http(app, client.cookie).post(
          '/api/payments/wallet-deposit',
          { amountCents: 1000, paymentMethodId: 'pm_card_visa' },
          { 'idempotency-key': `o-${Date.now()}` },
        );
        expect(await heard).toMatchObject({ balanceCents: expect.any(Number) });
      }
      socket?.disconnect();
    }
  });
});

describe('state-changing /api requests from another origin', () => {
  it('get 403 FORBIDDEN before anything else, on our routes as on Better Auth’s', async () => {
    const client = await createClient(app);
    await fundWallet(app, client.id, 100);
    const cases = [
      () => http(app, client.cookie).post('/api/sessions/end', { sessionId: 'x' }, { origin: FOREIGN }),
      () =>
        http(app, client.cookie).post(
          '/api/payments/wallet-deposit',
          { amountCents: 1000, paymentMethodId: 'pm_card_visa' },
          { origin: FOREIGN, 'idempotency-key': 'csrf-1' },
        ),
      () => http(app, client.cookie).patch('/api/readers/me', { isOnline: true }, { origin: FOREIGN }),
      () => http(app, client.cookie).post('/api/auth/update-user', { name: 'Hacked' }, { origin: FOREIGN }),
      () =>
        http(app).post(
          '/api/auth/sign-in/email',
          { email: client.email, password: client.password },
          { origin: FOREIGN },
        ),
      () => http(app, client.cookie).post('/api/sessions/end', { sessionId: 'x' }, { origin: '' }),
      () => http(app, client.cookie).post('/api/sessions/end', { sessionId: 'x' }, { origin: 'null' }),
      () =>
        http(app, client.cookie).post(
          '/api/sessions/end',
          { sessionId: 'x' },
          { origin: '', referer: `${FOREIGN}/page` },
        ),
    ];
    for (const send of cases) {
      const response = await send();
      expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
    const profile = await http(app, client.cookie).get('/api/auth/profile', { origin: FOREIGN });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ fullName: 'Test client', walletBalanceCents: 100 });
  });

  it('pass with our Origin, our Referer, or no Origin and no cookie (a script without credentials)', async () => {
    const ours = await http(app, client.cookie).post('/api/sessions/end', { sessionId: 'nope' });
    expect(ours.status).toBe(404);
    const referer = await http(app, client.cookie).post(
      '/api/sessions/end',
      { sessionId: 'nope' },
      { origin: '', referer: `${TEST_ORIGIN}/dashboard` },
    );
    expect(referer.status).toBe(404);
    const anonymous = await http(app).post('/api/sessions/end', { sessionId: 'nope' }, { origin: '' });
    expect(anonymous.status).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  const wrongSignIn = (target: TestApp, forwardedFor: string, n: number) =>
    http(target).post(
      '/api/auth/sign-in/email',
      { email: `nobody-${n}@example.com`, password: 'wrong-password' },
      { 'x-forwarded-for': forwardedFor },
    );

  it('is off by default, in production too: a rotating X-Forwarded-For still meets the per-IP limit', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        AUTH_RATE_LIMIT_IP_MAX: '5',
        SEED_DEMO: 'false',
        PAYMENTS_PROVIDER: 'sandbox',
        ALLOW_TEST_PAYMENTS: 'true',
        MAIL_TRANSPORT: 'mailbox',
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await wrongSignIn(production, `203.0.113.${i}`, i)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    } finally {
      await production.close();
    }
  });

  it('with a hop count, takes the client address from the nearest proxy', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_IP_MAX: '3' } });
    try {
      const rotating: number[] = [];
      for (let i = 0; i < 6; i++) rotating.push((await wrongSignIn(behindProxy, `198.51.100.${i}`, i)).status);
      expect(rotating).toEqual([401, 401, 401, 401, 401, 401]);
      const same: number[] = [];
      // A client's own X-Forwarded-For is kept by the proxy in front: only the hop it appends counts.
      for (let i = 0; i < 5; i++)
        same.push((await wrongSignIn(behindProxy, `10.9.9.9, 198.51.100.200`, 100 + i)).status);
      expect(same).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await behindProxy.close();
    }
  });
});
