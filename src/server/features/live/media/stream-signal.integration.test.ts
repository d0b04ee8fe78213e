import { randomUUID } from 'node:crypto';
import { LIVE_P2P_MAX_VIEWERS, LIVE_STREAM_FULL_MESSAGE } from '@shared/live';
import type { RelayedStreamSignal } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createReader, type TestUser } from '../../../../../tests/integration/factories';
import { fakeClock } from '../../../../../tests/integration/fake-clock';
import { collect, emitAck, nextEvent } from '../../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../../tests/integration/test-app';
import { liveStreams } from '../../../db/schema';
import { streamRoom } from '../deps';
import { STATUS_TTL_MS } from './stream-lookup';

const clock = fakeClock(Date.now());
// Peer to peer only: forwarded-viewers.integration.test.ts has the viewers above the cap.
const app = await testApp({ clock, runScheduler: false, env: { LIVE_FORWARDER: 'false' } });

/** A stream of a new reader (a reader has one live stream at most). */
async function liveStream(status: 'live' | 'scheduled' | 'ended' = 'live') {
  const reader = await createReader(app);
  const id = randomUUID();
  await app.db.insert(liveStreams).values({
    id,
    readerId: reader.id,
    title: 'Open pulls',
    category: 'Tarot Reading',
    status,
    startedAt: status === 'scheduled' ? null : new Date(clock.now()),
  });
  return { id, reader };
}

/** join_stream is the streams feature's; here the server puts the socket in the room itself. */
async function inRoom(socket: Socket, streamId: string) {
  app.io.in(socket.id!).socketsJoin(streamRoom(streamId));
  return socket;
}

const signal = (socket: Socket, streamId: string, type: string, to?: string, data?: unknown) =>
  emitAck(socket, 'stream_signal', {
    streamId,
    ...(to && { to }),
    signal: { type, ...(data !== undefined && { data }) },
  });

/** Resolves false when nothing arrived within a short wait: for signals that must not be delivered. */
const arrives = (socket: Socket, where: (s: RelayedStreamSignal) => boolean = () => true, ms = 300) =>
  nextEvent<RelayedStreamSignal>(socket, 'stream_signal', where, ms).then(
    () => true,
    () => false,
  );

