import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** One Janus server: its HTTP API (JANUS_URL) and admin API (JANUS_ADMIN_URL), with janus.jcfg's secrets. */
export interface JanusConnection {
  url: string;
  adminUrl: string;
  apiSecret?: string;
  adminSecret?: string;
}

/** The Janus connections of the config, one a JANUS_URL. */
export const janusConnections = (
  janus: { servers: { url: string; adminUrl: string }[]; apiSecret?: string; adminSecret?: string } | undefined,
): JanusConnection[] =>
  (janus?.servers ?? []).map((server) => ({ ...server, apiSecret: janus?.apiSecret, adminSecret: janus?.adminSecret }));

/**
 * Janus answers over HTTP in milliseconds on its own network; one that does not within this is taken
 * as down, so a stream's start or a viewer's join never waits on it for long.
 */
export const JANUS_TIMEOUT_MS = 5000;

/** Janus's own error codes (src/apierror.h) that callers act on. */
export const JANUS_ERROR = { unauthorized: 403, unknown: 490 } as const;

/** A request Janus refused: its code (apierror.h) and reason. */
export class JanusError extends Error {
  readonly code: number;
  readonly reason: string;

  constructor(code: number, reason: string) {
    super(`Janus refused the request: ${code} ${reason}`);
    this.name = 'JanusError';
    this.code = code;
    this.reason = reason;
  }
}

const replySchema = z.looseObject({
  janus: z.string(),
  error: z.object({ code: z.number(), reason: z.string() }).optional(),
});
export type JanusReply = z.infer<typeof replySchema>;

/**
 * POSTs one request to Janus's HTTP API (or admin API) with a transaction id of its own unless the
 * request names one (a kept session matches an asynchronous reply to it), and gives its reply; a reply of `"janus": "error"` (Janus answers those with HTTP 200) throws JanusError.
 */
export async function postJanus(url: string, request: Record<string, unknown>): Promise<JanusReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transaction: randomUUID(), ...request }),
    signal: AbortSignal.timeout(JANUS_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Janus at ${url} answered HTTP ${response.status}`);
  const reply = replySchema.parse(await response.json());
  if (reply.error) throw new JanusError(reply.error.code, reply.error.reason);
  return reply;
}

/** The API secret every Janus API request carries (none when Janus is run without one, outside production). */
export const apiAuth = (janus: JanusConnection) => (janus.apiSecret ? { apisecret: janus.apiSecret } : {});
