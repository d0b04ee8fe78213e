import { describe, expect, it } from 'vitest';
import { failoverStore, type RedisLike } from './rate-limit-store';

/** A Redis stand-in: counts like the script while `isUp`, fails like a lost connection otherwise. */
function fakeRedis() {
  const counts = new Map<string, number>();
  const redis: RedisLike & { isUp: boolean; calls: number } = {
    status: 'ready',
    isUp: true,
    calls: 0,
    async evalsha(_sha: string, keys: number, key: string, windowMs: number) {
      return redis.eval('', keys, key, windowMs);
    },
    async eval(_script: string, _keys: number, key: string, windowMs: number) {
      redis.calls += 1;
      if (!redis.isUp) throw new Error('Connection is closed.');
      const current = (counts.get(key) ?? 0) + 1;
      counts.set(key, current);
      return [current, windowMs];
    },
  };
  return { redis, counts };
}

function storeOn(redis: RedisLike, clock = { now: 0 }) {
  const events: string[] = [];
  const Store = failoverStore(
    redis,
    { onFallback: () => events.push('fallback'), onRecovered: () => events.push('recovered') },
    { prefix: 'p:', now: () => clock.now },
  );
  const store = new Store({});
  const hit = (key: string, windowMs = 1000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, 10),
    );
  return { store, events, hit };
}

describe('the rate limits’ store', () => {
  it('counts in Redis while it answers, under the prefix', async () => {
    const { redis, counts } = fakeRedis();
    const { hit, events } = storeOn(redis);
    expect(await hit('sign-in:1.2.3.4')).toEqual({ current: 1, ttl: 1000 });
    expect(await hit('sign-in:1.2.3.4')).toEqual({ current: 2, ttl: 1000 });
    expect(counts.get('p:sign-in:1.2.3.4')).toBe(2);
    expect(events).toEqual([]);
  });

  it('counts in memory while Redis fails or reconnects, tells it once, and goes back to Redis when it is ready', async () => {
    const { redis, counts } = fakeRedis();
    const clock = { now: 0 };
    const { hit, events } = storeOn(redis, clock);
    redis.isUp = false;
    expect(await hit('k')).toEqual({ current: 1, ttl: 1000 });
    redis.status = 'reconnecting';
    const callsWhileDown = redis.calls;
    clock.now = 400;
    expect(await hit('k')).toEqual({ current: 2, ttl: 600 });
    expect(await hit('k')).toEqual({ current: 3, ttl: 600 });
    // No request waits on a client that is not connected.
    expect(redis.calls).toBe(callsWhileDown);
    expect(events).toEqual(['fallback']);
    // The memory window ends on time like Redis's would.
    clock.now = 1000;
    expect(await hit('k')).toEqual({ current: 1, ttl: 1000 });

    redis.isUp = true;
    redis.status = 'ready';
    expect(await hit('k')).toEqual({ current: 1, ttl: 1000 });
    expect(counts.get('p:k')).toBe(1);
    expect(events).toEqual(['fallback', 'recovered']);
  });

  it('is one store for every limit: a child counts under the same keys', async () => {
    const { redis, counts } = fakeRedis();
    const { store } = storeOn(redis);
    const child = store.child({ method: 'POST', url: '/x', path: '/x', prefix: '', handler: () => undefined });
    await new Promise((resolve) => child.incr('api-ip:1', resolve, 1000, 10));
    expect(counts.get('p:api-ip:1')).toBe(1);
  });
});
