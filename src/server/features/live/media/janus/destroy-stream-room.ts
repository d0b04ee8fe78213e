import type { JanusConnection } from './janus-api';
import type { StreamRoom } from './create-stream-room';
import { VIDEO_ROOM_ERROR, VideoRoomError, withVideoRoom } from './video-room-handle';

/**
 * Destroys the room, which also sends its publisher and viewers away. A room that is not there (a
 * Janus restarted since, or another node destroyed it first) counts as destroyed: the caller wants
 * it gone, and it is.
 */
export async function destroyStreamRoom(janus: JanusConnection, { room, secret }: StreamRoom): Promise<void> {
  await withVideoRoom(janus, async (request) => {
    try {
      await request({ request: 'destroy', room, secret, permanent: false });
    } catch (error) {
      if (!(error instanceof VideoRoomError && error.code === VIDEO_ROOM_ERROR.noSuchRoom)) throw error;
    }
  });
}
