/**
 * The werift trial of `npm run bench:live-media`, run as its own process so its CPU is measured
 * alone: a forwarder in Node that takes one upstream from the broadcaster's browser and sends its
 * RTP to every subscribing browser (a one-room SFU, no simulcast). werift offers on both sides,
 * so the publisher's and the subscribers' payload types are the same and packets pass unchanged.
 *
 * HTTP on 127.0.0.1 (the port is printed as `port=N`): POST /publish → werift's offer,
 * POST /publish/answer, POST /subscribe → { id, offer }, POST /subscribe/:id/answer.
 * Descriptions carry their candidates (no trickle): every peer is on this machine.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MediaStreamTrack, RTCPeerConnection, type RTCRtpTransceiver } from 'werift';

const tracks = new Map<string, MediaStreamTrack>();
let publisher: RTCPeerConnection | null = null;
let videoReceiver: RTCRtpTransceiver | null = null;
const subscribers = new Map<string, RTCPeerConnection>();

const body = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text || '{}') as { type: 'offer' | 'answer'; sdp: string };
};

/** A keyframe for a subscriber that just connected (VP8 cannot start mid-stream). */
const requestKeyframe = () => {
  const ssrc = tracks.get('video')?.ssrc;
  if (ssrc && videoReceiver) void videoReceiver.receiver.sendRtcpPLI(ssrc);
};

async function publish() {
  publisher?.close();
  publisher = new RTCPeerConnection({});
  for (const kind of ['audio', 'video'] as const) {
    const transceiver = publisher.addTransceiver(kind, { direction: 'recvonly' });
    if (kind === 'video') videoReceiver = transceiver;
    transceiver.onTrack.subscribe((track) => {
      tracks.set(kind, track);
      for (const pc of subscribers.values()) {
        const sender = pc.getTransceivers().find((t) => t.kind === kind)?.sender;
        void sender?.replaceTrack(track);
      }
    });
  }
  await publisher.setLocalDescription(await publisher.createOffer());
  return publisher.localDescription;
}

async function subscribe() {
  const id = Math.random().toString(36).slice(2, 10);
  const pc = new RTCPeerConnection({});
  for (const kind of ['audio', 'video'] as const) {
    const transceiver = pc.addTransceiver(kind, { direction: 'sendonly' });
    const track = tracks.get(kind);
    if (track) void transceiver.sender.replaceTrack(track);
  }
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') requestKeyframe();
    if (state === 'failed' || state === 'closed') subscribers.delete(id);
  });
  subscribers.set(id, pc);
  await pc.setLocalDescription(await pc.createOffer());
  return { id, offer: pc.localDescription };
}

const server = createServer(async (request, response) => {
  try {
    const url = request.url ?? '';
    let result: unknown = {};
    if (url === '/publish') result = await publish();
    else if (url === '/publish/answer') await publisher?.setRemoteDescription(await body(request));
    else if (url === '/subscribe') result = await subscribe();
    else if (url.startsWith('/subscribe/')) await subscribers.get(url.split('/')[2] ?? '')?.setRemoteDescription(await body(request));
    else if (url === '/reset') {
      for (const pc of subscribers.values()) pc.close();
      subscribers.clear();
    } else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(result));
  } catch (error) {
    console.error('forwarder request failed', error);
    response.writeHead(500).end();
  }
});
server.listen(0, '127.0.0.1', () => console.info(`port=${(server.address() as AddressInfo).port}`));
// A keyframe now and then keeps a subscriber that lost one from freezing for long.
setInterval(requestKeyframe, 3000).unref();
