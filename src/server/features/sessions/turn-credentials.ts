import { createHmac } from 'node:crypto';

/** TURN_URLS, TURN_SECRET and TURN_TTL_S: a TURN server (coturn) that shares a secret with this app. */
export interface TurnConfig {
  urls: string[];
  secret: string;
  ttlSeconds: number;
}

export interface TurnIceServer {
  urls: string;
  username: string;
  credential: string;
}

/**
 * The TURN REST API scheme (coturn's `use-auth-secret` with `static-auth-secret`): the username is
 * `<expiry in unix seconds>:<user id>` and the password base64(HMAC-SHA1(secret, username)), so
 * coturn checks it with the secret alone and refuses it once expired. Each participant gets their
 * own, for hours: a leaked one is nobody else's and ends by itself, where a password shared through
 * ICE_SERVERS would serve anyone for as long as it is not changed.
 */
export function turnIceServers(turn: TurnConfig, userId: string, nowMs: number): TurnIceServer[] {
  const expiry = Math.floor(nowMs / 1000) + turn.ttlSeconds;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return turn.urls.map((urls) => ({ urls, username, credential }));
}
