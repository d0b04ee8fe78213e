import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../tests/integration/factories';
import { cookieFrom, http } from '../../../../tests/integration/http';
import { deliveredTo, latestMail } from '../../../../tests/integration/mailbox';
import { testApp } from '../../../../tests/integration/test-app';
import { totpCode } from '../../../../tests/integration/totp';

const app = await testApp({ runMailWorker: false });

const signUp = (email: string, name = 'Wren Seeker') =>
  http(app).post('/api/auth/sign-up/email', { name, email, password: 'long-enough' });

/** Opens a mailed link as the browser would, with no cookie of its own. */
async function open(url: string) {
  const { pathname, search } = new URL(url);
  return app.app.inject({ method: 'GET', url: pathname + search });
}

describe('sign-up says nothing of who has an account', () => {
  it('answers a new and a taken email alike, signs neither in, and tells the owner of the taken one', async () => {
    const owner = await createClient(app, { name: 'Olive Owner' });
    const fresh = `fresh-${Date.now()}@example.com`;

    const forNew = await signUp(fresh);
    const forTaken = await signUp(owner.email, 'Mallory');
    expect({ status: forTaken.status, body: forTaken.body }).toEqual({ status: forNew.status, body: forNew.body });
    expect(forNew).toMatchObject({ status: 200, body: { status: 'verification_sent', isMailboxReadable: true } });
    expect(forNew.headers['set-cookie']).toBeUndefined();
    expect(forTaken.headers['set-cookie']).toBeUndefined();

    const ownerMail = await deliveredTo(app, owner.email);
    expect(ownerMail.map((m) => m.kind)).toEqual(['sign_up_attempt']);
    expect(ownerMail[0]).toMatchObject({
      subject: 'Someone tried to sign up with your email',
      links: [{ url: `${app.config.publicUrl}/reset-password` }],
    });
    expect(ownerMail[0]!.text).toMatch(/^Hello Olive,/);
    // The account is the owner's as before: their password still signs in.
    expect(
      (await http(app).post('/api/auth/sign-in/email', { email: owner.email, password: owner.password })).status,
    ).toBe(200);
    expect((await deliveredTo(app, fresh)).map((m) => m.kind)).toEqual(['verify_email']);
  });

  it('signs the new person in from the verification link, and lands on the dashboard', async () => {
    const email = `link-${Date.now()}@example.com`;
    await signUp(email, 'Nova Seeker');
    const opened = await open((await latestMail(app, email, 'verify_email')).links[0]!.url);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard');
    const cookie = cookieFrom(opened.headers);
    expect((await http(app, cookie).get('/api/auth/profile')).body).toMatchObject({
      email,
      fullName: 'Nova Seeker',
      role: 'client',
      walletBalanceCents: 0,
    });
    expect((await http(app, cookie).get('/api/account/status')).body.emailVerified).toBe(true);
    // Once verified, the link only leads to the dashboard: no second sign-in from it.
    const again = await open((await latestMail(app, email, 'verify_email')).links[0]!.url);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('does not sign in from the link an account that turned two-factor on meanwhile, and still verifies it', async () => {
    const email = `guarded-${Date.now()}@example.com`;
    await signUp(email);
    const cookie = cookieFrom(
      (await http(app).post('/api/auth/sign-in/email', { email, password: 'long-enough' })).headers,
    );
    const { totpURI } = (await http(app, cookie).post('/api/auth/two-factor/enable', { password: 'long-enough' }))
      .body as { totpURI: string };
    const turnedOn = await http(app, cookie).post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(turnedOn.status).toBe(200);

    const opened = await open((await latestMail(app, email, 'verify_email')).links[0]!.url);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/login');
    expect(cookieFrom(opened.headers)).not.toMatch(/session_token=[^;]/);
    expect((await http(app, cookieFrom(turnedOn.headers)).get('/api/account/status')).body).toMatchObject({
      emailVerified: true,
      twoFactorEnabled: true,
    });
  });
});
