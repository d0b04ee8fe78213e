import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVALID_RESET_LINK_MESSAGE } from '@shared/account';
import { createClient, signIn } from '../../../../tests/integration/factories';
import { cookieFrom, http } from '../../../../tests/integration/http';
import { latestMail, tokenOf } from '../../../../tests/integration/mailbox';
import { createTestApp, testApp } from '../../../../tests/integration/test-app';
import { verification } from '../../db/schema';

const app = await testApp({ runMailWorker: false });

async function resetLinkFor(email: string) {
  expect((await http(app).post('/api/auth/request-password-reset', { email })).status).toBe(200);
  const mail = await latestMail(app, email, 'reset_password');
  expect(mail.links[0]!.url).toMatch(/^http:\/\/localhost:5000\/reset-password\?token=/);
  return tokenOf(mail);
}

describe('password reset', () => {
  it('mails a link that sets the new password, signs the person in and ends every other sign-in', async () => {
    const client = await createClient(app);
    const otherDevice = await signIn(app, client.email, client.password);
    const token = await resetLinkFor(client.email);

    const reset = await http(app).post('/api/auth/reset-password', { token, newPassword: 'brand-new-secret-9' });
    expect(reset.status).toBe(200);
    const cookie = cookieFrom(reset.headers);
    expect((await http(app, cookie).get('/api/auth/profile')).body).toMatchObject({ id: client.id });
    // The sessions from before the reset are gone, on every device.
    expect((await http(app, client.cookie).get('/api/auth/profile')).body).toBeNull();
    expect((await http(app, otherDevice).get('/api/auth/profile')).body).toBeNull();

    expect(
      (await http(app).post('/api/auth/sign-in/email', { email: client.email, password: client.password })).status,
    ).toBe(401);
    expect(
      (await http(app).post('/api/auth/sign-in/email', { email: client.email, password: 'brand-new-secret-9' })).status,
    ).toBe(200);
  });

  it('takes a link once only', async () => {
    const client = await createClient(app);
    const token = await resetLinkFor(client.email);
    expect(
      (await http(app).post('/api/auth/reset-password', { token, newPassword: 'first-new-password' })).status,
    ).toBe(200);
    const again = await http(app).post('/api/auth/reset-password', { token, newPassword: 'second-new-password' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      message: INVALID_RESET_LINK_MESSAGE,
      fields: { token: INVALID_RESET_LINK_MESSAGE },
    });
    expect(
      (await http(app).post('/api/auth/sign-in/email', { email: client.email, password: 'first-new-password' })).status,
    ).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const client = await createClient(app);
    const token = await resetLinkFor(client.email);
    const [row] = await app.db
      .select()
      .from(verification)
      .where(like(verification.identifier, 'reset-password:%'))
      .orderBy(verification.createdAt);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    // An hour later: the row is past its expiry.
    await app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const late = await http(app).post('/api/auth/reset-password', { token, newPassword: 'too-late-password' });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(INVALID_RESET_LINK_MESSAGE);
    expect(
      (await http(app).post('/api/auth/sign-in/email', { email: client.email, password: client.password })).status,
    ).toBe(200);
  });

  it('checks the new password and the email with field messages', async () => {
    const short = await http(app).post('/api/auth/reset-password', { token: 'whatever', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.newPassword).toMatch(/at least 8/);
    const bad = await http(app).post('/api/auth/request-password-reset', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBe('Enter a valid email address');
  });

  it('is rate limited per email, apart from the sign-in limit', async () => {
    const limited = await createTestApp({ runMailWorker: false, env: { AUTH_RATE_LIMIT_ACCOUNT_MAX: '3' } });
    try {
      const client = await createClient(limited);
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push((await http(limited).post('/api/auth/request-password-reset', { email: client.email })).status);
      expect(answers).toEqual([200, 200, 200, 429]);
      expect(
        (await http(limited).post('/api/auth/sign-in/email', { email: client.email, password: client.password }))
          .status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
