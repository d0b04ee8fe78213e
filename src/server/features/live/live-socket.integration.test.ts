import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { LiveStream, StreamChat } from '@shared/live';
import { liveStreams, streamJoins, streamMessages } from '../../db/schema';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { collect, delivered, emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { VIEWER_COUNT_INTERVAL_MS } from './viewer-counts';

type JoinAck = { stream: LiveStream; messages: StreamChat[]; peerId: string; mutedUserIds: string[] };

const clock = fakeClock(Date.parse('2026-11-23T18:00:00Z'));
const app = await testApp({ clock, timers: clock, runScheduler: false });

async function goLive(reader: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await http(app, reader.cookie).post('/api/live/streams', {
    title: 'Full moon',
    category: 'Mediumship',
    ...overrides,
  });
  expect(response.status).toBe(201);
  return response.body.id;
}
const join = (socket: Socket, streamId: string) => emitAck<JoinAck>(socket, 'join_stream', { streamId });
const say = (socket: Socket, streamId: string, content: string) =>
  emitAck<{ message: StreamChat }>(socket, 'stream_message', { streamId, content });
const viewers = (socket: Socket, streamId: string, count: number) =>
  nextEvent<{ streamId: string; count: number }>(
    socket,
    'stream_viewers',
    (e) => e.streamId === streamId && e.count === count,
  );
const storedCount = async (streamId: string) =>
  (await app.db.select({ n: liveStreams.viewerCount }).from(liveStreams).where(eq(liveStreams.id, streamId)))[0]?.n;

/** A live stream its reader watches (with the `stream_viewers` events the reader hears), and `n` signed-in viewers' sockets yet to join it. */
async function crowdAtLiveStream(n: number) {
  const reader = await createReader(app);
  const streamId = await goLive(reader);
  const readerSocket = await app.connectSocket(reader.cookie);
  await join(readerSocket, streamId);
  const counts = collect<{ count: number }>(readerSocket, 'stream_viewers');
  const users = await Promise.all(Array.from({ length: n }, () => createClient(app)));
  const sockets = await Promise.all(users.map((user) => app.connectSocket(user.cookie)));
  return { streamId, readerSocket, counts, sockets };
}

/** A signed-in user with a socket in the stream's room. */
async function viewerIn(streamId: string, user?: TestUser) {
  const who = user ?? (await createClient(app));
  const socket = await app.connectSocket(who.cookie);
  const ack = await join(socket, streamId);
  expect(ack).toMatchObject({ ok: true });
  return { user: who, socket, ack: ack as JoinAck & { ok: true } };
}

describe('join_stream and leave_stream', () => {
  it('counts distinct viewers live for everyone: two sockets of one user once, the reader never', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    const readerSocket = await app.connectSocket(reader.cookie);
    const readerJoin = await join(readerSocket, streamId);
    expect(readerJoin).toMatchObject({
      ok: true,
      stream: { id: streamId, status: 'live', viewerCount: 0 },
      messages: [],
      mutedUserIds: [],
    });

    const first = await createClient(app);
    const firstSocket = await app.connectSocket(first.cookie);
    const one = viewers(readerSocket, streamId, 1);
    const firstJoin = await join(firstSocket, streamId);
    expect(firstJoin).toMatchObject({
      ok: true,
      peerId: firstSocket.id,
      stream: { viewerCount: 1, viewerHasJoined: true },
    });
    await one;

    // The same user in a second tab: still one viewer, and no event for an unchanged count.
    const seen = collect(readerSocket, 'stream_viewers');
    const secondTab = await app.connectSocket(first.cookie);
    expect(await join(secondTab, streamId)).toMatchObject({ ok: true, stream: { viewerCount: 1 } });

    const two = viewers(firstSocket, streamId, 2);
    const second = await viewerIn(streamId);
    expect(second.ack.stream.viewerCount).toBe(2);
    // The first count of a second goes at once, the rest at its end.
    clock.advance(VIEWER_COUNT_INTERVAL_MS);
    await two;
    expect(seen.map((e) => e.count)).toEqual([2]);
    expect(await storedCount(streamId)).toBe(2);
    expect((await http(app).get(`/api/live/streams/${streamId}`)).body.viewerCount).toBe(2);

    // One tab leaving keeps the user counted; the last one leaving does not.
    expect(await emitAck(secondTab, 'leave_stream', { streamId })).toEqual({ ok: true });
    expect(await storedCount(streamId)).toBe(2);
    const down = viewers(readerSocket, streamId, 1);
    firstSocket.disconnect();
    clock.advance(VIEWER_COUNT_INTERVAL_MS);
    await down;
    expect(await storedCount(streamId)).toBe(1);
    const none = viewers(readerSocket, streamId, 0);
    expect(await emitAck(second.socket, 'leave_stream', { streamId })).toEqual({ ok: true });
    clock.advance(VIEWER_COUNT_INTERVAL_MS);
    await none;
    // Leaving a room one is not in is a no-op.
    expect(await emitAck(second.socket, 'leave_stream', { streamId })).toEqual({ ok: true });
  });

  it('settles on the right count when many viewers join at once', async () => {
    const { streamId, readerSocket, counts, sockets } = await crowdAtLiveStream(12);
    const all = viewers(readerSocket, streamId, 12);
    const acks = await Promise.all(sockets.map((socket) => join(socket, streamId)));
    expect(acks.every((ack) => ack.ok)).toBe(true);
    clock.advance(VIEWER_COUNT_INTERVAL_MS);
    await all;
    expect(await storedCount(streamId)).toBe(12);
    // Never more events than joins, and the counts only grow.
    expect(counts.length).toBeLessThanOrEqual(12);
    expect(counts.map((e) => e.count)).toEqual([...counts.map((e) => e.count)].sort((a, b) => a - b));
  });

  it('sends the count at most once a second however many join: 50 joins in a second are 2 events, the last with the count', async () => {
    const { streamId, readerSocket, counts, sockets } = await crowdAtLiveStream(50);
    const acks = await Promise.all(sockets.map((socket) => join(socket, streamId)));
    expect(acks.every((ack) => ack.ok)).toBe(true);
    // Each ack carries the count with its own viewer in it, though the room hears it later.
    expect(Math.max(...acks.map((ack) => (ack as JoinAck).stream.viewerCount))).toBe(50);
    await delivered(readerSocket);
    expect(counts.length).toBeLessThanOrEqual(1);

    const all = viewers(readerSocket, streamId, 50);
    clock.advance(VIEWER_COUNT_INTERVAL_MS);
    await all;
    expect(await storedCount(streamId)).toBe(50);
    clock.advance(VIEWER_COUNT_INTERVAL_MS);
    await delivered(readerSocket);
    expect(counts.length).toBeLessThanOrEqual(2);
    expect(counts.at(-1)?.count).toBe(50);

    // Half of them leave at once, after a quiet second: the first leave's count at once, the rest's at the end of the second.
    const down = viewers(readerSocket, streamId, 25);
    await Promise.all(sockets.slice(0, 25).map((socket) => emitAck(socket, 'leave_stream', { streamId })));
    clock.advance(VIEWER_COUNT_INTERVAL_MS);
    await down;
    await delivered(readerSocket);
    const leaves = counts.slice(2).map((e) => e.count);
    expect(leaves.length).toBeLessThanOrEqual(2);
    expect(leaves.at(-1)).toBe(25);
  });

  it('refuses a join that races the end of its stream, or has the viewer hear the end: nobody is left in the room', async () => {
    const reader = await createReader(app);
    for (let round = 0; round < 3; round++) {
      const streamId = await goLive(reader);
      await viewerIn(streamId);
      const sockets = await Promise.all(
        Array.from({ length: 8 }, async () => app.connectSocket((await createClient(app)).cookie)),
      );
      const endings = sockets.map((socket) =>
        nextEvent(socket, 'stream_ended', () => true, 15_000).then(
          () => true,
          () => false,
        ),
      );
      const [ended, ...acks] = await Promise.all([
        http(app, reader.cookie).post(`/api/live/streams/${streamId}/end`),
        ...sockets.map((socket) => join(socket, streamId)),
      ]);
      expect(ended?.status).toBe(200);
      for (const [i, ack] of acks.entries()) {
        if (!ack.ok) expect(ack.error).toEqual({ code: 'CONFLICT', message: 'This stream has ended' });
        // Joined before the end: the room heard it ended, and then was emptied.
        else expect(await endings[i]).toBe(true);
        const socket = sockets[i] as Socket;
        expect(await say(socket, streamId, 'still here?')).toMatchObject({
          ok: false,
          error: { code: 'FORBIDDEN', message: 'Join the stream before chatting' },
        });
      }
    }
  });

  it('answers 404 for an unknown stream and 409 for a scheduled or ended one', async () => {
    const reader = await createReader(app);
    const socket = await app.connectSocket((await createClient(app)).cookie);
    expect(await join(socket, 'no-such-stream')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const scheduled = await goLive(reader, { scheduledFor: new Date(clock.now() + 3_600_000).toISOString() });
    expect(await join(socket, scheduled)).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'This stream has not started yet' },
    });
    const ended = await goLive(reader);
    await http(app, reader.cookie).post(`/api/live/streams/${ended}/end`);
    expect(await join(socket, ended)).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'This stream has ended' },
    });
    expect(await join(socket, '')).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });

  it('refuses a priced stream to a user without a stream_joins row; its reader and an admitted viewer watch', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader, { priceCents: 499 });
    const client = await createClient(app);
    const socket = await app.connectSocket(client.cookie);
    expect(await join(socket, streamId)).toEqual({
      ok: false,
      error: { code: 'PAYMENT_REQUIRED', message: 'Join this stream to watch it' },
    });
    expect(await storedCount(streamId)).toBe(0);

    await app.db.insert(streamJoins).values({ streamId, userId: client.id, paidCents: 499 });
    expect(await join(socket, streamId)).toMatchObject({ ok: true, stream: { viewerHasJoined: true, viewerCount: 1 } });
    expect(await join(await app.connectSocket(reader.cookie), streamId)).toMatchObject({ ok: true });
  });

  it('has no socket for a visitor at all', async () => {
    await expect(app.connectSocket()).rejects.toThrow('unauthorized');
  });
});

