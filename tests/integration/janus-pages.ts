import { type Envelope, JANUS_PEER_ID } from '@shared/live-media-signal';
import type { RelayedStreamSignal } from '@shared/realtime';
import type { Socket } from 'socket.io-client';
import { expect, vi } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { createReader } from './factories';
import { http } from './http';
import { openReaderPage } from './live-stream-rows';
import { emitAck, nextEvent } from './socket-helpers';
import type { TestApp } from './test-app';

/**
 * Werift peers that stand in for the reader's and the viewers' browsers in a stream through Janus:
 * they speak `stream_signal` to the app exactly as the pages do (src/web/features/live/media),
 * never to Janus. A file makes one `janusPages()` and closes it after its tests.
 */
export function janusPages() {
  const peers: RTCPeerConnection[] = [];
  const timers: NodeJS.Timeout[] = [];

  /** Sends a peer's candidates to Janus as the pages do (trickled, beside those in its description). */
  function trickle(pc: RTCPeerConnection, socket: Socket, streamId: string, watchId: () => string | undefined) {
    pc.onIceCandidate.subscribe((candidate) => {
      const id = watchId();
      if (candidate && id)
        void streamSignal(socket, streamId, 'ice_candidate', JANUS_PEER_ID, {
          watchId: id,
          payload: candidate.toJSON(),
        });
    });
  }

  const pages = {
    /**
     * The reader's page: it answers each `watch` from Janus with a send-only video offer on a
     * connection of its own (a stream moved to another Janus asks again), applies the answer, and
     * once connected sends a packet every 20 ms.
     */
    readerCamera(socket: Socket, streamId: string) {
      let current: { pc: RTCPeerConnection; watchId: string } | undefined;
      socket.on('stream_signal', async (relayed: RelayedStreamSignal) => {
        if (relayed.from !== JANUS_PEER_ID) return;
        const envelope = envelopeOf(relayed);
        if (relayed.signal.type === 'watch') {
          void current?.pc.close();
          const pc = new RTCPeerConnection({ iceServers: [] });
          peers.push(pc);
          const connection = { pc, watchId: envelope.watchId };
          current = connection;
          const track = new MediaStreamTrack({ kind: 'video' });
          pc.addTransceiver(track, { direction: 'sendonly' });
          trickle(pc, socket, streamId, () => connection.watchId);
          let sequenceNumber = 0;
          pc.connectionStateChange.subscribe((state) => {
            if (state !== 'connected') return;
            timers.push(
              setInterval(() => {
                sequenceNumber = (sequenceNumber + 1) % 65_536;
                track.writeRtp(
                  new RtpPacket(
                    new RtpHeader({ sequenceNumber, timestamp: sequenceNumber * 3000, marker: true }),
                    VP8_KEY_FRAME,
                  ),
                );
              }, 20),
            );
          });
          await pc.setLocalDescription(await pc.createOffer());
          expect(
            await streamSignal(socket, streamId, 'offer', JANUS_PEER_ID, {
              watchId: connection.watchId,
              payload: { type: 'offer', sdp: pc.localDescription?.sdp },
            }),
          ).toEqual({ ok: true });
        }
        if (relayed.signal.type === 'answer' && current && envelope.watchId === current.watchId)
          await current.pc.setRemoteDescription(envelope.payload as { type: 'answer'; sdp: string });
      });
    },

    /**
     * A viewer's page: it watches, answers Janus's offer receive-only, and counts the RTP it gets.
     * Told `bye` by Janus, it waits for the next `ready` and watches again on a new connection, as
     * the pages do ('Reconnecting…').
     */
    viewerScreen(socket: Socket, streamId: string) {
      let received = 0;
      let byes = 0;
      let watches = 0;
      let current: { pc: RTCPeerConnection; watchId: string } | undefined;
      const watch = () => {
        void current?.pc.close();
        const pc = new RTCPeerConnection({ iceServers: [] });
        peers.push(pc);
        const connection = { pc, watchId: `watch-${socket.id}-${++watches}` };
        current = connection;
        pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => void received++));
        trickle(pc, socket, streamId, () => connection.watchId);
        return streamSignal(socket, streamId, 'watch', undefined, { watchId: connection.watchId });
      };
      socket.on('stream_signal', async (relayed: RelayedStreamSignal) => {
        if (relayed.from !== JANUS_PEER_ID || !current) return;
        if (relayed.signal.type === 'bye' && envelopeOf(relayed).watchId === current.watchId) byes++;
        if (relayed.signal.type === 'ready' && byes > 0) await watch();
        if (relayed.signal.type !== 'offer' || envelopeOf(relayed).watchId !== current.watchId) return;
        const { pc, watchId } = current;
        await pc.setRemoteDescription(envelopeOf(relayed).payload as { type: 'offer'; sdp: string });
        for (const transceiver of pc.getTransceivers()) transceiver.setDirection('recvonly');
        await pc.setLocalDescription(await pc.createAnswer());
        expect(
          await streamSignal(socket, streamId, 'answer', JANUS_PEER_ID, {
            watchId,
            payload: { type: 'answer', sdp: pc.localDescription?.sdp },
          }),
        ).toEqual({ ok: true });
      });
      return {
        watch,
        // What a page's Watcher.stop sends, to the peer that offered.
        bye: () => streamSignal(socket, streamId, 'bye', JANUS_PEER_ID, { watchId: current?.watchId }),
        received: () => received,
        /** How many times Janus said `bye` to this page. */
        byes: () => byes,
      };
    },

    /** A new reader's stream gone live through the API on `app`, their page in its room with the camera on. */
    async goLive(app: TestApp, title: string, priceCents: number) {
      const reader = await createReader(app);
      const readerPage = await openReaderPage(app, reader);
      const created = await http(app, reader.cookie).post('/api/live/streams', {
        title,
        description: 'Video',
        category: 'Tarot Reading',
        priceCents,
      });
      expect(created.status).toBe(201);
      const streamId = (created.body as { id: string }).id;
      expect(await emitAck(readerPage, 'join_stream', { streamId })).toMatchObject({ ok: true });
      pages.readerCamera(readerPage, streamId);
      return { reader, readerPage, streamId };
    },

    async close() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(peers.map((pc) => pc.close()));
    },
  };
  return pages;
}

