import { JANUS_ERROR, JanusError, type JanusConnection, postJanus } from './janus-api';
import type { StreamRoom } from './create-stream-room';
import { VIDEO_ROOM_ERROR, VIDEO_ROOM_PLUGIN, VideoRoomError, withVideoRoom } from './video-room-handle';

/** remove_token's reason for a token Janus does not hold (janus.c); 490 alone also means token_auth is off. */
const TOKEN_NOT_HELD = 'Error removing token';

const adminAuth = (janus: JanusConnection) => (janus.adminSecret ? { admin_secret: janus.adminSecret } : {});

/**
 * Janus checks tokens in two places: the core refuses any Janus API request whose token it was not
 * given (`token_auth`, tokens added through the admin API), and the room refuses a publisher whose
 * token is not on its `allowed` list (Janus 1.1 checks that list on a publisher's join only, not a
 * subscriber's). A token is added to both, limited to the VideoRoom plugin, so the reader's token
 * fits only their own room, and a viewer's opens the API for their subscription until revoked.
 */
export async function allowTokens(
  janus: JanusConnection,
  { room, secret }: StreamRoom,
  tokens: readonly string[],
): Promise<void> {
  for (const token of tokens)
    await postJanus(janus.adminUrl, { janus: 'add_token', token, plugins: [VIDEO_ROOM_PLUGIN], ...adminAuth(janus) });
  await withVideoRoom(janus, (request) =>
    request({ request: 'allowed', room, secret, action: 'add', allowed: tokens }),
  );
}

/**
 * Takes the tokens off the room and out of Janus. Revoking twice, or after the room is gone, is no
 * error: a viewer may leave as the stream ends.
 */
export async function revokeTokens(
  janus: JanusConnection,
  { room, secret }: StreamRoom,
  tokens: readonly string[],
): Promise<void> {
  await withVideoRoom(janus, async (request) => {
    try {
      await request({ request: 'allowed', room, secret, action: 'remove', allowed: tokens });
    } catch (error) {
      if (!(error instanceof VideoRoomError && error.code === VIDEO_ROOM_ERROR.noSuchRoom)) throw error;
    }
  });
  for (const token of tokens) {
    try {
      await postJanus(janus.adminUrl, { janus: 'remove_token', token, ...adminAuth(janus) });
    } catch (error) {
      if (!(error instanceof JanusError && error.code === JANUS_ERROR.unknown && error.reason === TOKEN_NOT_HELD))
        throw error;
    }
  }
}
