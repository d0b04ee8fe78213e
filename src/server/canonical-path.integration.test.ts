import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, FACTORY_PASSWORD } from '../../tests/integration/factories';
import { http } from '../../tests/integration/http';
import { rawHttp } from '../../tests/integration/raw-http';
import { TEST_ORIGIN, testApp } from '../../tests/integration/test-app';
import { mailMessages, user } from './db/schema';

// Decision 033: guards that read the raw path let `/api/auth/./…` fall through to
// Better Auth without the app's limits and schemas, and `/%61pi/…` past the Origin check. Every
// request path is now checked once, first, and Better Auth answers only the routes the app declares.
let baseUrl: string;
const EVIL = 'https://evil.example';

const app = await testApp({
  runMailWorker: false,
  env: { AUTH_RATE_LIMIT_ACCOUNT_MAX: '3', AUTH_RATE_LIMIT_IP_MAX: '100000' },
});
beforeAll(async () => {
  baseUrl = await app.listen();
});

const badPath = { status: 400, code: 'BAD_PATH' };
const answer = (response: { status: number; body: any }) => ({
  status: response.status,
  code: response.body?.error?.code,
});

describe('Better Auth behind a path in another spelling (finding 1)', () => {
  it('gives a password guesser no way around the sign-in limit', async () => {
    const victim = await createClient(app);
    const send = rawHttp(baseUrl, { origin: TEST_ORIGIN });
    const wrong = { email: victim.email, password: 'not-the-password' };
    const tricks = [
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api//auth/sign-in/email',
      '/api/auth/sign-in/%65mail',
    ];
    for (let attempt = 0; attempt < 40; attempt++) {
      expect(answer(await send('POST', tricks[attempt % tricks.length]!, { body: wrong }))).toEqual(badPath);
    }
    // None of the 40 counted: the account's 3 attempts in this window are these (a factory signs in without one).
    const plain = [];
    for (let attempt = 0; attempt < 4; attempt++)
      plain.push((await send('POST', '/api/auth/sign-in/email', { body: wrong })).status);
    expect(plain).toEqual([401, 401, 401, 429]);
    const right = { email: victim.email, password: FACTORY_PASSWORD };
    const throughDot = await send('POST', '/api/auth/./sign-in/email', { body: right });
    expect(answer(throughDot)).toEqual(badPath);
    expect(throughDot.headers['set-cookie']).toBeUndefined();
    const limited = await send('POST', '/api/auth/sign-in/email', { body: right });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets no 200,000-character name or javascript: image in through ./', async () => {
    const person = await createClient(app, { name: 'Plain Name' });
    const send = rawHttp(baseUrl, { origin: TEST_ORIGIN, cookie: person.cookie });
    const email = `huge-${Date.now()}@test.soultribe.app`;
    const signUp = await send('POST', '/api/auth/./sign-up/email', {
      body: { name: 'x'.repeat(200_000), email, password: 'password-123', image: 'javascript:alert(1)' },
    });
    expect(answer(signUp)).toEqual(badPath);
    expect(await app.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    const update = await send('POST', '/api/auth/./update-user', {
      body: { name: 'x'.repeat(200_000), image: 'javascript:alert(1)' },
    });
    expect(answer(update)).toEqual(badPath);
    const [stored] = await app.db
      .select({ name: user.name, image: user.image })
      .from(user)
      .where(eq(user.id, person.id));
    expect(stored).toEqual({ name: 'Plain Name', image: null });
  });

  it('sends no reset mail through x/../, and the plain path still limits per address', async () => {
    const person = await createClient(app);
    const send = rawHttp(baseUrl, { origin: TEST_ORIGIN });
    const tricked = [];
    for (let attempt = 0; attempt < 15; attempt++)
      tricked.push(
        answer(await send('POST', '/api/auth/x/../request-password-reset', { body: { email: person.email } })),
      );
    expect(tricked).toEqual(Array.from({ length: 15 }, () => badPath));
    const resets = await app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, person.email), eq(mailMessages.kind, 'reset_password')));
    expect(resets).toEqual([]);
    const plain = [];
    for (let attempt = 0; attempt < 4; attempt++)
      plain.push((await send('POST', '/api/auth/request-password-reset', { body: { email: person.email } })).status);
    expect(plain).toEqual([200, 200, 200, 429]);
  });

  it("sends no verification mail to another person's address when signed out", async () => {
    const person = await createClient(app);
    const send = rawHttp(baseUrl, { origin: TEST_ORIGIN });
    const before = await app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, person.email), eq(mailMessages.kind, 'verify_email')));
    for (let attempt = 0; attempt < 6; attempt++) {
      expect(
        answer(await send('POST', '/api/auth/./send-verification-email', { body: { email: person.email } })),
      ).toEqual(badPath);
    }
    expect((await send('POST', '/api/auth/send-verification-email', { body: { email: person.email } })).status).toBe(
      401,
    );
    const after = await app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, person.email), eq(mailMessages.kind, 'verify_email')));
    expect(after).toHaveLength(before.length);
  });

  it("answers 404 for Better Auth's endpoints the app does not use", async () => {
    const person = await createClient(app);
    const unused = [
      ['POST', '/api/auth/change-email', { newEmail: 'taken-over@evil.example' }],
      ['GET', '/api/auth/list-accounts', undefined],
      ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
      ['POST', '/api/auth/delete-user', {}],
      ['POST', '/api/auth/forget-password', { email: person.email }],
      ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
      ['GET', '/api/auth/ok', undefined],
      ['GET', '/api/auth/error', undefined],
    ] as const;
    for (const [method, path, body] of unused) {
      const response =
        method === 'GET' ? await http(app, person.cookie).get(path) : await http(app, person.cookie).post(path, body);
      expect(`${method} ${path} → ${response.status}`).toBe(`${method} ${path} → 404`);
    }
    const [stored] = await app.db.select({ email: user.email }).from(user).where(eq(user.id, person.id));
    expect(stored?.email).toBe(person.email);
  });
});