export const streamSignal = (socket: Socket, streamId: string, type: string, to?: string, data?: unknown) =>
  emitAck(socket, 'stream_signal', {
    streamId,
    ...(to && { to }),
    signal: { type, ...(data !== undefined && { data }) },
  });

/** The next signal of `type` the page hears from Janus (through the app). */
export const fromJanus = (socket: Socket, type: string) =>
  nextEvent<RelayedStreamSignal>(
    socket,
    'stream_signal',
    (r) => r.from === JANUS_PEER_ID && r.signal.type === type,
    20_000,
  );

const envelopeOf = (relayed: RelayedStreamSignal) => relayed.signal.data as Envelope;

/** A VP8 key frame's first packet, as far as Janus looks at it: what it forwards need not decode. */
const VP8_KEY_FRAME = Buffer.from([
  0x10,
  0x50,
  0x02,
  0x00,
  0x9d,
  0x01,
  0x2a,
  0x80,
  0x02,
  0xe0,
  0x01,
  ...new Array<number>(100).fill(0),
]);

/** Packets stop coming (those already on their way aside). */
export async function expectStopped(received: () => number) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const settled = received();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(received()).toBe(settled);
}

/** Packets keep coming: `more` of them after now. */
export const receiving = (received: () => number, more = 20) => {
  const from = received();
  return vi.waitFor(() => expect(received()).toBeGreaterThan(from + more), { timeout: 20_000, interval: 200 });
};
