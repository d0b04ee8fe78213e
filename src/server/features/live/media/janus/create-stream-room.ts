import { randomBytes } from 'node:crypto';
import type { JanusConnection } from './janus-api';
import { withVideoRoom } from './video-room-handle';

/** A stream's VideoRoom on one Janus: its number and the secret that edits or destroys it. */
export interface StreamRoom {
  room: number;
  secret: string;
}

/** Room numbers Janus takes as JSON integers; the app reads them as numbers, so no more than 2^53 - 1. */
const MAX_ROOM = 2 ** 53 - 1;

/** What names a room as a stream's, for the clean-up to know the rooms it may judge (clean-up-rooms.ts). */
export const streamRoomDescription = (streamId: string) => `soul-tribe stream ${streamId}`;
export const STREAM_ROOM_DESCRIPTION = /^soul-tribe stream (\S+)$/;

/**
 * A random room number and secret, chosen before the room exists so the caller can store them
 * first (stream-rooms.ts): a room then never exists on Janus without a row holding its secret.
 */
export function newStreamRoom(): StreamRoom {
  const room = Number(randomBytes(8).readBigUInt64BE() % BigInt(MAX_ROOM)) + 1;
  return { room, secret: randomBytes(24).toString('base64url') };
}

/**
 * Creates the stream's room: one publisher (the reader), not kept across Janus restarts, and with
 * its `allowed` list on from the start, so only a token the app added (room-tokens.ts) may publish.
 * Listed publicly (`is_private` false) because a private room only shows in `list` with the plugin's
 * admin_key, and the start-up clean-up must see every room; the room's secret guards it.
 */
export async function createStreamRoom(
  janus: JanusConnection,
  streamId: string,
  { room, secret }: StreamRoom,
): Promise<void> {
  await withVideoRoom(janus, (request) =>
    request({
      request: 'create',
      room,
      secret,
      description: streamRoomDescription(streamId),
      publishers: 1,
      permanent: false,
      is_private: false,
      allowed: [],
    }),
  );
}