describe('the Origin check, whatever the spelling of the path (finding 2)', () => {
  it('moves no money for a foreign page through /%61pi/…', async () => {
    const victim = await createClient(app, { balanceCents: 1000 });
    const send = rawHttp(baseUrl, { origin: EVIL, cookie: victim.cookie });
    const deposit = await send('POST', '/%61pi/payments/wallet-deposit', {
      body: { amountCents: 5000, paymentMethodId: 'pm_card_visa' },
      headers: { 'idempotency-key': `evil-${Date.now()}` },
    });
    expect(answer(deposit)).toEqual(badPath);
    expect(answer(await send('PUT', '/%61pi/wallet/limits', { body: { dailyCents: 100 } }))).toEqual(badPath);
    expect(
      (
        await send('POST', '/api/payments/wallet-deposit', {
          body: { amountCents: 5000, paymentMethodId: 'pm_card_visa' },
          headers: { 'idempotency-key': `evil-2-${Date.now()}` },
        })
      ).status,
    ).toBe(403);
    expect((await send('PUT', '/api/wallet/limits', { body: { dailyCents: 100 } })).status).toBe(403);
    const profile = await http(app, victim.cookie).get('/api/auth/profile');
    expect(profile.body.walletBalanceCents).toBe(1000);
    const limits = await http(app, victim.cookie).get('/api/wallet/limits');
    expect(limits.body.dailyCents ?? null).toBeNull();
  });

  it('refuses a foreign page on every state-changing path, not only under /api/', async () => {
    const victim = await createClient(app);
    const send = rawHttp(baseUrl, { origin: EVIL, cookie: victim.cookie });
    expect((await send('POST', '/anything-else', { body: {} })).status).toBe(403);
  });
});

describe('every route the app registers, spelled another way', () => {
  const concrete = (url: string) => url.replace(/:[^/]+/g, 'not-an-id').replace('*', 'anything');
  const spellings = (path: string) => {
    const [, first = '', ...rest] = path.split('/');
    const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
    return [
      `/${first}/.${tail}`,
      `/${first}/x/..${tail}`,
      // An empty segment; for a one-segment route (/robots.txt) that would be a trailing slash, which is plain.
      ...(tail ? [`/${first}/${tail}`] : []),
      `//${first}${tail}`,
      `/%${first.charCodeAt(0).toString(16).toUpperCase()}${first.slice(1)}${tail}`,
      `${path}/.`,
    ];
  };

  it('answers 400 BAD_PATH, never the route', async () => {
    const person = await createClient(app);
    const send = rawHttp(baseUrl, { origin: TEST_ORIGIN, cookie: person.cookie });
    const routes = app.routes.filter((route) => route.url.startsWith('/'));
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { method, url } of routes) {
      for (const path of spellings(concrete(url))) {
        const response = await send(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
        if (response.status !== 400 || response.body?.error?.code !== 'BAD_PATH')
          wrong.push(`${method} ${path} → ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
