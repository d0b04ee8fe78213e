import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppNotification } from '@shared/notifications';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveStreams, notifications, streamReminders } from '../../db/schema';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { collect, nextEvent } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { notifyStreamLive } from './notify-stream-live';
import { READER_ONLINE_QUIET_MS } from './notify-reader-online';

const clock = fakeClock(Date.now());
let announce: ReturnType<typeof notifyStreamLive>;
const app = await testApp({ clock, runScheduler: false });
beforeAll(async () => {
  announce = notifyStreamLive({ db: app.db, clock, realtime: app.realtime });
});

const bell = async (user: TestUser) => {
  const response = await http(app, user.cookie).get('/api/notifications');
  expect(response.status).toBe(200);
  return response.body as { notifications: AppNotification[]; unreadCount: number };
};
const kindsFor = async (userId: string, kind: AppNotification['kind'], subjectId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), eq(notifications.subjectId, subjectId)));

/** A stream row as the streams feature writes it when its reader goes live (ending their previous one: one live stream a reader). */
async function liveStream(reader: TestUser, title = 'Full moon tarot') {
  const id = randomUUID();
  const now = new Date(clock.now());
  await app.db
    .update(liveStreams)
    .set({ status: 'ended', endedAt: now })
    .where(and(eq(liveStreams.readerId, reader.id), eq(liveStreams.status, 'live')));
  await app.db
    .insert(liveStreams)
    .values({ id, readerId: reader.id, title, category: 'Tarot Reading', status: 'live', startedAt: now });
  return { streamId: id, readerId: reader.id, readerName: 'Luna Vale', title };
}

describe('notifyStreamLive', () => {
  it('tells each follower and each reminder holder once, never the reader or a stranger, and only the first time', async () => {
    const reader = await createReader(app);
    const follower = await createClient(app);
    const reminded = await createClient(app);
    const both = await createClient(app);
    const stranger = await createClient(app);
    for (const user of [follower, both])
      expect((await http(app, user.cookie).put(`/api/follows/${reader.id}`)).status).toBe(200);
    const stream = await liveStream(reader);
    await app.db
      .insert(streamReminders)
      .values([reminded, both, reader].map((user) => ({ streamId: stream.streamId, userId: user.id })));

    const followerSocket = await app.connectSocket(follower.cookie);
    const strangerEvents = collect(await app.connectSocket(stranger.cookie), 'notification');
    const readerEvents = collect(await app.connectSocket(reader.cookie), 'notification');
    const heard = nextEvent<AppNotification>(followerSocket, 'notification');
    await announce(stream);

    expect(await heard).toEqual({
      id: expect.any(String),
      kind: 'stream_live',
      title: 'Luna Vale is live',
      body: 'Full moon tarot',
      link: `/live/${stream.streamId}`,
      createdAt: new Date(clock.now()).toISOString(),
      readAt: null,
    });
    for (const user of [follower, reminded, both])
      expect(await kindsFor(user.id, 'stream_live', stream.streamId), user.email).toHaveLength(1);
    for (const user of [reader, stranger]) expect(await kindsFor(user.id, 'stream_live', stream.streamId)).toEqual([]);

    clock.advance(60_000);
    await announce(stream);
    for (const user of [follower, reminded, both])
      expect(await kindsFor(user.id, 'stream_live', stream.streamId)).toHaveLength(1);
    expect((await bell(both)).unreadCount).toBe(1);
    expect(strangerEvents).toEqual([]);
    expect(readerEvents).toEqual([]);
  });

  it('does nothing for a reader no one follows', async () => {
    const reader = await createReader(app);
    const stream = await liveStream(reader);
    await announce(stream);
    expect(await app.db.select().from(notifications).where(eq(notifications.subjectId, stream.streamId))).toEqual([]);
  });
});

