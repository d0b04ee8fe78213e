import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/** How passwords are hashed and checked: Better Auth's sign-up and sign-in, and the accounts the server makes. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** Better Auth's own scrypt (N 16384, r 16): ~0.1 s of CPU a hash, what guessing a password should cost. */
export const STANDARD_PASSWORD_HASHER: PasswordHasher = {
  hash: hashPassword,
  verify: verifyPassword,
};

const TEST_PREFIX = 'test-scrypt:';
/** 1/32 of the standard work (N 1024, r 8): ~3.5 ms of CPU a hash against ~108 ms. */
const TEST_PARAMETERS = { N: 1024, r: 8, p: 1 };
const KEY_BYTES = 64;

function testKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, TEST_PARAMETERS, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * The test suites' hasher (DEV_FAST_PASSWORD_HASH, refused in production): a CI run signs up and in
 * some 400 times, ~45 s of CPU at the standard cost for nothing the tests check (decision 038). Its
 * hashes carry their own prefix, which the standard hasher never accepts (its `salt:key` split reads
 * the prefix as the salt), so a database filled by a test server lets nobody in on a production one;
 * it still checks standard hashes, made before the flag was set.
 */
export const FAST_TEST_PASSWORD_HASHER: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${TEST_PREFIX}${salt}:${(await testKey(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(TEST_PREFIX)) return STANDARD_PASSWORD_HASHER.verify({ hash, password });
    const [salt, key] = hash.slice(TEST_PREFIX.length).split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const derived = await testKey(password, salt);
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};

export function passwordHasher(config: { devFastPasswordHash: boolean }): PasswordHasher {
  return config.devFastPasswordHash ? FAST_TEST_PASSWORD_HASHER : STANDARD_PASSWORD_HASHER;
}
