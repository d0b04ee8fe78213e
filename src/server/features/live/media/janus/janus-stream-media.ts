import { randomUUID } from 'node:crypto';
import { candidateSchema, descriptionSchema, JANUS_PEER_ID, readEnvelope } from '@shared/live-media-signal';
import { type RelayedStreamSignal, SERVER_EVENTS, type StreamSignal } from '@shared/realtime';
import { z } from 'zod';
import type { Log } from '../../../../realtime/client-events';
import type { AppServer } from '../../../../realtime/socket-server';
import { streamRoom } from '../../deps';
import type { StreamRoom } from './create-stream-room';
import type { JanusConnection } from './janus-api';
import type { JanusHandle } from './janus-session';
import { allowTokens, revokeTokens } from './room-tokens';
import { streamSessions } from './stream-sessions';
import { VIDEO_ROOM_ERROR, VideoRoomError, withVideoRoom } from './video-room-handle';

type Signal = StreamSignal['signal'];

/** The room a live stream's row names: on which Janus, its number and secret. */
export interface StreamJanusRoom extends StreamRoom {
  url: string;
}

/** One side's connection to Janus: a handle, and its signals applied one at a time in arrival order. */
interface Party {
  streamId: string;
  room: StreamJanusRoom;
  socketId: string;
  /** The page's watch id for this connection (the reader's page gets one from the server). */
  watchId: string;
  handle: Promise<JanusHandle>;
  queue: Promise<void>;
}

interface Publication extends Party {
  /** On the room's allowed list while this publication lasts: the room takes no other publisher. */
  token: string;
}

const participantsSchema = z.object({
  participants: z.array(z.looseObject({ id: z.number(), publisher: z.boolean() })),
});

const keyOf = (streamId: string, socketId: string) => `${streamId}/${socketId}`;
const detach = (party: Party) => party.handle.then((handle) => handle.detach()).catch(() => undefined);

/** A signal to one socket or room from Janus, as the pages hear Janus: a peer named JANUS_PEER_ID. */
const sendFromJanus = (io: AppServer, to: string, streamId: string, signal: Signal) =>
  io.to(to).emit(SERVER_EVENTS.streamSignal, {
    streamId,
    from: JANUS_PEER_ID,
    fromUserId: JANUS_PEER_ID,
    signal,
  } satisfies RelayedStreamSignal);

function janusOf(connections: readonly JanusConnection[], room: StreamJanusRoom): JanusConnection {
  const janus = connections.find((connection) => connection.url === room.url);
  if (!janus) throw new Error(`the stream's Janus (${room.url}) is not in JANUS_URL`);
  return janus;
}

/** The room's publisher once Janus has its media (the only one: rooms take one publisher). */
async function publisherFeed(janus: JanusConnection, room: StreamRoom): Promise<number | null> {
  const reply = await withVideoRoom(janus, (request) => request({ request: 'listparticipants', room: room.room }));
  return participantsSchema.parse(reply).participants.find((participant) => participant.publisher)?.id ?? null;
}

/** Joins a viewer's subscriber handle to the room's publisher `feed`; resolves to Janus's offer. */
async function joinFeed(subscription: Party, feed: number) {
  const handle = await subscription.handle;
  const { sent, reply } = handle.send({
    request: 'join',
    ptype: 'subscriber',
    room: subscription.room.room,
    streams: [{ feed }],
  });
  // Its failure shows in `reply`; the queue only orders the viewer's signals after it.
  subscription.queue = sent.catch(() => undefined);
  const { jsep } = await reply;
  return jsep;
}

export interface JanusStreamMediaDeps {
  io: AppServer;
  connections: readonly JanusConnection[];
  log: Log;
  /** Drops the relay's cached facts of a stream (stream-lookup.ts), whose room just moved. */
  forgetStream: (streamId: string) => void;
}

/**
 * The media of streams Janus serves, as this process's sockets take part (decision 061): the server
 * speaks to Janus for the pages, which keep `stream_signal` as their only signalling. The reader's
 * camera socket is sent a `watch` from JANUS_PEER_ID when it announces its camera (`ready`); its
 * offer goes to Janus as the room's publisher (`joinandconfigure`) and Janus's answer back. Once
 * Janus has the publisher's media (`webrtcup`) the stream's room hears `ready` from JANUS_PEER_ID,
 * and each viewer's `watch` gets a subscriber handle: Janus's offer goes to the viewer, its answer
 * back with `start`. Candidates go to Janus with `trickle` (Janus puts its own in its SDP). The
 * relay decides who may signal (stream-signal-relay.ts); this only carries what it lets through.
 * The handles of a stream share one kept session per process, closed when the last goes.
 */
