import { TOTP, URI } from 'otpauth';

/** The current code of an authenticator set up from `totpURI`, as a phone app would show it. */
export function totpCode(totpURI: string): string {
  const otp = URI.parse(totpURI);
  if (!(otp instanceof TOTP)) throw new Error('not a TOTP URI');
  return otp.generate();
}
