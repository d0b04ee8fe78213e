import { z } from 'zod';
import { apiAuth, type JanusConnection, postJanus } from './janus-api';

export const VIDEO_ROOM_PLUGIN = 'janus.plugin.videoroom';

/** Codes of janus_videoroom.c (JANUS_VIDEOROOM_ERROR_…) that callers act on. */
export const VIDEO_ROOM_ERROR = { noSuchRoom: 426, noSuchFeed: 428, unauthorized: 433 } as const;

/** A VideoRoom request the plugin refused (it answers with `error_code` inside a successful reply). */
export class VideoRoomError extends Error {
  readonly code: number;

  constructor(code: number, reason: string) {
    super(`Janus VideoRoom refused the request: ${code} ${reason}`);
    this.name = 'VideoRoomError';
    this.code = code;
  }
}

const idReplySchema = z.looseObject({ data: z.object({ id: z.number() }) });
const pluginReplySchema = z.looseObject({
  plugindata: z.object({
    plugin: z.literal(VIDEO_ROOM_PLUGIN),
    data: z.looseObject({ error_code: z.number().optional(), error: z.string().optional() }),
  }),
});
export type VideoRoomReply = z.infer<typeof pluginReplySchema>['plugindata']['data'];
export type VideoRoomRequest = (body: Record<string, unknown>) => Promise<VideoRoomReply>;

/**
 * Runs `use` with a VideoRoom handle on a Janus session of its own, destroyed after. A session per
 * call rather than one kept open: the app's room requests are few (a stream's start and end, a
 * viewer's arrival and leaving), and each is synchronous (create, destroy, list, allowed answer in
 * the reply, so no long poll), while a session kept open needs a keep-alive inside Janus's
 * session_timeout (60 s) and a new one after every restart of Janus. Three more loopback requests
 * a call cost less than that bookkeeping.
 */
export async function withVideoRoom<T>(
  janus: JanusConnection,
  use: (request: VideoRoomRequest) => Promise<T>,
): Promise<T> {
  const session = idReplySchema.parse(await postJanus(janus.url, { janus: 'create', ...apiAuth(janus) })).data.id;
  const sessionUrl = `${janus.url}/${session}`;
  try {
    const handle = idReplySchema.parse(
      await postJanus(sessionUrl, { janus: 'attach', plugin: VIDEO_ROOM_PLUGIN, ...apiAuth(janus) }),
    ).data.id;
    return await use(async (body) => {
      const { data } = pluginReplySchema.parse(
        await postJanus(`${sessionUrl}/${handle}`, { janus: 'message', body, ...apiAuth(janus) }),
      ).plugindata;
      if (data.error_code !== undefined) throw new VideoRoomError(data.error_code, data.error ?? '');
      return data;
    });
  } finally {
    // Janus would drop it after session_timeout anyway; destroying it now frees the handle at once.
    await postJanus(sessionUrl, { janus: 'destroy', ...apiAuth(janus) }).catch(() => undefined);
  }
}
