import { describe, expect, it } from 'vitest';
import { createClient } from '../../tests/integration/factories';
import { http } from '../../tests/integration/http';
import { twoTestApps } from '../../tests/integration/test-app';

/**
 * Two app instances (as two processes behind one load balancer) on one PostgreSQL and one Redis:
 * a limit is one count, whichever instance a request reaches. With each process counting in its
 * own memory, a guesser alternating between them would get twice the attempts.
 */
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error('The scale-out test needs DATABASE_URL (PostgreSQL) and REDIS_URL: run it through `npm run test:pg`');
}

const { a, b } = await twoTestApps({
  REDIS_URL: process.env.REDIS_URL!,
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '4',
  API_RATE_LIMIT_USER_MAX: '6',
});

describe('rate limits across two instances', () => {
  it('counts sign-in attempts on one account once, whichever instance answers', async () => {
    // The account's 4 attempts of the window are all these (a factory signs in without one).
    const victim = await createClient(a);
    const wrong = { email: victim.email, password: 'not-the-password' };
    const statuses = [];
    for (const app of [a, b, a, b, a, b])
      statuses.push((await http(app).post('/api/auth/sign-in/email', wrong)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const limited = await http(b).post('/api/auth/sign-in/email', wrong);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("counts a user's state-changing requests against one budget", async () => {
    const person = await createClient(a);
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await http(i % 2 === 0 ? a : b, person.cookie).put('/api/wallet/limits', { dailyCents: 10_000 + i })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});
