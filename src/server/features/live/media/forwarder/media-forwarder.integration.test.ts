import { afterAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { type MediaForwarder, startMediaForwarder } from './media-forwarder';

/**
 * The real forwarder in its worker thread, with werift peers standing in for the reader's and a
 * viewer's browsers (the media itself is checked in Chromium: tests/e2e/live-media.spec.ts).
 */
const forwarder: MediaForwarder = startMediaForwarder();
const peers: RTCPeerConnection[] = [];
afterAll(async () => {
  await Promise.all(peers.map((pc) => pc.close()));
  await forwarder.close();
});

/** A browser's answer: the offered lines sent on (`sendonly`) or received (`recvonly`). */
async function answer(offer: { type: 'offer'; sdp: string }, direction: 'sendonly' | 'recvonly') {
  const pc = new RTCPeerConnection({ iceServers: [] });
  peers.push(pc);
  await pc.setRemoteDescription(offer);
  for (const transceiver of pc.getTransceivers()) transceiver.setDirection(direction);
  await pc.setLocalDescription(await pc.createAnswer());
  return pc;
}

const connected = (pc: RTCPeerConnection) =>
  new Promise<void>((resolve) => {
    if (pc.connectionState === 'connected') resolve();
    pc.connectionStateChange.subscribe((state) => state === 'connected' && resolve());
  });

describe('the media forwarder', () => {
  it('refuses a viewer of a stream nobody publishes', async () => {
    await expect(forwarder.subscribe('nobody', 'viewer')).rejects.toThrow('not published');
  });

  it("offers the reader's page a receive-only line per track, and each viewer one stream of both", async () => {
    const published = await forwarder.publish('stream-1');
    expect(published.offer.sdp).toMatch(/m=audio[\s\S]*a=recvonly[\s\S]*m=video[\s\S]*a=recvonly/);
    const reader = await answer(published.offer, 'sendonly');
    await forwarder.publisherSignal('stream-1', 'answer', reader.localDescription);

    const subscribed = await forwarder.subscribe('stream-1', 'viewer-1');
    expect(subscribed.offer.sdp).toMatch(/m=audio[\s\S]*a=sendonly[\s\S]*m=video[\s\S]*a=sendonly/);
    // Both tracks under one stream id, so a page plays them as one stream.
    expect(subscribed.offer.sdp.match(/a=msid:stream-stream-1 /g)).toHaveLength(2);
    const viewer = await answer(subscribed.offer, 'recvonly');
    await forwarder.subscriberSignal('viewer-1', 'answer', viewer.localDescription);
    await Promise.all([connected(reader), connected(viewer)]);

    // The publication ends: its viewers go with it.
    await forwarder.unpublish('stream-1');
    await expect(forwarder.subscribe('stream-1', 'viewer-2')).rejects.toThrow('not published');
  }, 60_000);
});