describe('GET /api/notifications and the read marks', () => {
  async function toldOfStreams(count: number) {
    const reader = await createReader(app);
    const client = await createClient(app);
    await http(app, client.cookie).put(`/api/follows/${reader.id}`);
    for (let i = 0; i < count; i += 1) {
      clock.advance(1000);
      await announce(await liveStream(reader, `Stream ${i}`));
    }
    return client;
  }

  it('lists the newest first, with the unread count', async () => {
    const client = await toldOfStreams(3);
    const { notifications: list, unreadCount } = await bell(client);
    expect(list.map((n) => n.body)).toEqual(['Stream 2', 'Stream 1', 'Stream 0']);
    expect(unreadCount).toBe(3);
  });

  it('marks one read (204, again is harmless), then all; someone else’s id is 404 and stays unread', async () => {
    const client = await toldOfStreams(3);
    const other = await toldOfStreams(1);
    const [newest] = (await bell(client)).notifications;
    const [theirs] = (await bell(other)).notifications;

    expect((await http(app, client.cookie).post(`/api/notifications/${newest!.id}/read`)).status).toBe(204);
    expect((await http(app, client.cookie).post(`/api/notifications/${newest!.id}/read`)).status).toBe(204);
    const afterOne = await bell(client);
    expect(afterOne.unreadCount).toBe(2);
    expect(afterOne.notifications[0]!.readAt).toBe(new Date(clock.now()).toISOString());

    const foreign = await http(app, client.cookie).post(`/api/notifications/${theirs!.id}/read`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    expect((await http(app, client.cookie).post('/api/notifications/no-such-id/read')).status).toBe(404);
    expect((await bell(other)).unreadCount).toBe(1);

    expect((await http(app, client.cookie).post('/api/notifications/read-all')).status).toBe(204);
    expect((await bell(client)).unreadCount).toBe(0);
    expect((await bell(other)).unreadCount).toBe(1);
  });

  it('keeps the list to the newest 30', async () => {
    const client = await toldOfStreams(32);
    const { notifications: list, unreadCount } = await bell(client);
    expect(list).toHaveLength(30);
    expect(list[0]!.body).toBe('Stream 31');
    expect(unreadCount).toBe(32);
  }, 60_000);

  it('are for signed-in users', async () => {
    expect((await http(app).get('/api/notifications')).status).toBe(401);
    expect((await http(app).post('/api/notifications/read-all')).status).toBe(401);
  });
});

describe('reader_online: a favorited reader switches Online', () => {
  const goOnline = (reader: TestUser) => http(app, reader.cookie).patch('/api/readers/me', { isOnline: true });
  const goOffline = (reader: TestUser) => http(app, reader.cookie).patch('/api/readers/me', { isOnline: false });

  it('tells the clients who hearted them, at most once an hour, and no one else', async () => {
    const reader = await createReader(app, {
      firstName: 'Orla',
      lastName: 'Starling',
      username: `orla_${randomUUID().slice(0, 8)}`,
    });
    const fan = await createClient(app);
    const follower = await createClient(app);
    await http(app, fan.cookie).put(`/api/favorites/${reader.id}`);
    await http(app, follower.cookie).put(`/api/follows/${reader.id}`);
    const fanSocket = await app.connectSocket(fan.cookie);
    const followerEvents = collect(await app.connectSocket(follower.cookie), 'notification');

    const heard = nextEvent<AppNotification>(fanSocket, 'notification');
    expect((await goOnline(reader)).status).toBe(200);
    expect(await heard).toMatchObject({
      kind: 'reader_online',
      title: 'Orla Starling is online now',
      link: expect.stringMatching(/^\/readers\/orla_/),
    });

    // Flipping the switch within the hour tells no one again.
    for (let i = 0; i < 3; i += 1) {
      clock.advance(10 * 60_000);
      await goOffline(reader);
      await goOnline(reader);
    }
    expect(await kindsFor(fan.id, 'reader_online', reader.id)).toHaveLength(1);

    clock.advance(READER_ONLINE_QUIET_MS);
    await goOffline(reader);
    const again = nextEvent<AppNotification>(fanSocket, 'notification');
    await goOnline(reader);
    await again;
    expect(await kindsFor(fan.id, 'reader_online', reader.id)).toHaveLength(2);
    expect(await kindsFor(follower.id, 'reader_online', reader.id)).toEqual([]);
    expect(followerEvents).toEqual([]);
  });

  it('says nothing when an online reader saves their profile or goes offline', async () => {
    const reader = await createReader(app);
    const fan = await createClient(app);
    await http(app, fan.cookie).put(`/api/favorites/${reader.id}`);
    await goOnline(reader);
    clock.advance(READER_ONLINE_QUIET_MS + 1);
    await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true, bio: 'Still here.' });
    await goOffline(reader);
    expect(await kindsFor(fan.id, 'reader_online', reader.id)).toHaveLength(1);
  });
});
