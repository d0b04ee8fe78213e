import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../../tests/integration/server-process';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../tests/integration/factories';
import { http } from '../../tests/integration/http';
import { testApp } from '../../tests/integration/test-app';

/**
 * Redis stopped under a running node (decision 054): readiness says so (503 naming Redis), sign-in
 * still answers 200 or 401, never 500 (the limits count in the process meanwhile), and once Redis
 * is back the limits count there again. A Redis server of the test's own, on a free port, so
 * stopping it touches nothing else.
 */
if (!process.env.DATABASE_URL)
  throw new Error('The Redis outage test needs DATABASE_URL (PostgreSQL): run it through `npm run test:pg`');

const port = await freePort();
let redisServer: ChildProcess | undefined;
async function startRedis() {
  redisServer = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    retryStrategy: () => 50,
    maxRetriesPerRequest: null,
  });
  // Refused until the new server listens: the probe tries again by itself.
  probe.on('error', () => undefined);
  await probe.connect().catch(() => undefined);
  await probe.ping();
  return probe;
}
async function stopRedis() {
  const stopped = once(redisServer!, 'exit');
  redisServer!.kill('SIGKILL');
  await stopped;
}
afterAll(() => redisServer?.kill('SIGKILL'));

let probe = await startRedis();
const app = await testApp({
  runScheduler: false,
  runMailWorker: false,
  env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: 'outage-check:' },
});
const limitKeys = async () => (await probe.keys('outage-check:limits:*')).length;

/** Readiness as a load balancer polls it, until it answers `status` (a fixed number of tries, one check a second). */
async function readinessBecomes(status: number) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const answer = await http(app).get('/api/health/ready');
    if (answer.status === status) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`readiness never answered ${status}`);
}

describe('Redis stopped under a running node', () => {
  it('answers readiness 503 naming Redis, keeps sign-in at 200/401, and counts in Redis again once it is back', async () => {
    const user = await createClient(app);
    const signIn = (password: string) => http(app).post('/api/auth/sign-in/email', { email: user.email, password });
    expect(await readinessBecomes(200)).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    expect((await signIn(user.password)).status).toBe(200);
    expect(await limitKeys()).toBeGreaterThan(0);

    probe.disconnect();
    await stopRedis();
    expect(await readinessBecomes(503)).toEqual({ status: 'error', database: 'ok', redis: 'unreachable' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signIn(user.password)).status).toBe(200);
      expect((await signIn('not-the-password')).status).toBe(401);
    }

    probe = await startRedis();
    expect(await limitKeys()).toBe(0);
    expect(await readinessBecomes(200)).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    expect((await signIn(user.password)).status).toBe(200);
    expect(await limitKeys()).toBeGreaterThan(0);
    probe.disconnect();
  });
});
