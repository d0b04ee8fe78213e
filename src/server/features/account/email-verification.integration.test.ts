import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createReader, fundEarnings, signIn } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { deliveredTo, latestMail } from '../../../../tests/integration/mailbox';
import { testApp } from '../../../../tests/integration/test-app';
import { user } from '../../db/schema';

const app = await testApp({ runMailWorker: false });

/** Opens a mailed link as the browser would: the API verifies and redirects to the dashboard. */
async function open(url: string) {
  const { pathname, search } = new URL(url);
  return app.app.inject({ method: 'GET', url: pathname + search });
}

describe('email verification', () => {
  it('lets a new person sign in with the password unverified, mails the link, and the link verifies the email', async () => {
    const email = `verify-${Date.now()}@example.com`;
    expect(
      (await http(app).post('/api/auth/sign-up/email', { name: 'Iris Seeker', email, password: 'long-enough' })).status,
    ).toBe(200);
    const cookie = await signIn(app, email, 'long-enough');
    expect((await http(app, cookie).get('/api/account/status')).body).toEqual({
      emailVerified: false,
      twoFactorEnabled: false,
      twoFactorRequired: false,
    });
    // Unverified, they still use the product.
    expect((await http(app, cookie).get('/api/wallet')).status).toBe(200);

    const mail = await latestMail(app, email, 'verify_email');
    const opened = await open(mail.links[0]!.url);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard');
    expect((await http(app, cookie).get('/api/account/status')).body.emailVerified).toBe(true);
  });

  it('sends the link again to the signed-in person only, and needs a sign-in to ask', async () => {
    const email = `again-${Date.now()}@example.com`;
    await http(app).post('/api/auth/sign-up/email', { name: 'Rue', email, password: 'long-enough' });
    const cookie = await signIn(app, email, 'long-enough');
    await deliveredTo(app, email);
    expect(
      (await http(app, cookie).post('/api/auth/send-verification-email', { email: 'someone-else@example.com' })).status,
    ).toBe(200);
    expect((await deliveredTo(app, email)).filter((m) => m.kind === 'verify_email')).toHaveLength(2);
    expect(await deliveredTo(app, 'someone-else@example.com')).toEqual([]);
    expect((await http(app).post('/api/auth/send-verification-email', { email })).status).toBe(401);
  });

  it("holds a reader's first payout until the email is verified", async () => {
    const reader = await createReader(app);
    await app.db.update(user).set({ emailVerified: false }).where(eq(user.id, reader.id));
    await fundEarnings(app, reader.id, 5000);
    const refused = await http(app, reader.cookie).post('/api/payouts', {});
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    expect((await http(app, reader.cookie).post('/api/auth/send-verification-email', {})).status).toBe(200);
    await open((await latestMail(app, reader.email, 'verify_email')).links[0]!.url);
    expect((await http(app, reader.cookie).post('/api/payouts', { amountCents: 2000 })).status).toBe(201);
  });
});
