/**
 * Light viewers for `npm run bench:live-media` (BENCH_MODE=janus): receive-only werift peers in a
 * process of their own that count the RTP packets each gets and decode nothing, so one machine holds
 * hundreds where Chromium decodes a dozen. Driven over IPC by scripts/bench-live-media/light.ts:
 *   { type: 'answer', id, offer } → { type: 'answer', id, answer }  (candidates in the SDP, no trickle)
 *   { type: 'count' }             → { type: 'count', received: { [id]: packets } }
 */
import { RTCPeerConnection } from 'werift';
import { gathered } from './ice-gathered';

type FromParent = { type: 'answer'; id: string; offer: { type: 'offer'; sdp: string } } | { type: 'count' };

const peers = new Map<string, { pc: RTCPeerConnection; received: number }>();
const reply = (message: unknown) => process.send?.(message);

async function answer(id: string, offer: { type: 'offer'; sdp: string }) {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const peer = { pc, received: 0 };
  peers.set(id, peer);
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => void peer.received++));
  await pc.setRemoteDescription(offer);
  for (const transceiver of pc.getTransceivers()) transceiver.setDirection('recvonly');
  const candidates = gathered(pc);
  await pc.setLocalDescription(await pc.createAnswer());
  await candidates;
  reply({ type: 'answer', id, answer: { type: 'answer', sdp: pc.localDescription?.sdp } });
}

process.on('message', (message: FromParent) => {
  if (message.type === 'answer')
    void answer(message.id, message.offer).catch((error: unknown) =>
      reply({ type: 'error', id: message.id, error: String(error) }),
    );
  if (message.type === 'count')
    reply({ type: 'count', received: Object.fromEntries([...peers].map(([id, { received }]) => [id, received])) });
});
process.on('disconnect', () => process.exit(0));