describe('stream_message', () => {
  it('sends a chat to the room and keeps it for the history of later viewers', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    const readerSocket = await app.connectSocket(reader.cookie);
    await join(readerSocket, streamId);
    const alice = await viewerIn(streamId, await createClient(app, { name: 'Alice Moon' }));

    const heard = nextEvent<StreamChat>(readerSocket, 'stream_chat');
    const sent = await say(alice.socket, streamId, '  Hello, everyone  ');
    expect(sent).toEqual({
      ok: true,
      message: {
        id: expect.any(String),
        streamId,
        userId: alice.user.id,
        userName: 'Alice',
        content: 'Hello, everyone',
        at: new Date(clock.now()).toISOString(),
      },
      masked: false,
    });
    expect(await heard).toEqual((sent as { message: StreamChat }).message);
    clock.advance(1000);
    await say(readerSocket, streamId, 'Welcome, Alice');
    clock.advance(1000);
    expect(await say(alice.socket, streamId, 'x'.repeat(500))).toMatchObject({ ok: true });

    const later = await viewerIn(streamId);
    expect(later.ack.messages.map((m) => m.content)).toEqual(['Hello, everyone', 'Welcome, Alice', 'x'.repeat(500)]);
    expect(await app.db.select().from(streamMessages).where(eq(streamMessages.streamId, streamId))).toHaveLength(3);
  });

  it('puts a message sent just before a join in its backlog, or has the joiner hear it, once the stream is kept in memory', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    const chatter = await viewerIn(streamId);
    expect(chatter.ack.messages).toEqual([]);
    await say(chatter.socket, streamId, 'just before');
    expect((await viewerIn(streamId)).ack.messages.map((m) => m.content)).toEqual(['just before']);

    // Sent and joined at once: whichever comes first, the joiner has the message.
    for (let i = 0; i < 4; i++) {
      clock.advance(10_000);
      const socket = await app.connectSocket((await createClient(app)).cookie);
      const heard = collect<StreamChat>(socket, 'stream_chat');
      const [sent, ack] = await Promise.all([say(chatter.socket, streamId, `race ${i}`), join(socket, streamId)]);
      expect(sent.ok && ack.ok).toBe(true);
      await delivered(socket);
      const inBacklog = (ack as JoinAck).messages.map((m) => m.content).includes(`race ${i}`);
      expect(inBacklog || heard.some((m) => m.content === `race ${i}`)).toBe(true);
    }
  });

  it('refuses blank, too long, and from a socket not in the room; nothing is stored', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    const { socket } = await viewerIn(streamId);
    expect(await say(socket, streamId, '   ')).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'content: Message cannot be empty' },
    });
    expect(await say(socket, streamId, 'x'.repeat(501))).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'content: Message must be at most 500 characters' },
    });
    const outsider = await app.connectSocket((await createClient(app)).cookie);
    expect(await say(outsider, streamId, 'hi')).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'Join the stream before chatting' },
    });
    expect(await app.db.select().from(streamMessages).where(eq(streamMessages.streamId, streamId))).toEqual([]);
  });

  it('is rate limited per user: the sixth message in 10 seconds is told to slow down', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    const { socket } = await viewerIn(streamId);
    for (let i = 1; i <= 5; i += 1) expect(await say(socket, streamId, `message ${i}`)).toMatchObject({ ok: true });
    const refused = await say(socket, streamId, 'message 6');
    expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect((refused as { error: { message: string } }).error.message).toContain('slow down');
    clock.advance(10_000);
    expect(await say(socket, streamId, 'message 7')).toMatchObject({ ok: true });
    expect(await app.db.select().from(streamMessages).where(eq(streamMessages.streamId, streamId))).toHaveLength(6);
  });
});

