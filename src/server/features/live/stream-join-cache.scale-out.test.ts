import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { LiveStream, StreamChat } from '@shared/live';
import { liveStreams } from '../../db/schema';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { emitAck } from '../../../../tests/integration/socket-helpers';
import { type TestApp, twoTestApps } from '../../../../tests/integration/test-app';

/**
 * Two processes of the app on one PostgreSQL and one Redis: what a join on one is sent (the kept
 * backlog and mutes, the count) follows the writes made on the other.
 */
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error('The scale-out test needs DATABASE_URL (PostgreSQL) and REDIS_URL: run it through `npm run test:pg`');
}
const { a, b } = await twoTestApps({ REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `live-join-${Date.now()}:` });

type JoinAck = { ok: true; stream: LiveStream; messages: StreamChat[]; mutedUserIds: string[] };
const join = async (socket: Socket, streamId: string) => {
  const ack = await emitAck<JoinAck>(socket, 'join_stream', { streamId });
  if (!ack.ok) throw new Error(ack.error.message);
  return ack;
};
async function viewerOn(app: TestApp, streamId: string, user?: TestUser) {
  const who = user ?? (await createClient(app));
  const socket = await app.connectSocket(who.cookie);
  return { user: who, socket, ack: await join(socket, streamId) };
}

describe('a join on one process', () => {
  it('is sent the messages, removals and mutes made on the other, though it kept the stream before', async () => {
    const reader = await createReader(a);
    const streamId = (
      await http(a, reader.cookie).post('/api/live/streams', { title: 'Two nodes', category: 'Mediumship' })
    ).body.id;
    const readerSocket = await a.connectSocket(reader.cookie);
    await join(readerSocket, streamId);
    const chatter = await viewerOn(a, streamId);
    // Node b keeps the stream from this join on.
    expect((await viewerOn(b, streamId)).ack.messages).toEqual([]);

    const sent = await emitAck<{ message: StreamChat }>(chatter.socket, 'stream_message', {
      streamId,
      content: 'from node a',
    });
    expect(sent.ok).toBe(true);
    await expect
      .poll(async () => (await viewerOn(b, streamId)).ack.messages.map((m) => m.content))
      .toEqual(['from node a']);

    expect((await http(a, reader.cookie).put(`/api/live/streams/${streamId}/mutes/${chatter.user.id}`)).status).toBe(
      204,
    );
    await expect.poll(async () => (await viewerOn(b, streamId)).ack.mutedUserIds).toEqual([chatter.user.id]);

    const messageId = (sent as { message: StreamChat }).message.id;
    expect((await http(a, reader.cookie).delete(`/api/live/streams/${streamId}/messages/${messageId}`)).status).toBe(
      204,
    );
    await expect.poll(async () => (await viewerOn(b, streamId)).ack.messages).toEqual([]);
  });

  it('counts the viewers of both processes once each, the reader on either never', async () => {
    const reader = await createReader(a);
    const streamId = (
      await http(a, reader.cookie).post('/api/live/streams', { title: 'Counted twice?', category: 'Mediumship' })
    ).body.id;
    await join(await b.connectSocket(reader.cookie), streamId);
    const both = await createClient(a);
    await viewerOn(a, streamId, both);
    await viewerOn(b, streamId, both);
    await viewerOn(b, streamId);
    const stored = async () =>
      (await a.db.select({ n: liveStreams.viewerCount }).from(liveStreams).where(eq(liveStreams.id, streamId)))[0]?.n;
    await expect.poll(stored, { timeout: 10_000 }).toBe(2);
  });
});
