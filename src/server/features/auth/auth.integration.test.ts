import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS_REQUIRED_MESSAGE } from '@shared/auth';
import { createAdmin, createClient, createReader } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { signUpByMail } from '../../../../tests/integration/mailbox';
import { testApp } from '../../../../tests/integration/test-app';
import { account, session } from '../../db/schema';
import { DAY_MS } from '@shared/time-units';

// Sign-up and sign-in are this file's subject: they hash as in production (no DEV_FAST_PASSWORD_HASH).
const app = await testApp({
  env: { AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '5', DEV_FAST_PASSWORD_HASH: 'false' },
});

describe('sign-up, profile, sign-out', () => {
  it('signs a new user up as a client with an empty wallet, and signs them out', async () => {
    const email = `Seeker-${Date.now()}@Example.com`;
    const cookie = await signUpByMail(app, { name: 'Nova Seeker', email, password: 'long-enough' });

    const profile = await http(app, cookie).get('/api/auth/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      email: email.toLowerCase(),
      fullName: 'Nova Seeker',
      role: 'client',
      walletBalanceCents: 0,
      avatarUrl: null,
    });

    // Stored as Better Auth's own scrypt hash (hex salt and key), the production one.
    const [credential] = await app.db
      .select({ hash: account.password })
      .from(account)
      .where(eq(account.userId, profile.body.id));
    expect(credential?.hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);

    expect((await http(app, cookie).post('/api/auth/sign-out', {})).status).toBe(200);
    const afterSignOut = await http(app, cookie).get('/api/auth/profile');
    expect({ status: afterSignOut.status, body: afterSignOut.body }).toEqual({ status: 200, body: null });
  });

  it('refuses a short password with a field message', async () => {
    const short = await http(app).post('/api/auth/sign-up/email', {
      name: 'A',
      email: 'short@example.com',
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toMatch(/at least 8/);
  });

  it('cannot choose its own role at sign-up', async () => {
    const cookie = await signUpByMail(app, {
      name: 'Sneaky',
      email: `sneaky-${Date.now()}@example.com`,
      password: 'long-enough',
      role: 'admin',
    });
    expect((await http(app, cookie).get('/api/auth/profile')).body.role).toBe('client');
  });

  it('gives the profile of each role with the balance from the ledger', async () => {
    const client = await createClient(app, { balanceCents: 4321 });
    const reader = await createReader(app, { firstName: 'Mira', lastName: 'Sky' });
    expect((await http(app, client.cookie).get('/api/auth/profile')).body).toMatchObject({
      role: 'client',
      walletBalanceCents: 4321,
    });
    expect((await http(app, reader.cookie).get('/api/auth/profile')).body).toMatchObject({
      role: 'reader',
      fullName: 'Mira Sky',
      walletBalanceCents: 0,
    });
  });

  it("renews an active person's sign-in once a day of use, in the database and in the cookie the browser keeps", async () => {
    const client = await createClient(app);
    const token = decodeURIComponent(client.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    // Signed in two days ago: the week's session has five days left.
    await app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 5 * DAY_MS) })
      .where(eq(session.token, token));
    const renewed = await http(app, client.cookie).get('/api/auth/profile');
    expect(renewed.body).toMatchObject({ role: 'client' });
    const cookie = [renewed.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith(client.cookie.split('=')[0] ?? ''));
    expect(cookie).toMatch(/Max-Age=604800/);
    const [row] = await app.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    // Renewed today: the next page load leaves the cookie as it is.
    expect((await http(app, client.cookie).get('/api/auth/profile')).headers['set-cookie']).toBeUndefined();
  });

  it('answers null, not an error, on the profile of a visitor, and 401 on routes that need a sign-in', async () => {
    const response = await http(app).get('/api/auth/profile');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toBeNull();
    expect((await http(app, 'better-auth.session_token=forged.value').get('/api/auth/profile')).body).toBeNull();
    expect((await http(app).get('/api/auth/list-sessions')).status).toBe(401);
  });
});

describe('sign-in', () => {
  it('asks for credentials with the spec message when they are missing', async () => {
    for (const body of [{}, { email: 'someone@example.com' }, { password: 'whatever1' }, { email: '', password: '' }]) {
      const response = await http(app).post('/api/auth/sign-in/email', body);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(CREDENTIALS_REQUIRED_MESSAGE);
    }
  });

  it('says the same for a wrong password and an unknown email', async () => {
    const client = await createClient(app);
    const wrong = await http(app).post('/api/auth/sign-in/email', {
      email: client.email,
      password: 'not-the-password',
    });
    const unknown = await http(app).post('/api/auth/sign-in/email', {
      email: 'nobody-here@example.com',
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  it('limits a burst of attempts on one account with 429', async () => {
    // The account's 5 attempts in this window are all the test's: a factory signs in without one.
    const client = await createClient(app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await http(app).post('/api/auth/sign-in/email', { email: client.email, password: 'wrong-password' })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const correct = await http(app).post('/api/auth/sign-in/email', { email: client.email, password: client.password });
    expect(correct.status).toBe(429);
    const limited = await http(app).post('/api/auth/sign-in/email', {
      email: client.email,
      password: 'wrong-password',
    });
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });

  it('refuses a cookie-carrying POST from an untrusted origin', async () => {
    const client = await createClient(app);
    const response = await http(app, client.cookie).post('/api/auth/sign-out', {}, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect((await http(app, client.cookie).get('/api/auth/profile')).status).toBe(200);
  });
});

describe('roles', () => {
  it('keeps the admin reader list for admins', async () => {
    const client = await createClient(app);
    const admin = await createAdmin(app);
    expect((await http(app).get('/api/admin/readers')).status).toBe(401);
    expect((await http(app, client.cookie).get('/api/admin/readers')).status).toBe(403);
    expect((await http(app, admin.cookie).get('/api/admin/readers')).status).toBe(200);
  });
});
