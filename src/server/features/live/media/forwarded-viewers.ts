import { randomUUID } from 'node:crypto';
import { LIVE_STREAM_FULL_MESSAGE } from '@shared/live';
import { FORWARDER_PEER_ID, readEnvelope } from '@shared/live-media-signal';
import { type RelayedStreamSignal, SERVER_EVENTS, type StreamSignal } from '@shared/realtime';
import { badRequest, conflict } from '../../../errors';
import type { Log } from '../../../realtime/client-events';
import type { AppServer } from '../../../realtime/socket-server';
import type { MediaForwarder } from './forwarder/media-forwarder';

type Signal = StreamSignal['signal'];

export interface ForwardedViewersDeps {
  io: AppServer;
  forwarder: MediaForwarder;
  /** The most viewers this process's forwarder serves, all streams together. */
  maxViewers: number;
  log: Log;
}

interface Publication {
  /** The reader's socket whose camera is published. */
  socketId: string;
  /** Plays the part of a watch id for the reader's upstream connection. */
  publishId: string;
  offered: Promise<void>;
}

interface Forwarded {
  streamId: string;
  socketId: string;
  watchId: string;
}

const keyOf = (streamId: string, socketId: string) => `${streamId}/${socketId}`;

/**
 * The viewers above the peer-to-peer cap, served by the server's forwarder (docs/decisions/025).
 * The first of them has the reader's page publish its camera to the forwarder once; the last one
 * to leave ends that publication, so a reader whose viewers fit the cap never encodes twice.
 * Everything here is this process's: the reader's camera socket and the viewer's socket must both
 * be on it (with several processes a viewer elsewhere is told the stream is full).
 */
