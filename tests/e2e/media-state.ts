import { type BrowserContext, expect, type Page } from '@playwright/test';

/*
 * Media tests wait for the media itself, not for a time: the page's RTCPeerConnection in its own
 * 'connected' state and frames (or audio samples) decoded from the other side, read from the
 * connection's statistics, before they act. The call's watchdog (decision 008) is the only retry.
 */

/**
 * Keeps every RTCPeerConnection the page makes where the test can read it. A string, not a function:
 * the test runner's transform would add helpers to a function that the page does not have.
 */
const RECORD_PEER_CONNECTIONS = `(() => {
  const Native = window.RTCPeerConnection;
  const peers = [];
  Object.defineProperty(window, '__peerConnections', { value: peers });
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      peers.push(this);
    }
  };
})();`;

export function recordPeerConnections(context: BrowserContext) {
  return context.addInitScript(RECORD_PEER_CONNECTIONS);
}

/** What the page's newest connected peer connection receives: 'flowing' once media of that kind has been decoded. */
const receivedMedia = (kind: 'audio' | 'video') => `(async () => {
  const peers = window.__peerConnections ?? [];
  const connected = peers.filter((peer) => peer.connectionState === 'connected').at(-1);
  if (!connected) return 'not connected';
  for (const report of (await connected.getStats()).values()) {
    if (report.type !== 'inbound-rtp' || report.kind !== '${kind}') continue;
    if ('${kind}' === 'video' ? report.framesDecoded > 0 : report.totalSamplesReceived > 0) return 'flowing';
  }
  return 'connected, nothing decoded yet';
})()`;

/** Waits until the page's call is connected and decodes the other side's audio or video. */
export async function expectMediaFlowing(page: Page, kind: 'audio' | 'video') {
  await expect
    .poll(() => page.evaluate(receivedMedia(kind)), { message: `${kind} decoded on ${page.url()}`, timeout: 60_000 })
    .toBe('flowing');
}
