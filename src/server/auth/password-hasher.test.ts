import { describe, expect, it } from 'vitest';
import { FAST_TEST_PASSWORD_HASHER, passwordHasher, STANDARD_PASSWORD_HASHER } from './password-hasher';

describe('password hashers', () => {
  it('each accepts its own hash of the password and refuses another password', async () => {
    for (const hasher of [STANDARD_PASSWORD_HASHER, FAST_TEST_PASSWORD_HASHER]) {
      const hash = await hasher.hash('correct horse');
      expect(await hasher.verify({ hash, password: 'correct horse' })).toBe(true);
      expect(await hasher.verify({ hash, password: 'correct horsf' })).toBe(false);
    }
  });

  it('salts each hash: the same password never hashes the same twice', async () => {
    const [first, second] = await Promise.all([
      FAST_TEST_PASSWORD_HASHER.hash('same password'),
      FAST_TEST_PASSWORD_HASHER.hash('same password'),
    ]);
    expect(first).not.toBe(second);
  });

  it('lets nobody in on a production server with a hash a test server made', async () => {
    const testHash = await FAST_TEST_PASSWORD_HASHER.hash('from a test database');
    expect(testHash).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await STANDARD_PASSWORD_HASHER.verify({ hash: testHash, password: 'from a test database' })).toBe(false);
  });

  it('checks a standard hash on a test server, and a malformed test hash as wrong', async () => {
    const standardHash = await STANDARD_PASSWORD_HASHER.hash('made before the flag');
    expect(await FAST_TEST_PASSWORD_HASHER.verify({ hash: standardHash, password: 'made before the flag' })).toBe(true);
    expect(await FAST_TEST_PASSWORD_HASHER.verify({ hash: 'test-scrypt:abc', password: 'anything' })).toBe(false);
    expect(await FAST_TEST_PASSWORD_HASHER.verify({ hash: 'test-scrypt:abc:00', password: 'anything' })).toBe(false);
  });

  it('is the standard one unless the configuration asks for the test one', () => {
    expect(passwordHasher({ devFastPasswordHash: false })).toBe(STANDARD_PASSWORD_HASHER);
    expect(passwordHasher({ devFastPasswordHash: true })).toBe(FAST_TEST_PASSWORD_HASHER);
  });
});