export function janusStreamMedia(deps: JanusStreamMediaDeps) {
  const { io, log } = deps;
  const publications = new Map<string, Publication>();
  const subscriptions = new Map<string, Party>();
  // The camera socket outlives a publication Janus dropped, so a move can ask it again.
  const cameras = new Map<string, string>();
  const logged = (what: string) => (error: unknown) => log.error({ err: error }, what);

  const send = (to: string, streamId: string, signal: Signal) => sendFromJanus(io, to, streamId, signal);
  const connectionOf = (room: StreamJanusRoom) => janusOf(deps.connections, room);
  // A session Janus lost takes its parties with it.
  const sessions = streamSessions({ connectionOf, log, onLost: (streamId) => endStream(streamId, true) });

  function closeSessionIfUnused(streamId: string) {
    const inUse = [...publications.values(), ...subscriptions.values()].some((party) => party.streamId === streamId);
    if (!inUse) sessions.close(streamId, logged('closing a Janus session failed'));
  }

  function unpublish(streamId: string) {
    const publication = publications.get(streamId);
    if (!publication) return;
    publications.delete(streamId);
    void detach(publication);
    revokeTokens(connectionOf(publication.room), publication.room, [publication.token]).catch(
      logged("revoking a publisher's Janus token failed"),
    );
    closeSessionIfUnused(streamId);
  }

  function unsubscribe(key: string) {
    const subscription = subscriptions.get(key);
    if (!subscription) return;
    subscriptions.delete(key);
    void detach(subscription);
    closeSessionIfUnused(subscription.streamId);
  }

  /** Everything of the stream on this process goes; with `tellPages` its pages hear `bye` for it. */
  function endStream(streamId: string, tellPages: boolean) {
    const parties = [...publications.values(), ...subscriptions.values()].filter(
      (party) => party.streamId === streamId,
    );
    publications.delete(streamId);
    for (const [key, party] of subscriptions) if (party.streamId === streamId) subscriptions.delete(key);
    if (tellPages)
      for (const party of parties) send(party.socketId, streamId, { type: 'bye', data: { watchId: party.watchId } });
    sessions.close(streamId, () => undefined);
  }

  /** Publishes the reader's camera socket to the stream's room, replacing any publication before. */
  function publish(streamId: string, socketId: string, room: StreamJanusRoom) {
    unpublish(streamId);
    const token = randomUUID();
    const handle = (async () => {
      const session = await sessions.of(streamId, room);
      await allowTokens(connectionOf(room), room, [token]);
      return session.attach((event) => {
        if (publications.get(streamId)?.token !== token) return;
        if (event.janus === 'webrtcup') {
          send(streamRoom(streamId), streamId, { type: 'ready' });
        }
        // Janus closed the camera's connection: its room was destroyed (the stream ended on another
        // process) or the connection failed. Janus tells the room's subscribers nothing (1.1), so
        // every page of the stream here hears `bye` now rather than waiting for its connection to fail.
        if (event.janus === 'hangup') endStream(streamId, true);
      });
    })();
    const publication: Publication = {
      streamId,
      room,
      socketId,
      watchId: randomUUID(),
      token,
      handle,
      queue: Promise.resolve(),
    };
    publications.set(streamId, publication);
    handle.then(
      (h) => {
        if (publications.get(streamId) === publication)
          send(socketId, streamId, { type: 'watch', data: { watchId: publication.watchId } });
        else void h.detach();
      },
      (error: unknown) => {
        log.error({ err: error, streamId }, 'Janus could not take the reader’s camera');
        if (publications.get(streamId) === publication) unpublish(streamId);
      },
    );
  }

  /** Appends a step to the party's signals, so an answer never overtakes the request it answers. */
  const enqueue = (party: Party, step: (handle: JanusHandle) => Promise<void>, what: string) => {
    party.queue = party.queue.then(() => party.handle.then(step)).catch(logged(what));
  };

  const trickle = (party: Party, payload: unknown) =>
    enqueue(party, (handle) => handle.trickle(candidateSchema.parse(payload)), 'passing a candidate to Janus failed');

  return {
    /** The reader's page announced its camera: it publishes to Janus, replacing any camera before. */
    cameraOn(streamId: string, socketId: string, room: StreamJanusRoom) {
      cameras.set(streamId, socketId);
      publish(streamId, socketId, room);
    },

    cameraOff(streamId: string, socketId: string) {
      if (cameras.get(streamId) === socketId) cameras.delete(streamId);
      if (publications.get(streamId)?.socketId === socketId) unpublish(streamId);
    },

    /** The reader's offer, candidate or goodbye for its publication; another socket's, or an older one's, is dropped. */
    fromBroadcaster(socketId: string, streamId: string, signal: Signal) {
      const publication = publications.get(streamId);
      const envelope = readEnvelope(signal.data);
      if (!publication || publication.socketId !== socketId || envelope?.watchId !== publication.watchId) return;
      if (signal.type === 'bye') return unpublish(streamId);
      if (signal.type === 'ice_candidate') return trickle(publication, envelope.payload);
      if (signal.type !== 'offer') return;
      const offer = descriptionSchema.parse(envelope.payload);
      enqueue(
        publication,
        async (handle) => {
          const { sent, reply } = handle.send(
            { request: 'joinandconfigure', ptype: 'publisher', room: publication.room.room, token: publication.token },
            offer,
          );
          await sent;
          // Candidates wait only for Janus to take the offer; its answer comes on the long poll.
          void reply.then(({ jsep }) => {
            if (jsep && publications.get(streamId) === publication)
              send(socketId, streamId, { type: 'answer', data: { watchId: publication.watchId, payload: jsep } });
          }, logged('Janus refused the reader’s camera'));
        },
        'publishing to Janus failed',
      );
    },

    /**
     * A viewer the relay admitted asks for the media: a subscription to the room's publisher. With
     * no publisher yet it waits for the `ready` Janus's publication sends the room.
     */
    async watch(socketId: string, streamId: string, watchId: string, room: StreamJanusRoom) {
      const key = keyOf(streamId, socketId);
      unsubscribe(key);
      const feed = await publisherFeed(connectionOf(room), room);
      if (feed === null) return;
      const subscription: Party = {
        streamId,
        room,
        socketId,
        watchId,
        handle: sessions.of(streamId, room).then((session) =>
          session.attach((event) => {
            if (event.janus !== 'hangup' || subscriptions.get(key) !== subscription) return;
            send(socketId, streamId, { type: 'bye', data: { watchId } });
            unsubscribe(key);
          }),
        ),
        queue: Promise.resolve(),
      };
      subscriptions.set(key, subscription);
      try {
        const jsep = await joinFeed(subscription, feed);
        if (jsep && subscriptions.get(key) === subscription)
          send(socketId, streamId, { type: 'offer', data: { watchId, payload: jsep } });
      } catch (error) {
        if (subscriptions.get(key) === subscription) unsubscribe(key);
        // The publisher left in between: its next publication's `ready` brings the viewer back.
        if (error instanceof VideoRoomError && error.code === VIDEO_ROOM_ERROR.noSuchFeed) return;
        throw error;
      }
    },

    /** A viewer's answer, candidate or goodbye for its subscription; an older watch's is dropped. */
    fromViewer(socketId: string, streamId: string, signal: Signal) {
      const key = keyOf(streamId, socketId);
      const subscription = subscriptions.get(key);
      const envelope = readEnvelope(signal.data);
      if (!subscription || envelope?.watchId !== subscription.watchId) return;
      if (signal.type === 'bye') return unsubscribe(key);
      if (signal.type === 'ice_candidate') return trickle(subscription, envelope.payload);
      if (signal.type !== 'answer') return;
      const answer = descriptionSchema.parse(envelope.payload);
      enqueue(
        subscription,
        async (handle) => {
          await handle.send({ request: 'start' }, answer).reply;
        },
        'starting a Janus subscription failed',
      );
    },

    socketGone(socketId: string) {
      for (const [key, subscription] of subscriptions) if (subscription.socketId === socketId) unsubscribe(key);
      for (const [streamId, publication] of publications) if (publication.socketId === socketId) unpublish(streamId);
      for (const [streamId, camera] of cameras) if (camera === socketId) cameras.delete(streamId);
    },

    /** The stream ended: its room is destroyed elsewhere (stream-rooms.ts); here its handles and session go. */
    streamEnded(streamId: string) {
      endStream(streamId, false);
      cameras.delete(streamId);
    },

    /**
     * The stream's room is now `room`, on another Janus (move-streams.ts): every page of it here
     * hears `bye` for its connection to the old one, and the reader's camera socket, if here, is
     * asked to publish again; its `webrtcup` then tells the room `ready`, and the viewers watch again.
     */
    streamMoved(streamId: string, room: StreamJanusRoom) {
      // The relay reads the row again for the next signal: the viewers' watches go to the new room.
      deps.forgetStream(streamId);
      endStream(streamId, true);
      const camera = cameras.get(streamId);
      if (camera) publish(streamId, camera, room);
    },
  };
}

/**
 * janusStreamMedia on this process, and with `hasOtherProcesses` (the Redis adapter joins them) on
 * the others too: a stream's end or move, wherever it happens, reaches the handles of every process.
 * Janus tells a destroyed room's subscribers nothing (1.1), so without this a page on another node
 * that never said bye would keep its handle, and that node's Janus session, until it disconnected.
 */
export function janusStreamMediaOnEveryProcess(deps: JanusStreamMediaDeps & { hasOtherProcesses: boolean }) {
  const media = janusStreamMedia(deps);
  if (!deps.hasOtherProcesses) return media;
  deps.io.on('stream_media_ended', (streamId) => media.streamEnded(streamId));
  deps.io.on('stream_media_moved', (streamId, room) => media.streamMoved(streamId, room));
  return {
    ...media,
    streamEnded(streamId: string) {
      media.streamEnded(streamId);
      deps.io.serverSideEmit('stream_media_ended', streamId);
    },
    streamMoved(streamId: string, room: StreamJanusRoom) {
      media.streamMoved(streamId, room);
      deps.io.serverSideEmit('stream_media_moved', streamId, room);
    },
  };
}
export type JanusStreamMedia = ReturnType<typeof janusStreamMedia>;
