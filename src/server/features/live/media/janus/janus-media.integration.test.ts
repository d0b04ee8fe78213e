import { eq } from 'drizzle-orm';
import { type Envelope, JANUS_PEER_ID } from '@shared/live-media-signal';
import type { RelayedStreamSignal } from '@shared/realtime';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { createClient, createReader, type TestUser } from '../../../../../../tests/integration/factories';
import { http } from '../../../../../../tests/integration/http';
import { type JanusServer, startJanus } from '../../../../../../tests/integration/janus-server';
import { openReaderPage } from '../../../../../../tests/integration/live-stream-rows';
import { emitAck, nextEvent } from '../../../../../../tests/integration/socket-helpers';
import { createTestApp, type TestApp } from '../../../../../../tests/integration/test-app';
import { liveStreams } from '../../../../db/schema';
import { destroyStreamRoom } from './destroy-stream-room';
import { listRooms } from './list-rooms';

/**
 * A stream's video through Debian's Janus with the app as the only signalling path: werift peers
 * in this process stand in for the reader's and the viewers' browsers, and speak `stream_signal`
 * to the app exactly as the pages do (src/web/features/live/media), never to Janus.
 */
let janus: JanusServer;
let app: TestApp;
const peers: RTCPeerConnection[] = [];
const timers: NodeJS.Timeout[] = [];

beforeAll(async () => {
  janus = await startJanus();
  app = await createTestApp({
    runScheduler: false,
    runMessageRetention: false,
    runMailWorker: false,
    runPushWorker: false,
    env: { JANUS_URL: janus.url, JANUS_ADMIN_URL: janus.adminUrl, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_SECRET: janus.adminSecret, LIVE_FORWARDER: 'false' },
  });
});
afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  await Promise.all(peers.map((pc) => pc.close()));
  await app?.close();
  await janus?.stop();
});

const signal = (socket: Socket, streamId: string, type: string, to?: string, data?: unknown) =>
  emitAck(socket, 'stream_signal', { streamId, ...(to && { to }), signal: { type, ...(data !== undefined && { data }) } });
const fromJanus = (socket: Socket, type: string) => nextEvent<RelayedStreamSignal>(socket, 'stream_signal', (r) => r.from === JANUS_PEER_ID && r.signal.type === type, 20_000);
const envelopeOf = (relayed: RelayedStreamSignal) => relayed.signal.data as Envelope;
const roomOf = async (streamId: string) =>
  (await app.db.select({ url: liveStreams.janusUrl, room: liveStreams.janusRoom }).from(liveStreams).where(eq(liveStreams.id, streamId)))[0];

/** Sends a peer's candidates to Janus as the pages do (trickled, beside those in its description). */
function trickle(pc: RTCPeerConnection, socket: Socket, streamId: string, watchId: () => string | undefined) {
  pc.onIceCandidate.subscribe((candidate) => {
    const id = watchId();
    if (candidate && id) void signal(socket, streamId, 'ice_candidate', JANUS_PEER_ID, { watchId: id, payload: candidate.toJSON() });
  });
}

/** A VP8 key frame's first packet, as far as Janus looks at it: what it forwards need not decode. */
const VP8_KEY_FRAME = Buffer.from([0x10, 0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01, ...new Array<number>(100).fill(0)]);

/**
 * The reader's page: it answers Janus's `watch` with a send-only video offer, applies the answer,
 * and once connected sends a packet every 20 ms.
 */
function readerCamera(socket: Socket, streamId: string) {
  const pc = new RTCPeerConnection({ iceServers: [] });
  peers.push(pc);
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  let watchId: string | undefined;
  trickle(pc, socket, streamId, () => watchId);
  socket.on('stream_signal', async (relayed: RelayedStreamSignal) => {
    if (relayed.from !== JANUS_PEER_ID) return;
    const envelope = envelopeOf(relayed);
    if (relayed.signal.type === 'watch') {
      watchId = envelope.watchId;
      await pc.setLocalDescription(await pc.createOffer());
      expect(await signal(socket, streamId, 'offer', JANUS_PEER_ID, { watchId, payload: { type: 'offer', sdp: pc.localDescription?.sdp } })).toEqual({ ok: true });
    }
    if (relayed.signal.type === 'answer' && envelope.watchId === watchId) await pc.setRemoteDescription(envelope.payload as { type: 'answer'; sdp: string });
  });
  let sequenceNumber = 0;
  pc.connectionStateChange.subscribe((state) => {
    if (state !== 'connected') return;
    timers.push(
      setInterval(() => {
        sequenceNumber = (sequenceNumber + 1) % 65_536;
        track.writeRtp(new RtpPacket(new RtpHeader({ sequenceNumber, timestamp: sequenceNumber * 3000, marker: true }), VP8_KEY_FRAME));
      }, 20),
    );
  });
}