describe('moderation', () => {
  it('the reader removes a message: gone from every page and from the history', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    const viewer = await viewerIn(streamId);
    const watcher = await viewerIn(streamId);
    const sent = (await say(viewer.socket, streamId, 'something rude')) as { message: StreamChat };
    clock.advance(1000);
    await say(viewer.socket, streamId, 'something kind');
    const url = `/api/live/streams/${streamId}/messages/${sent.message.id}`;

    expect((await http(app, viewer.user.cookie).delete(url)).status).toBe(403);
    expect((await http(app).delete(url)).status).toBe(401);
    expect(
      (await http(app, reader.cookie).delete(`/api/live/streams/${streamId}/messages/no-such-message`)).status,
    ).toBe(404);
    const removed = nextEvent(watcher.socket, 'stream_message_removed');
    expect((await http(app, reader.cookie).delete(url)).status).toBe(204);
    expect(await removed).toEqual({ streamId, messageId: sent.message.id });
    expect((await viewerIn(streamId)).ack.messages.map((m) => m.content)).toEqual(['something kind']);
  });

  it('a muted viewer is refused until unmuted; an admin may mute too', async () => {
    const reader = await createReader(app);
    const admin = await createAdmin(app);
    const streamId = await goLive(reader);
    const viewer = await viewerIn(streamId);
    const watcher = await viewerIn(streamId);
    const url = `/api/live/streams/${streamId}/mutes/${viewer.user.id}`;

    expect((await http(app, watcher.user.cookie).put(url)).status).toBe(403);
    expect((await http(app, reader.cookie).put(`/api/live/streams/${streamId}/mutes/${reader.id}`)).status).toBe(400);
    expect((await http(app, reader.cookie).put(`/api/live/streams/${streamId}/mutes/no-such-user`)).status).toBe(404);
    const muted = nextEvent(watcher.socket, 'stream_muted');
    expect((await http(app, reader.cookie).put(url)).status).toBe(204);
    expect(await muted).toEqual({ streamId, userId: viewer.user.id });
    expect(await say(viewer.socket, streamId, 'let me speak')).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'You have been muted in this stream' },
    });
    expect((await viewerIn(streamId)).ack.mutedUserIds).toEqual([viewer.user.id]);

    const unmuted = nextEvent(viewer.socket, 'stream_unmuted');
    expect((await http(app, admin.cookie).delete(url)).status).toBe(204);
    expect(await unmuted).toEqual({ streamId, userId: viewer.user.id });
    expect((await http(app, admin.cookie).delete(url)).status).toBe(204);
    expect(await say(viewer.socket, streamId, 'thank you')).toMatchObject({ ok: true });
    expect((await http(app, admin.cookie).put(url)).status).toBe(204);
    expect(await say(viewer.socket, streamId, 'again?')).toMatchObject({
      ok: false,
      error: { message: 'You have been muted in this stream' },
    });
  });
});

describe('the end of a stream', () => {
  it('reaches every viewer as stream_ended; the room is closed and a later join is refused', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    const first = await viewerIn(streamId);
    const second = await viewerIn(streamId);
    const endings = [first, second].map((v) => nextEvent(v.socket, 'stream_ended'));
    clock.advance(60_000);
    expect((await http(app, reader.cookie).post(`/api/live/streams/${streamId}/end`)).status).toBe(200);
    for (const ended of await Promise.all(endings))
      expect(ended).toEqual({ streamId, endedAt: new Date(clock.now()).toISOString(), reason: 'ended' });
    expect(await storedCount(streamId)).toBe(0);
    expect(await say(first.socket, streamId, 'still there?')).toMatchObject({ ok: false });
    expect(await join(second.socket, streamId)).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: 'This stream has ended' },
    });
  });
});
