import { randomUUID } from 'node:crypto';
import { LIVE_STREAM_FULL_MESSAGE } from '@shared/live';
import { FORWARDER_PEER_ID } from '@shared/live-media-signal';
import type { RelayedStreamSignal } from '@shared/realtime';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createReader, type TestUser } from '../../../../../tests/integration/factories';
import { fakeClock } from '../../../../../tests/integration/fake-clock';
import { collect, emitAck, nextEvent } from '../../../../../tests/integration/socket-helpers';
import { createTestApp, type TestApp } from '../../../../../tests/integration/test-app';
import { liveStreams } from '../../../db/schema';
import { streamRoom } from '../deps';
import type { MediaForwarder } from './forwarder/media-forwarder';
import type { ForwarderEvent } from './forwarder/protocol';

/** The forwarder as the relay sees it, recording every call; its offers name what they are for. */
function fakeForwarder() {
  const calls: string[] = [];
  const listeners: ((event: ForwarderEvent) => void)[] = [];
  const forwarder: MediaForwarder = {
    publish: async (streamId) => {
      calls.push(`publish ${streamId}`);
      return { offer: { type: 'offer', sdp: `publish ${streamId}` } };
    },
    publisherSignal: async (streamId, kind, payload) =>
      void calls.push(`publisher ${streamId} ${kind} ${JSON.stringify(payload)}`),
    unpublish: async (streamId) => void calls.push(`unpublish ${streamId}`),
    subscribe: async (_streamId, key) => {
      calls.push(`subscribe ${key}`);
      return { offer: { type: 'offer', sdp: `subscribe ${key}` } };
    },
    subscriberSignal: async (key, kind, payload) =>
      void calls.push(`subscriber ${key} ${kind} ${JSON.stringify(payload)}`),
    unsubscribe: async (key) => void calls.push(`unsubscribe ${key}`),
    onGone: (listener) => void listeners.push(listener),
    close: async () => undefined,
  };
  return {
    forwarder,
    calls,
    gone: (event: ForwarderEvent) => {
      for (const listener of listeners) listener(event);
    },
  };
}

const P2P_CAP = 1;
const FORWARDER_CAP = 2;
const clock = fakeClock(Date.now());
let fake: ReturnType<typeof fakeForwarder>;
let app: TestApp;
let viewer: TestUser;
// An app per test: the forwarder's limit counts every stream of the process.
beforeEach(async () => {
  fake = fakeForwarder();
  app = await createTestApp({
    clock,
    runScheduler: false,
    forwarder: fake.forwarder,
    env: { LIVE_P2P_MAX_VIEWERS: String(P2P_CAP), LIVE_FORWARDER_MAX_VIEWERS: String(FORWARDER_CAP) },
  });
  viewer = await createClient(app);
});
afterEach(() => app.close());

async function liveStream() {
  const reader = await createReader(app);
  const id = randomUUID();
  await app.db.insert(liveStreams).values({
    id,
    readerId: reader.id,
    title: 'Open pulls',
    category: 'Tarot Reading',
    status: 'live',
    startedAt: new Date(clock.now()),
  });
  return { id, reader };
}

async function inRoom(cookie: string, streamId: string): Promise<Socket> {
  const socket = await app.connectSocket(cookie);
  app.io.in(socket.id!).socketsJoin(streamRoom(streamId));
  return socket;
}

const signal = (socket: Socket, streamId: string, type: string, to?: string, data?: unknown) =>
  emitAck(socket, 'stream_signal', {
    streamId,
    ...(to && { to }),
    signal: { type, ...(data !== undefined && { data }) },
  });
const fromForwarder = (socket: Socket, type: string) =>
  nextEvent<RelayedStreamSignal>(
    socket,
    'stream_signal',
    (r) => r.from === FORWARDER_PEER_ID && r.signal.type === type,
  );
const callsFor = (streamId: string) => fake.calls.filter((c) => c.includes(streamId));

/** A live stream whose reader's camera is on and whose peer-to-peer place is taken. */
async function fullPeerToPeer() {
  const { id, reader } = await liveStream();
  const broadcaster = await inRoom(reader.cookie, id);
  expect(await signal(broadcaster, id, 'ready')).toEqual({ ok: true });
  const peer = await inRoom(viewer.cookie, id);
  expect(await signal(peer, id, 'watch', undefined, { watchId: 'p2p' })).toEqual({ ok: true });
  return { id, reader, broadcaster, peer };
}

