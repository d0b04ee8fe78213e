import { type JanusConnection, postJanus } from './janus-api';

/**
 * Whether Janus answers a `ping` (no secret needed, no session made) within JANUS_TIMEOUT_MS: the
 * check a node makes before giving it a stream.
 */
export async function isJanusHealthy(janus: JanusConnection): Promise<boolean> {
  try {
    return (await postJanus(janus.url, { janus: 'ping' })).janus === 'pong';
  } catch {
    return false;
  }
}
