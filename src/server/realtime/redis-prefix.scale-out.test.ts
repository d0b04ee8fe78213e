import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../tests/integration/factories';
import { createTestApp, type TestApp } from '../../../tests/integration/test-app';
import { openTestDatabase } from '../../../tests/integration/test-database';

/**
 * Two sites, each with two nodes on a database of its own, all on one Redis: pub/sub ignores the
 * database number, so without a prefix of their own the sites would hear each other's broadcasts.
 */
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error('The scale-out test needs DATABASE_URL (PostgreSQL) and REDIS_URL: run it through `npm run test:pg`');
}
const apps: TestApp[] = [];
const databases: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(databases.map((database) => database.close()));
});
async function site(prefix: string) {
  const database = await openTestDatabase({ poolSize: 10 });
  databases.push(database);
  const node = async () => {
    const app = await createTestApp({ database, env: { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: prefix } });
    apps.push(app);
    return app;
  };
  return [await node(), await node()] as const;
}
const [siteA, siteASecondNode] = await site('site-a.example:');
const [siteB, siteBSecondNode] = await site('site-b.example:');

/** What a signed-in socket on `app`, put in `room` by its server, hears of 'notification'. */
async function listenInRoom(app: TestApp, room: string) {
  const user = await createClient(app);
  const socket = await app.connectSocket(user.cookie);
  await app.io.in(socket.id!).socketsJoin(room);
  const heard: unknown[] = [];
  socket.on('notification', (payload: unknown) => heard.push(payload));
  return heard;
}

describe('two sites on one Redis', () => {
  it('hear only their own broadcasts', async () => {
    const room = 'prefix-check';
    const onSiteA = await listenInRoom(siteASecondNode, room);
    const onSiteB = await listenInRoom(siteB, room);
    // Through Redis to the other node of the same site.
    siteA.io.to(room).emit('notification', { id: 'from-site-a' } as never);
    await expect.poll(() => onSiteA).toEqual([{ id: 'from-site-a' }]);
    // Redis hands each subscriber its messages in the order it took the publishes: once site B's
    // own message, published after site A's had arrived, reaches site B, site A's would have too.
    siteBSecondNode.io.to(room).emit('notification', { id: 'from-site-b' } as never);
    await expect.poll(() => onSiteB).toContainEqual({ id: 'from-site-b' });
    expect(onSiteB).toEqual([{ id: 'from-site-b' }]);
    expect(onSiteA).toEqual([{ id: 'from-site-a' }]);
  });
});
