import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '@shared/errors';
import { createAdmin, createClient, type TestUser } from '../../../../tests/integration/factories';
import { cookieFrom, http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { totpCode } from '../../../../tests/integration/totp';

const app = await testApp({ runMailWorker: false, env: { REQUIRE_ADMIN_2FA: 'true' } });

/** Turns two-factor on as the Security section does: password, then the app's first code. */
async function enableTwoFactor(user: TestUser) {
  const enabled = await http(app, user.cookie).post('/api/auth/two-factor/enable', { password: user.password });
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Soul%20Tribe:/);
  expect(backupCodes).toHaveLength(10);
  const verified = await http(app, user.cookie).post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
  expect(verified.status).toBe(200);
  return { totpURI, backupCodes, cookie: cookieFrom(verified.headers) || user.cookie };
}

async function passwordStep(user: TestUser) {
  const response = await http(app).post('/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(response.status).toBe(200);
  return response;
}

describe('two-factor sign-in', () => {
  it('asks for the code after the password, and signs in with a code computed from the secret', async () => {
    const client = await createClient(app);
    const { totpURI, cookie } = await enableTwoFactor(client);
    expect((await http(app, cookie).get('/api/account/status')).body.twoFactorEnabled).toBe(true);

    const first = await passwordStep(client);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const pending = cookieFrom(first.headers);
    // The password alone is no sign-in.
    expect((await http(app, pending).get('/api/auth/profile')).body).toBeNull();

    const wrong = await http(app, pending).post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.status).toBe(401);
    const verified = await http(app, pending).post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(verified.status).toBe(200);
    expect((await http(app, cookieFrom(verified.headers)).get('/api/auth/profile')).body).toMatchObject({
      id: client.id,
    });
  });

  it('takes each backup code once instead of the app code', async () => {
    const client = await createClient(app);
    const { backupCodes } = await enableTwoFactor(client);
    const pending = cookieFrom((await passwordStep(client)).headers);
    const used = await http(app, pending).post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(used.status).toBe(200);
    expect((await http(app, cookieFrom(used.headers)).get('/api/auth/profile')).body).toMatchObject({ id: client.id });

    const again = cookieFrom((await passwordStep(client)).headers);
    expect(
      (await http(app, again).post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status,
    ).toBe(401);
  });

  it('turns off with the password', async () => {
    const client = await createClient(app);
    const { cookie } = await enableTwoFactor(client);
    expect((await http(app, cookie).post('/api/auth/two-factor/disable', { password: 'wrong-password' })).status).toBe(
      400,
    );
    expect((await http(app, cookie).post('/api/auth/two-factor/disable', { password: client.password })).status).toBe(
      200,
    );
    expect((await passwordStep(client)).body.twoFactorRedirect).toBeUndefined();
  });
});

describe('the admin requirement (REQUIRE_ADMIN_2FA)', () => {
  it('refuses every admin endpoint to an admin without two-factor, and opens them once it is on', async () => {
    const admin = await createAdmin(app);
    expect((await http(app, admin.cookie).get('/api/account/status')).body).toEqual({
      emailVerified: true,
      twoFactorEnabled: false,
      twoFactorRequired: true,
    });
    for (const url of ['/api/admin/stats', '/api/admin/readers', '/api/payouts', '/api/admin/reports']) {
      const refused = await http(app, admin.cookie).get(url);
      expect({ url, status: refused.status, error: refused.body.error }).toEqual({
        url,
        status: 403,
        error: { code: 'TWO_FACTOR_REQUIRED', message: TWO_FACTOR_REQUIRED_MESSAGE },
      });
    }
    const { cookie } = await enableTwoFactor(admin);
    expect((await http(app, cookie).get('/api/admin/stats')).status).toBe(200);
    expect((await http(app, cookie).get('/api/payouts')).status).toBe(200);
  });

  it('leaves clients and readers free to choose', async () => {
    const client = await createClient(app);
    expect((await http(app, client.cookie).get('/api/account/status')).body.twoFactorRequired).toBe(false);
    expect((await http(app, client.cookie).get('/api/wallet')).status).toBe(200);
  });
});
