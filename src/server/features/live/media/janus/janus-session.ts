import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { apiAuth, type JanusConnection, postJanus } from './janus-api';
import { VIDEO_ROOM_PLUGIN, VideoRoomError } from './video-room-handle';

/** Janus holds a long poll up to 30 s before answering a keepalive; longer than this, it is gone. */
const POLL_TIMEOUT_MS = 45_000;
/** Events a long poll may bring at once (a burst of webrtcup, media and plugin events). */
const POLL_EVENTS = 10;

const jsepSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string() });
export type Jsep = z.infer<typeof jsepSchema>;

const eventSchema = z.looseObject({
  janus: z.string(),
  sender: z.number().optional(),
  transaction: z.string().optional(),
  plugindata: z
    .object({ data: z.looseObject({ error_code: z.number().optional(), error: z.string().optional() }) })
    .optional(),
  jsep: jsepSchema.optional(),
});
export type JanusEvent = z.infer<typeof eventSchema>;
const idReplySchema = z.looseObject({ data: z.object({ id: z.number() }) });

/** A plugin's answer to a request: its data, and Janus's SDP when the request negotiates. */
export interface PluginReply {
  data: Record<string, unknown>;
  jsep?: Jsep;
}

export interface JanusHandle {
  readonly id: number;
  /**
   * Sends a VideoRoom request (with the browser's SDP when it negotiates): `sent` once Janus took it,
   * so candidates can follow; `reply` its outcome, in the answer for a synchronous request, on the
   * long poll for an asynchronous one (join, joinandconfigure, start).
   */
  send(body: Record<string, unknown>, jsep?: Jsep): { sent: Promise<void>; reply: Promise<PluginReply> };
  trickle(candidate: unknown): Promise<void>;
  detach(): Promise<void>;
}

export interface JanusSession {
  /** A VideoRoom handle; `onEvent` hears what Janus says of it unasked (webrtcup, hangup). */
  attach(onEvent: (event: JanusEvent) => void): Promise<JanusHandle>;
  close(): Promise<void>;
}

function settled(event: JanusEvent): PluginReply {
  const data = event.plugindata?.data ?? {};
  if (data.error_code !== undefined) throw new VideoRoomError(data.error_code, data.error ?? '');
  return { data, ...(event.jsep && { jsep: event.jsep }) };
}

/**
 * A Janus session kept open for a stream's media, unlike room administration's session per call
 * (video-room-handle.ts): the replies that carry SDP come later, as events of the session's long
 * poll (GET /janus/<session>?maxev=…), matched to their request by transaction. The poll also keeps
 * the session alive (janus_http.c hands the core a keepalive for every poll, inside session_timeout);
 * a poll that fails, or Janus's `timeout` event, ends the session and `onGone` is told.
 */
export async function openJanusSession(janus: JanusConnection, onGone: (error: Error) => void): Promise<JanusSession> {
  const post = (url: string, request: Record<string, unknown>) => postJanus(url, { ...request, ...apiAuth(janus) });
  const sessionUrl = `${janus.url}/${idReplySchema.parse(await post(janus.url, { janus: 'create' })).data.id}`;
  const waiting = new Map<string, { resolve: (reply: PluginReply) => void; reject: (error: unknown) => void }>();
  const handles = new Map<number, (event: JanusEvent) => void>();
  const stop = new AbortController();
  let isOpen = true;

  const end = (error: Error) => {
    isOpen = false;
    stop.abort();
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  const answer = (transaction: string, event: JanusEvent) => {
    const waiter = waiting.get(transaction);
    if (!waiter) return;
    waiting.delete(transaction);
    try {
      waiter.resolve(settled(event));
    } catch (error) {
      waiter.reject(error);
    }
  };

  const dispatch = (event: JanusEvent) => {
    if (event.janus === 'timeout') throw new Error('Janus timed the session out');
    if (event.janus === 'event' && event.transaction && waiting.has(event.transaction))
      return answer(event.transaction, event);
    if (event.sender !== undefined) handles.get(event.sender)?.(event);
  };

  const poll = async () => {
    const query = new URLSearchParams({
      maxev: String(POLL_EVENTS),
      ...(janus.apiSecret && { apisecret: janus.apiSecret }),
    });
    while (isOpen) {
      try {
        const response = await fetch(`${sessionUrl}?${query}`, {
          signal: AbortSignal.any([stop.signal, AbortSignal.timeout(POLL_TIMEOUT_MS)]),
        });
        if (!response.ok) throw new Error(`Janus's long poll answered HTTP ${response.status}`);
        // With maxev above 1 the poll answers an array, a keepalive included (janus_http.c).
        for (const event of z.array(eventSchema).parse(await response.json())) dispatch(event);
      } catch (error) {
        if (!isOpen) return;
        const reason = error instanceof Error ? error : new Error(String(error));
        end(reason);
        onGone(reason);
      }
    }
  };
  void poll();

  return {
    async attach(onEvent) {
      const id = idReplySchema.parse(await post(sessionUrl, { janus: 'attach', plugin: VIDEO_ROOM_PLUGIN })).data.id;
      handles.set(id, onEvent);
      const handleUrl = `${sessionUrl}/${id}`;
      return {
        id,
        send(body, jsep) {
          const transaction = randomUUID();
          const reply = new Promise<PluginReply>((resolve, reject) => waiting.set(transaction, { resolve, reject }));
          // The caller may give up on `sent` and never look at `reply`: its failure is theirs, not unhandled.
          reply.catch(() => undefined);
          // Registered before the request: its event may come on the poll before the POST's own answer.
          const sent = post(handleUrl, { janus: 'message', transaction, body, ...(jsep && { jsep }) }).then(
            (ack) => {
              if (ack.janus === 'success') answer(transaction, eventSchema.parse(ack));
            },
            (error: unknown) => {
              waiting.get(transaction)?.reject(error);
              waiting.delete(transaction);
              throw error;
            },
          );
          return { sent, reply };
        },
        trickle: async (candidate) => {
          await post(handleUrl, { janus: 'trickle', candidate });
        },
        detach: async () => {
          handles.delete(id);
          await post(handleUrl, { janus: 'detach' }).catch(() => undefined);
        },
      };
    },
    async close() {
      if (!isOpen) return;
      end(new Error('the Janus session was closed'));
      // Destroying the session detaches its handles, so Janus hangs up their connections.
      await post(sessionUrl, { janus: 'destroy' }).catch(() => undefined);
    },
  };
}
