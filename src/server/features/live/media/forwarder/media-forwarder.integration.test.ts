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

/**
 * A browser's answer: the offered lines sent on (`sendonly`) or received (`recvonly`), and whether
 * it has connected. Watched from the start: on a busy machine a connection made while the test was
 * busy with the other peer could leave 'connected' again before a later look (a CI run waited out
 * its 60 s after the reader had connected).
 */
async function answer(offer: { type: 'offer'; sdp: string }, direction: 'sendonly' | 'recvonly') {
  const pc = new RTCPeerConnection({ iceServers: [] });
  peers.push(pc);
  const connected = new Promise<void>((resolve) =>
    pc.connectionStateChange.subscribe((state) => state === 'connected' && resolve()),
  );
  await pc.setRemoteDescription(offer);
  for (const transceiver of pc.getTransceivers()) transceiver.setDirection(direction);
  await pc.setLocalDescription(await pc.createAnswer());
  return { pc, connected };
}

/** Both connected, or, well inside the test's bound, a failure that says where each peer got to. */
async function connectedOrSay(sides: Awaited<ReturnType<typeof answer>>[]) {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `not connected after 45 s: ${sides.map(({ pc }) => `${pc.connectionState}/${pc.iceConnectionState}`).join(', ')}`,
          ),
        ),
      45_000,
    );
  });
  try {
    await Promise.race([Promise.all(sides.map((side) => side.connected)), stuck]);
  } finally {
    clearTimeout(timer);
  }
}

describe('the media forwarder', () => {
  it('refuses a viewer of a stream nobody publishes', async () => {
    await expect(forwarder.subscribe('nobody', 'viewer')).rejects.toThrow('not published');
  });

  it("offers the reader's page a receive-only line per track, and each viewer one stream of both", async () => {
    const published = await forwarder.publish('stream-1');
    expect(published.offer.sdp).toMatch(/m=audio[\s\S]*a=recvonly[\s\S]*m=video[\s\S]*a=recvonly/);
    const reader = await answer(published.offer, 'sendonly');
    await forwarder.publisherSignal('stream-1', 'answer', reader.pc.localDescription);

    const subscribed = await forwarder.subscribe('stream-1', 'viewer-1');
    expect(subscribed.offer.sdp).toMatch(/m=audio[\s\S]*a=sendonly[\s\S]*m=video[\s\S]*a=sendonly/);
    // Both tracks under one stream id, so a page plays them as one stream.
    expect(subscribed.offer.sdp.match(/a=msid:stream-stream-1 /g)).toHaveLength(2);
    const viewer = await answer(subscribed.offer, 'recvonly');
    await forwarder.subscriberSignal('viewer-1', 'answer', viewer.pc.localDescription);
    await connectedOrSay([reader, viewer]);

    // The publication ends: its viewers go with it.
    await forwarder.unpublish('stream-1');
    await expect(forwarder.subscribe('stream-1', 'viewer-2')).rejects.toThrow('not published');
  }, 60_000);
});