describe('stream_signal relay', () => {
  let viewer: TestUser;
  beforeAll(async () => {
    viewer = await createClient(app);
  });

  it('refuses a socket that is not in the stream room', async () => {
    const { id } = await liveStream();
    const outsider = await app.connectSocket(viewer.cookie);
    expect(await signal(outsider, id, 'watch')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await signal(outsider, randomUUID(), 'watch')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(
      await emitAck(outsider, 'stream_signal', { streamId: id, signal: { type: 'watch', data: 'x'.repeat(70_000) } }),
    ).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });

  it("relays a viewer's signal without `to` to the reader's sockets in the room, with who sent it", async () => {
    const { id, reader } = await liveStream();
    const broadcaster = await inRoom(await app.connectSocket(reader.cookie), id);
    const readerElsewhere = await app.connectSocket(reader.cookie);
    const watcher = await inRoom(await app.connectSocket(viewer.cookie), id);
    const other = await inRoom(await app.connectSocket(viewer.cookie), id);
    const heard = nextEvent<RelayedStreamSignal>(broadcaster, 'stream_signal');
    const elsewhere = arrives(readerElsewhere);
    const otherViewer = arrives(other);
    expect(await signal(watcher, id, 'watch')).toEqual({ ok: true });
    expect(await heard).toEqual({ streamId: id, from: watcher.id, fromUserId: viewer.id, signal: { type: 'watch' } });
    expect(await elsewhere).toBe(false);
    expect(await otherViewer).toBe(false);
  });

  it('lets the broadcaster reach one viewer only with `to`, and a viewer answer it with `to`', async () => {
    const { id, reader } = await liveStream();
    const broadcaster = await inRoom(await app.connectSocket(reader.cookie), id);
    const first = await inRoom(await app.connectSocket(viewer.cookie), id);
    const second = await inRoom(await app.connectSocket(viewer.cookie), id);
    const offered = nextEvent<RelayedStreamSignal>(first, 'stream_signal');
    const leaked = arrives(second);
    expect(await signal(broadcaster, id, 'offer', first.id, { sdp: 'v=0' })).toEqual({ ok: true });
    expect(await offered).toEqual({
      streamId: id,
      from: broadcaster.id,
      fromUserId: reader.id,
      signal: { type: 'offer', data: { sdp: 'v=0' } },
    });
    expect(await leaked).toBe(false);

    const answered = nextEvent<RelayedStreamSignal>(broadcaster, 'stream_signal');
    expect(await signal(first, id, 'answer', broadcaster.id, { sdp: 'v=0' })).toEqual({ ok: true });
    expect(await answered).toMatchObject({ from: first.id, signal: { type: 'answer' } });

    // A broadcaster's `ready` goes to the whole room.
    const announced = Promise.all(
      [first, second].map((s) => nextEvent<RelayedStreamSignal>(s, 'stream_signal', (r) => r.signal.type === 'ready')),
    );
    expect(await signal(broadcaster, id, 'ready')).toEqual({ ok: true });
    expect((await announced).map((r) => r.from)).toEqual([broadcaster.id, broadcaster.id]);
  });

  it('refuses a viewer addressing another viewer, a socket outside the room, or speaking for the broadcaster', async () => {
    const { id, reader } = await liveStream();
    await inRoom(await app.connectSocket(reader.cookie), id);
    const first = await inRoom(await app.connectSocket(viewer.cookie), id);
    const second = await inRoom(await app.connectSocket(viewer.cookie), id);
    const outside = await app.connectSocket(viewer.cookie);
    const leaked = arrives(second);
    expect(await signal(first, id, 'ice_candidate', second.id, { candidate: '' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await signal(first, id, 'answer', outside.id)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // A room's name is not a socket: `to` cannot fan a viewer's signal out to the room.
    expect(await signal(first, id, 'answer', streamRoom(id))).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await signal(first, id, 'offer')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await signal(first, id, 'ready')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await leaked).toBe(false);
  });

  it('refuses signals of a stream that is not live, once its status is read again', async () => {
    const { id: scheduled } = await liveStream('scheduled');
    const early = await inRoom(await app.connectSocket(viewer.cookie), scheduled);
    expect(await signal(early, scheduled, 'watch')).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: 'This stream is not live' },
    });

    const { id, reader } = await liveStream();
    const broadcaster = await inRoom(await app.connectSocket(reader.cookie), id);
    const watcher = await inRoom(await app.connectSocket(viewer.cookie), id);
    expect(await signal(watcher, id, 'watch')).toEqual({ ok: true });
    await app.db
      .update(liveStreams)
      .set({ status: 'ended', endedAt: new Date(clock.now()) })
      .where(eq(liveStreams.id, id));
    clock.advance(STATUS_TTL_MS);
    expect(await signal(watcher, id, 'watch')).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await signal(broadcaster, id, 'offer', watcher.id)).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
  });

  it(`turns away the watch beyond ${LIVE_P2P_MAX_VIEWERS} viewers with the full message, and admits one when a viewer says bye or leaves`, async () => {
    const { id, reader } = await liveStream();
    const broadcaster = await inRoom(await app.connectSocket(reader.cookie), id);
    const relayed = collect<RelayedStreamSignal>(broadcaster, 'stream_signal');
    const viewers = await Promise.all(
      Array.from({ length: LIVE_P2P_MAX_VIEWERS + 1 }, async () => inRoom(await app.connectSocket(viewer.cookie), id)),
    );
    for (const s of viewers.slice(0, -1)) expect(await signal(s, id, 'watch')).toEqual({ ok: true });
    // Watching again (after a reconnect of the media) is not a new viewer.
    expect(await signal(viewers[0]!, id, 'watch')).toEqual({ ok: true });
    const last = viewers.at(-1)!;
    expect(await signal(last, id, 'watch')).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: LIVE_STREAM_FULL_MESSAGE },
    });
    expect(relayed.filter((r) => r.from === last.id)).toEqual([]);

    expect(await signal(viewers[0]!, id, 'bye')).toEqual({ ok: true });
    expect(await signal(last, id, 'watch')).toEqual({ ok: true });

    // A viewer who left the room no longer counts, and its disconnect says bye for it.
    app.io.in(viewers[1]!.id!).socketsLeave(streamRoom(id));
    expect(await signal(viewers[0]!, id, 'watch')).toEqual({ ok: true });
    const leaving = viewers[2]!.id;
    const gone = nextEvent<RelayedStreamSignal>(
      broadcaster,
      'stream_signal',
      (r) => r.from === leaving && r.signal.type === 'bye',
    );
    viewers[2]!.disconnect();
    expect(await gone).toMatchObject({ from: leaving, signal: { type: 'bye' } });
    expect(await signal(await inRoom(await app.connectSocket(viewer.cookie), id), id, 'watch')).toEqual({ ok: true });
  });

  it("takes a reconnected viewer at the cap in its old socket's place, closing that one, but closes nobody else's", async () => {
    const { id, reader } = await liveStream();
    const broadcaster = await inRoom(await app.connectSocket(reader.cookie), id);
    const viewers = await Promise.all(
      Array.from({ length: LIVE_P2P_MAX_VIEWERS }, async () => inRoom(await app.connectSocket(viewer.cookie), id)),
    );
    for (const s of viewers) expect(await signal(s, id, 'watch', undefined, { watchId: 'w1' })).toEqual({ ok: true });
    const [former, other] = [viewers[0]!, viewers[1]!];
    const formerId = former.id!;

    // Someone else naming a viewer's socket closes nothing, and is over the cap.
    const stranger = await inRoom(await app.connectSocket((await createClient(app)).cookie), id);
    expect(await signal(stranger, id, 'watch', undefined, { watchId: 'w1', replaces: other.id })).toMatchObject({
      ok: false,
      error: { message: LIVE_STREAM_FULL_MESSAGE },
    });
    expect(other.connected).toBe(true);

    // The same person's page after a reconnect, before the server noticed the old socket is gone.
    const again = await inRoom(await app.connectSocket(viewer.cookie), id);
    const closed = nextEvent<string>(former, 'disconnect');
    const heard = nextEvent<RelayedStreamSignal>(broadcaster, 'stream_signal', (r) => r.from === again.id);
    expect(await signal(again, id, 'watch', undefined, { watchId: 'w2', replaces: formerId })).toEqual({ ok: true });
    expect(await closed).toBe('io server disconnect');
    expect((await heard).signal).toEqual({ type: 'watch', data: { watchId: 'w2', replaces: formerId } });

    // A `replaces` that is not the sender's own socket reaches the broadcaster without it.
    expect(await signal(other, id, 'bye')).toEqual({ ok: true });
    const plain = nextEvent<RelayedStreamSignal>(broadcaster, 'stream_signal', (r) => r.from === stranger.id);
    expect(await signal(stranger, id, 'watch', undefined, { watchId: 'w3', replaces: again.id })).toEqual({ ok: true });
    expect((await plain).signal).toEqual({ type: 'watch', data: { watchId: 'w3' } });
    expect(again.connected).toBe(true);
  });

  it("frees the viewer's place when the broadcaster answers full or bye, and tells the room when its socket drops", async () => {
    const { id, reader } = await liveStream();
    const broadcaster = await inRoom(await app.connectSocket(reader.cookie), id);
    const viewers = await Promise.all(
      Array.from({ length: LIVE_P2P_MAX_VIEWERS }, async () => inRoom(await app.connectSocket(viewer.cookie), id)),
    );
    for (const s of viewers) expect(await signal(s, id, 'watch')).toEqual({ ok: true });
    const late = await inRoom(await app.connectSocket(viewer.cookie), id);
    expect(await signal(late, id, 'watch')).toMatchObject({ ok: false });
    expect(await signal(broadcaster, id, 'full', viewers[0]!.id)).toEqual({ ok: true });
    expect(await signal(late, id, 'watch')).toEqual({ ok: true });

    expect(await signal(broadcaster, id, 'ready')).toEqual({ ok: true });
    const told = nextEvent<RelayedStreamSignal>(late, 'stream_signal', (r) => r.signal.type === 'bye');
    broadcaster.disconnect();
    expect(await told).toMatchObject({ streamId: id, fromUserId: reader.id, signal: { type: 'bye' } });
  });
});
