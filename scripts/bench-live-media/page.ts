/**
 * The browser half of `npm run bench:live-media`, bundled by the script: the app's own Broadcaster
 * and Watcher (src/web/features/live/media) with their signals carried by the benchmark's Node
 * process (straight between the pages, or through the app's relay to Janus), and the browser side
 * of the werift trial. Every RTCPeerConnection the page makes is kept, so its
 * statistics can be read without the app exposing them.
 */
import type { RelayedStreamSignal } from '@shared/realtime';
import { Broadcaster, type OutgoingSignal } from '@/features/live/media/broadcaster';
import { VIDEO_MAX_BITRATE } from '@/features/live/media/viewer-peer';
import { Watcher } from '@/features/live/media/watcher';

declare global {
  interface Window {
    /** Exposed by the benchmark: carries a signal to the other side (`from` names this page's peer). */
    benchSignal(from: string, signal: OutgoingSignal): Promise<void>;
    bench: typeof bench;
  }
}

const connections: RTCPeerConnection[] = [];
const NativePeerConnection = window.RTCPeerConnection;
window.RTCPeerConnection = class extends NativePeerConnection {
  constructor(configuration?: RTCConfiguration) {
    super(configuration);
    connections.push(this);
  }
};

const openCamera = () =>
  navigator.mediaDevices.getUserMedia({
    audio: true,
    video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 30 } },
  });

let broadcaster: Broadcaster | null = null;
const watchers = new Map<string, Watcher>();

function show(stream: MediaStream) {
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.width = 160;
  video.height = 120;
  video.srcObject = stream;
  document.body.append(video);
}

async function waitForCandidates(pc: RTCPeerConnection) {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) =>
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve()),
  );
}

const post = async (url: string, body?: unknown) => {
  // text/plain keeps it a simple request: no CORS preflight to the forwarder on another port.
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
};

const live = () => connections.filter((pc) => pc.connectionState !== 'closed');

async function statsOf(type: 'outbound-rtp' | 'inbound-rtp') {
  const rows: Record<string, number | string>[] = [];
  for (const pc of live()) {
    for (const row of (await pc.getStats()).values()) if (row.type === type && row.kind === 'video') rows.push(row);
  }
  return rows;
}

const bench = {
  /** Peer to peer: the app's broadcaster with the given cap. */
  async broadcast(maxViewers: number) {
    const localStream = await openCamera();
    broadcaster = new Broadcaster({
      iceServers: [],
      localStream,
      maxViewers,
      send: (signal) => window.benchSignal('broadcaster', signal),
    });
    await broadcaster.announce();
  },
  /** Peer to peer: one more viewer on this page. */
  watch(viewerId: string) {
    const watcher = new Watcher({ iceServers: [], send: (signal) => window.benchSignal(viewerId, signal) });
    let shown = false;
    watcher.subscribe(() => {
      const { remoteStream } = watcher.getSnapshot();
      if (remoteStream && !shown) {
        shown = true;
        show(remoteStream);
      }
    });
    watchers.set(viewerId, watcher);
    watcher.start();
  },
  deliver(to: string, relayed: RelayedStreamSignal) {
    if (to === 'broadcaster') broadcaster?.handleSignal(relayed);
    else watchers.get(to)?.handleSignal(relayed);
  },
  watchStates: () => [...watchers.values()].map((w) => w.getSnapshot().state),

  /** werift: the broadcaster publishes once to the forwarder. */
  async publish(forwarder: string) {
    const localStream = await openCamera();
    const pc = new RTCPeerConnection();
    await pc.setRemoteDescription(await post(`${forwarder}/publish`));
    for (const transceiver of pc.getTransceivers()) {
      const track = localStream.getTracks().find((t) => t.kind === transceiver.receiver.track.kind);
      transceiver.direction = 'sendonly';
      await transceiver.sender.replaceTrack(track ?? null);
      if (track?.kind === 'video')
        await transceiver.sender.setParameters({
          ...transceiver.sender.getParameters(),
          encodings: [{ maxBitrate: VIDEO_MAX_BITRATE }],
        });
    }
    await pc.setLocalDescription();
    await waitForCandidates(pc);
    await post(`${forwarder}/publish/answer`, pc.localDescription);
  },
  /** werift: one more viewer subscribing from the forwarder. */
  async subscribe(forwarder: string) {
    const { id, offer } = await post(`${forwarder}/subscribe`);
    const pc = new RTCPeerConnection();
    pc.ontrack = ({ streams, track }) => {
      if (track.kind === 'video') show(streams[0] ?? new MediaStream([track]));
    };
    await pc.setRemoteDescription(offer);
    await pc.setLocalDescription();
    await waitForCandidates(pc);
    await post(`${forwarder}/subscribe/${id}/answer`, pc.localDescription);
  },
  connectedCount: () => live().filter((pc) => pc.connectionState === 'connected').length,

  /** Sent video over every connection: bytes and frames encoded. */
  async sent() {
    const rows = await statsOf('outbound-rtp');
    return {
      bytes: rows.reduce((sum, r) => sum + Number(r.bytesSent ?? 0), 0),
      limitation: rows.map((r) => String(r.qualityLimitationReason ?? 'none')),
    };
  },
  /** Received video per connection: frames decoded and freezes so far. */
  async received() {
    return (await statsOf('inbound-rtp')).map((r) => ({
      frames: Number(r.framesDecoded ?? 0),
      freezes: Number(r.freezeCount ?? 0),
      frozenSeconds: Number(r.totalFreezesDuration ?? 0),
      width: Number(r.frameWidth ?? 0),
    }));
  },
};
window.bench = bench;
