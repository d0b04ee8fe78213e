/**
 * The referral code a sign-up link carried (`/signup?ref=CODE`, decision 066), kept in this browser
 * until its new account is signed in and claims it: the account is made by the mailed link, often
 * in another tab, so the code cannot ride along with the sign-up itself.
 */
const STORAGE_KEY = 'referral-code';

export function keepReferralCode(
  code: string,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(STORAGE_KEY, code.trim().toUpperCase().slice(0, 16));
  } catch {
    // Storage blocked (private mode, policies): the link's credit is lost, nothing else.
  }
}

export function storedReferralCode(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function forgetReferralCode(storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
