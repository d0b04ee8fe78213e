import { z } from 'zod';

/**
 * What a live media signal carries in `data`: the id of the viewer's current watch, and the
 * browser's description or candidate. A viewer starts a new watch (a new peer connection) after a
 * reconnect, a `ready` or a retry; the id lets both sides drop what is still in flight for an
 * older one.
 */
const envelopeSchema = z.object({
  watchId: z.string().min(1).max(64),
  payload: z.unknown().optional(),
  /**
   * On a `watch` after a reconnect: the viewer page's socket before it. The server may not have
   * noticed that one is gone (it waits out a ping), and would count the viewer twice at the cap; it
   * closes it when it is the same person's, and passes the id on so the broadcaster frees its place.
   */
  replaces: z.string().min(1).max(64).optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export const descriptionSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(60_000) });
export const candidateSchema = z.object({
  candidate: z.string(),
  sdpMid: z.string().nullable().optional(),
  sdpMLineIndex: z.number().int().nullable().optional(),
  usernameFragment: z.string().nullable().optional(),
});

export function readEnvelope(data: unknown): Envelope | null {
  const parsed = envelopeSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * The `from` (and `to`) of the server's media forwarder in `stream_signal`: above the
 * peer-to-peer cap a viewer's offer comes from it, and the reader's page publishes to it once
 * (docs/decisions/025). No socket id has this form.
 */
export const FORWARDER_PEER_ID = 'forwarder';

/**
 * The `from` (and `to`) of Janus when it serves a stream (decision 061). To the reader's page it is one
 * more viewer (its `watch` makes the page offer the camera once, which the server publishes to the
 * stream's room); to a viewer it is the broadcaster (its offer is Janus's subscription), so neither
 * page knows which path serves it. No socket id has this form.
 */
export const JANUS_PEER_ID = 'janus';

export const newWatchId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
