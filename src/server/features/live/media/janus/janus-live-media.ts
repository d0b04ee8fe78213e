import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client';
import type { AppServer } from '../../../../realtime/socket-server';
import { cleanUpRoomsAtStart } from './clean-up-rooms';
import type { JanusConnection } from './janus-api';
import { janusStreamMediaOnEveryProcess } from './janus-stream-media';
import { watchJanusHealth } from './move-streams';
import { streamRoomHooks } from './stream-room-hooks';

export interface JanusLiveMediaDeps {
  db: Db;
  io: AppServer;
  log: FastifyBaseLogger;
  /** JANUS_URL's servers; none: no Janus, streams go peer to peer and through the forwarder. */
  servers: readonly JanusConnection[];
  /** The Redis adapter joins this process to others. */
  hasOtherProcesses: boolean;
  forgetStream: (streamId: string) => void;
}

/**
 * Live video through Janus (docs/decisions/061), null without JANUS_URL: the streams'
 * media on this process, their rooms following their streams, the rooms a crash left destroyed in
 * the background (a Janus down delays nothing), and with a second Janus, the streams of one that
 * stops answering moved to another.
 */
export function startJanusLiveMedia(deps: JanusLiveMediaDeps) {
  const { db, io, log, servers } = deps;
  if (servers.length === 0) return null;
  const media = janusStreamMediaOnEveryProcess({
    io,
    connections: servers,
    log,
    forgetStream: deps.forgetStream,
    hasOtherProcesses: deps.hasOtherProcesses,
  });
  const rooms = streamRoomHooks({ db, connections: servers, media, log });
  const cleanUp = cleanUpRoomsAtStart(db, servers, log);
  const health = servers.length > 1 ? watchJanusHealth({ db, connections: servers, media, log }) : undefined;
  return {
    media,
    rooms,
    /** Before the database closes: the clean-up, the health checks and the rooms being destroyed finished. */
    async stop() {
      await cleanUp;
      await health?.stop();
      await rooms.settle();
    },
  };
}