export function forwardedViewers(deps: ForwardedViewersDeps) {
  const { io, forwarder, log } = deps;
  /** Streams whose reader's page announced its camera on a socket of this process. */
  const cameras = new Map<string, string>();
  const publications = new Map<string, Publication>();
  const forwarded = new Map<string, Forwarded>();

  const send = (socketId: string, streamId: string, signal: Signal) =>
    io.to(socketId).emit(SERVER_EVENTS.streamSignal, {
      streamId,
      from: FORWARDER_PEER_ID,
      fromUserId: FORWARDER_PEER_ID,
      signal,
    } satisfies RelayedStreamSignal);
  const logged = (what: string) => (error: unknown) => log.error({ err: error }, what);

  /** The publication ends: the forwarder drops it and its viewers; the reader's page closes its upstream. */
  function unpublish(streamId: string, tellReader: boolean) {
    const publication = publications.get(streamId);
    publications.delete(streamId);
    for (const [key, viewer] of forwarded) if (viewer.streamId === streamId) forwarded.delete(key);
    if (!publication) return;
    forwarder.unpublish(streamId).catch(logged('ending a forwarder publication failed'));
    if (tellReader) send(publication.socketId, streamId, { type: 'bye', data: { watchId: publication.publishId } });
  }

  function drop(key: string) {
    const viewer = forwarded.get(key);
    if (!viewer) return;
    forwarded.delete(key);
    forwarder.unsubscribe(key).catch(logged('ending a forwarded viewer failed'));
    const stillWatched = [...forwarded.values()].some((v) => v.streamId === viewer.streamId);
    if (!stillWatched) unpublish(viewer.streamId, true);
  }

  function publication(streamId: string): Publication {
    const existing = publications.get(streamId);
    if (existing) return existing;
    const socketId = cameras.get(streamId);
    if (!socketId) throw conflict(LIVE_STREAM_FULL_MESSAGE);
    const publishId = randomUUID();
    const offered = forwarder.publish(streamId).then(({ offer }) => {
      if (publications.get(streamId)?.publishId === publishId)
        send(socketId, streamId, { type: 'offer', data: { watchId: publishId, payload: offer } });
    });
    const created = { socketId, publishId, offered };
    publications.set(streamId, created);
    offered.catch(() => {
      if (publications.get(streamId) === created) unpublish(streamId, false);
    });
    return created;
  }

  forwarder.onGone((event) => {
    if (event.event === 'publisher_gone') {
      const viewers = [...forwarded.values()].filter((v) => v.streamId === event.streamId);
      unpublish(event.streamId, false);
      for (const viewer of viewers)
        send(viewer.socketId, viewer.streamId, { type: 'bye', data: { watchId: viewer.watchId } });
      return;
    }
    const viewer = forwarded.get(event.key);
    if (!viewer) return;
    drop(event.key);
    send(viewer.socketId, viewer.streamId, { type: 'bye', data: { watchId: viewer.watchId } });
  });

  return {
    /** A `watch` beyond the peer-to-peer cap: the forwarder offers to the viewer, or the stream is full. */
    async serve(socketId: string, streamId: string, data: unknown): Promise<void> {
      const watchId = readEnvelope(data)?.watchId;
      if (!watchId) throw badRequest('A watch needs its id');
      const key = keyOf(streamId, socketId);
      if (!forwarded.has(key) && forwarded.size >= deps.maxViewers) throw conflict(LIVE_STREAM_FULL_MESSAGE);
      const upstream = publication(streamId);
      forwarded.set(key, { streamId, socketId, watchId });
      try {
        await upstream.offered;
        const { offer } = await forwarder.subscribe(streamId, key);
        if (forwarded.get(key)?.watchId === watchId)
          send(socketId, streamId, { type: 'offer', data: { watchId, payload: offer } });
      } catch (error) {
        if (forwarded.get(key)?.watchId === watchId) drop(key);
        log.error({ err: error }, 'the media forwarder could not take a viewer');
        throw conflict(LIVE_STREAM_FULL_MESSAGE);
      }
    },

    /** A viewer's answer, candidate or goodbye for its forwarded connection; an older watch's is dropped. */
    async fromViewer(socketId: string, streamId: string, signal: Signal): Promise<void> {
      const key = keyOf(streamId, socketId);
      const viewer = forwarded.get(key);
      const envelope = readEnvelope(signal.data);
      if (!viewer || envelope?.watchId !== viewer.watchId) return;
      if (signal.type === 'bye') return drop(key);
      if (signal.type === 'answer' || signal.type === 'ice_candidate')
        await forwarder.subscriberSignal(key, signal.type, envelope.payload);
    },

    /** The reader's answer, candidate or goodbye for its upstream to the forwarder. */
    async fromBroadcaster(socketId: string, streamId: string, signal: Signal): Promise<void> {
      const upstream = publications.get(streamId);
      const envelope = readEnvelope(signal.data);
      if (!upstream || upstream.socketId !== socketId || envelope?.watchId !== upstream.publishId) return;
      if (signal.type === 'bye') return unpublish(streamId, false);
      if (signal.type === 'answer' || signal.type === 'ice_candidate')
        await forwarder.publisherSignal(streamId, signal.type, envelope.payload);
    },

    /** The reader's page (re)announced its camera: a publication of an older camera ends; viewers watch again on `ready`. */
    cameraOn(streamId: string, socketId: string) {
      cameras.set(streamId, socketId);
      unpublish(streamId, false);
    },

    cameraOff(streamId: string, socketId: string) {
      if (cameras.get(streamId) !== socketId) return;
      cameras.delete(streamId);
      unpublish(streamId, false);
    },

    hasCamera: (streamId: string, socketId: string) => cameras.get(streamId) === socketId,
    isForwarded: (streamId: string, socketId: string) => forwarded.has(keyOf(streamId, socketId)),
    /** The viewer now watches peer to peer (a place freed up), or left. */
    drop: (streamId: string, socketId: string) => drop(keyOf(streamId, socketId)),

    socketGone(socketId: string) {
      for (const [key, viewer] of forwarded) if (viewer.socketId === socketId) drop(key);
      for (const [streamId, cameraSocket] of cameras) if (cameraSocket === socketId) this.cameraOff(streamId, socketId);
    },
  };
}
export type ForwardedViewers = ReturnType<typeof forwardedViewers>;