/** A viewer's page: it watches, answers Janus's offer receive-only, and counts the RTP it gets. */
function viewerScreen(socket: Socket, streamId: string) {
  const watchId = `watch-${socket.id}`;
  let received = 0;
  const pc = new RTCPeerConnection({ iceServers: [] });
  peers.push(pc);
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => void received++));
  trickle(pc, socket, streamId, () => watchId);
  socket.on('stream_signal', async (relayed: RelayedStreamSignal) => {
    if (relayed.from !== JANUS_PEER_ID || relayed.signal.type !== 'offer' || envelopeOf(relayed).watchId !== watchId) return;
    await pc.setRemoteDescription(envelopeOf(relayed).payload as { type: 'offer'; sdp: string });
    for (const transceiver of pc.getTransceivers()) transceiver.setDirection('recvonly');
    await pc.setLocalDescription(await pc.createAnswer());
    expect(await signal(socket, streamId, 'answer', JANUS_PEER_ID, { watchId, payload: { type: 'answer', sdp: pc.localDescription?.sdp } })).toEqual({ ok: true });
  });
  return {
    watch: () => signal(socket, streamId, 'watch', undefined, { watchId }),
    // What a page's Watcher.stop sends, to the peer that offered.
    bye: () => signal(socket, streamId, 'bye', JANUS_PEER_ID, { watchId }),
    received: () => received,
  };
}

/** Packets stop coming (those already on their way aside). */
async function expectStopped(received: () => number) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const settled = received();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(received()).toBe(settled);
}

const receiving = (received: () => number, more = 20) => {
  const from = received();
  return vi.waitFor(() => expect(received()).toBeGreaterThan(from + more), { timeout: 20_000, interval: 200 });
};

async function joinStream(user: TestUser, streamId: string) {
  const socket = await app.connectSocket(user.cookie);
  return { socket, joined: await emitAck(socket, 'join_stream', { streamId }) };
}

/** A priced stream gone live through the API, its reader's camera on Janus and a paying viewer receiving it. */
async function streamWithViewer() {
  const reader = await createReader(app);
  const readerPage = await openReaderPage(app, reader);
  const created = await http(app, reader.cookie).post('/api/live/streams', { title: 'Through Janus', description: 'Video', category: 'Tarot Reading', priceCents: 199 });
  expect(created.status).toBe(201);
  const streamId = (created.body as { id: string }).id;
  const room = await roomOf(streamId);
  expect(room).toMatchObject({ url: janus.url, room: expect.any(Number) });
  expect((await listRooms(janus)).map((listed) => listed.room)).toContain(room?.room);

  expect(await emitAck(readerPage, 'join_stream', { streamId })).toMatchObject({ ok: true });
  readerCamera(readerPage, streamId);
  // Janus tells the room once it has the camera: the viewers' pages watch on that `ready`.
  const payer = await createClient(app, { balanceCents: 1_000 });
  expect((await http(app, payer.cookie).post(`/api/live/streams/${streamId}/join`)).status).toBe(200);
  const viewer = await joinStream(payer, streamId);
  expect(viewer.joined).toMatchObject({ ok: true });
  const published = fromJanus(viewer.socket, 'ready');
  expect(await signal(readerPage, streamId, 'ready')).toEqual({ ok: true });
  await published;

  const screen = viewerScreen(viewer.socket, streamId);
  expect(await screen.watch()).toEqual({ ok: true });
  await receiving(screen.received);
  return { reader, readerPage, streamId, room, viewer, screen };
}

describe('a stream through Janus', () => {
  it('opens a room as it goes live, carries the reader’s video to a paying viewer only, and destroys the room as it ends', async () => {
    const { reader, streamId, room, screen } = await streamWithViewer();

    // A second viewer gets it too, until it leaves: its subscription goes, the first one's stays.
    const secondPayer = await createClient(app, { balanceCents: 1_000 });
    expect((await http(app, secondPayer.cookie).post(`/api/live/streams/${streamId}/join`)).status).toBe(200);
    const second = viewerScreen((await joinStream(secondPayer, streamId)).socket, streamId);
    expect(await second.watch()).toEqual({ ok: true });
    await receiving(second.received);
    expect(await second.bye()).toEqual({ ok: true });
    await expectStopped(second.received);
    await receiving(screen.received);

    // Someone who has not paid is not let into the room, so the server gives their watch nothing.
    const freeloader = await joinStream(await createClient(app), streamId);
    expect(freeloader.joined).toMatchObject({ ok: false, error: { code: 'PAYMENT_REQUIRED' } });
    const offered = fromJanus(freeloader.socket, 'offer').then(
      () => true,
      () => false,
    );
    expect(await signal(freeloader.socket, streamId, 'watch', undefined, { watchId: 'unpaid' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await Promise.race([offered, new Promise((resolve) => setTimeout(() => resolve('nothing'), 2000))])).toBe('nothing');

    expect((await http(app, reader.cookie).post(`/api/live/streams/${streamId}/end`)).status).toBe(200);
    await vi.waitFor(async () => expect((await listRooms(janus)).map((listed) => listed.room)).not.toContain(room?.room), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await roomOf(streamId)).toEqual({ url: null, room: null }));
    // The viewer's packets stop with the room.
    await expectStopped(screen.received);
  }, 90_000);

  it('tells the pages `bye` when Janus hangs up on them: the room destroyed by another process ending the stream', async () => {
    const { readerPage, streamId, room, viewer, screen } = await streamWithViewer();
    const [readerBye, viewerBye] = [readerPage, viewer.socket].map((socket) => fromJanus(socket, 'bye'));
    const row = await app.db.select({ secret: liveStreams.janusRoomSecret }).from(liveStreams).where(eq(liveStreams.id, streamId));
    await destroyStreamRoom(janus, { room: room?.room ?? 0, secret: row[0]?.secret ?? '' });
    await Promise.all([readerBye, viewerBye]);
    await expectStopped(screen.received);
  }, 90_000);
});