describe('viewers above the peer-to-peer cap', () => {
  it("go to the forwarder: the reader's page publishes once, each viewer answers the forwarder's offer", async () => {
    const { id, broadcaster } = await fullPeerToPeer();
    const first = await inRoom(viewer.cookie, id);
    const published = fromForwarder(broadcaster, 'offer');
    const offered = fromForwarder(first, 'offer');
    const readerHeard = collect<RelayedStreamSignal>(broadcaster, 'stream_signal');
    expect(await signal(first, id, 'watch', undefined, { watchId: 'w1' })).toEqual({ ok: true });
    const publication = await published;
    expect(publication.signal.data).toMatchObject({ payload: { type: 'offer', sdp: `publish ${id}` } });
    expect(await offered).toMatchObject({
      streamId: id,
      from: FORWARDER_PEER_ID,
      signal: { data: { watchId: 'w1', payload: { sdp: `subscribe ${id}/${first.id}` } } },
    });
    // The reader's page never hears the forwarded viewer's watch.
    expect(readerHeard.filter((r) => r.from === first.id)).toEqual([]);

    const publishId = (publication.signal.data as { watchId: string }).watchId;
    expect(
      await signal(broadcaster, id, 'answer', FORWARDER_PEER_ID, {
        watchId: publishId,
        payload: { type: 'answer', sdp: 'up' },
      }),
    ).toEqual({ ok: true });
    expect(
      await signal(first, id, 'answer', FORWARDER_PEER_ID, { watchId: 'w1', payload: { type: 'answer', sdp: 'down' } }),
    ).toEqual({ ok: true });
    expect(
      await signal(first, id, 'ice_candidate', FORWARDER_PEER_ID, { watchId: 'stale', payload: { candidate: 'x' } }),
    ).toEqual({ ok: true });

    const second = await inRoom(viewer.cookie, id);
    expect(await signal(second, id, 'watch', undefined, { watchId: 'w2' })).toEqual({ ok: true });
    expect(callsFor(id)).toEqual([
      `publish ${id}`,
      `subscribe ${id}/${first.id}`,
      `publisher ${id} answer {"type":"answer","sdp":"up"}`,
      `subscriber ${id}/${first.id} answer {"type":"answer","sdp":"down"}`,
      `subscribe ${id}/${second.id}`,
    ]);
  });

  it("keep a viewer from the reader's upstream, and the forwarder's limit tells one more the stream is full", async () => {
    const { id, broadcaster } = await fullPeerToPeer();
    const published = fromForwarder(broadcaster, 'offer');
    const viewers = await Promise.all(Array.from({ length: FORWARDER_CAP + 1 }, () => inRoom(viewer.cookie, id)));
    for (const [i, s] of viewers.slice(0, FORWARDER_CAP).entries())
      expect(await signal(s, id, 'watch', undefined, { watchId: `w${i}` })).toEqual({ ok: true });
    expect(await signal(viewers.at(-1)!, id, 'watch', undefined, { watchId: 'late' })).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: LIVE_STREAM_FULL_MESSAGE },
    });

    const publishId = ((await published).signal.data as { watchId: string }).watchId;
    // A viewer who learnt the publication's id cannot feed the reader's upstream.
    expect(
      await signal(viewers[0]!, id, 'answer', FORWARDER_PEER_ID, {
        watchId: publishId,
        payload: { type: 'answer', sdp: 'fake' },
      }),
    ).toEqual({ ok: true });
    expect(callsFor(id).filter((c) => c.startsWith('publisher'))).toEqual([]);
  });

  it('end the publication when the last of them says bye or disconnects, and the reader is told to stop sending', async () => {
    const { id, broadcaster } = await fullPeerToPeer();
    const published = fromForwarder(broadcaster, 'offer');
    const [first, second] = await Promise.all([inRoom(viewer.cookie, id), inRoom(viewer.cookie, id)]);
    expect(await signal(first!, id, 'watch', undefined, { watchId: 'a' })).toEqual({ ok: true });
    expect(await signal(second!, id, 'watch', undefined, { watchId: 'b' })).toEqual({ ok: true });
    const publishId = ((await published).signal.data as { watchId: string }).watchId;

    expect(await signal(first!, id, 'bye', FORWARDER_PEER_ID, { watchId: 'a' })).toEqual({ ok: true });
    expect(callsFor(id).at(-1)).toBe(`unsubscribe ${id}/${first!.id}`);
    const stop = fromForwarder(broadcaster, 'bye');
    const secondId = second!.id;
    second!.disconnect();
    expect(await stop).toMatchObject({ signal: { type: 'bye', data: { watchId: publishId } } });
    expect(callsFor(id).slice(-2)).toEqual([`unsubscribe ${id}/${secondId}`, `unpublish ${id}`]);
  });

  it("are told the connection is gone when the forwarder loses theirs or the reader's", async () => {
    const { id, broadcaster } = await fullPeerToPeer();
    const [first, second] = await Promise.all([inRoom(viewer.cookie, id), inRoom(viewer.cookie, id)]);
    expect(await signal(first!, id, 'watch', undefined, { watchId: 'a' })).toEqual({ ok: true });
    expect(await signal(second!, id, 'watch', undefined, { watchId: 'b' })).toEqual({ ok: true });

    const lost = fromForwarder(first!, 'bye');
    fake.gone({ event: 'subscriber_gone', key: `${id}/${first!.id}` });
    expect((await lost).signal.data).toEqual({ watchId: 'a' });

    const upstreamLost = fromForwarder(second!, 'bye');
    fake.gone({ event: 'publisher_gone', streamId: id });
    expect((await upstreamLost).signal.data).toEqual({ watchId: 'b' });
    // The next viewer above the cap starts a new publication.
    const published = fromForwarder(broadcaster, 'offer');
    expect(await signal(second!, id, 'watch', undefined, { watchId: 'c' })).toEqual({ ok: true });
    await published;
  });

  it("are told the stream is full while the reader's camera is off, and start over when it comes back", async () => {
    const { id, reader } = await liveStream();
    const broadcaster = await inRoom(reader.cookie, id);
    const peer = await inRoom(viewer.cookie, id);
    expect(await signal(peer, id, 'watch', undefined, { watchId: 'p' })).toEqual({ ok: true });
    const above = await inRoom(viewer.cookie, id);
    expect(await signal(above, id, 'watch', undefined, { watchId: 'x' })).toMatchObject({
      ok: false,
      error: { message: LIVE_STREAM_FULL_MESSAGE },
    });

    expect(await signal(broadcaster, id, 'ready')).toEqual({ ok: true });
    expect(await signal(peer, id, 'watch', undefined, { watchId: 'p2' })).toEqual({ ok: true });
    expect(await signal(above, id, 'watch', undefined, { watchId: 'y' })).toEqual({ ok: true });
    // The camera restarts: its publication ends (the viewers watch again on `ready`).
    expect(await signal(broadcaster, id, 'ready')).toEqual({ ok: true });
    expect(callsFor(id).at(-1)).toBe(`unpublish ${id}`);
  });
});
