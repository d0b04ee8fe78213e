import { TOTP, URI } from 'otpauth';
import type { TestUser } from './factories';
import { cookieFrom, http } from './http';
import type { TestApp } from './test-app';

/** The current code of an authenticator set up from `totpURI`, as a phone app would show it. */
export function totpCode(totpURI: string): string {
  const otp = URI.parse(totpURI);
  if (!(otp instanceof TOTP)) throw new Error('not a TOTP URI');
  return otp.generate();
}

/** Turns two-factor on as the Security section does (password, then the app's first code); the cookie that carries it. */
export async function enableTwoFactor(app: TestApp, user: TestUser): Promise<string> {
  const enabled = await http(app, user.cookie).post('/api/auth/two-factor/enable', { password: user.password });
  if (enabled.status !== 200) throw new Error(`enabling two-factor answered ${enabled.status}`);
  const verified = await http(app, user.cookie).post('/api/auth/two-factor/verify-totp', {
    code: totpCode((enabled.body as { totpURI: string }).totpURI),
  });
  if (verified.status !== 200) throw new Error(`verifying two-factor answered ${verified.status}`);
  return cookieFrom(verified.headers) || user.cookie;
}
