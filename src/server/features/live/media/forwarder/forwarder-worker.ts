/**
 * The media forwarder (a one-hop SFU) in its own worker thread: SRTP for every packet of every
 * viewer is JavaScript here, and must not share the event loop of billing ticks and sockets.
 * Each live stream that needs it has one publication (the reader's browser sends its camera here
 * once) and any number of subscriptions (one send-only connection per viewer above the
 * peer-to-peer cap), fed with the publication's RTP unchanged. werift retransmits what a viewer
 * NACKs from its own history and NACKs what the reader's uplink lost; a viewer's keyframe request
 * (PLI) is passed to the reader's browser, at most once per KEYFRAME_INTERVAL_MS.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { candidateSchema, descriptionSchema } from '../../../../../shared/live-media-signal';
import {
  type MediaStreamTrack,
  PictureLossIndication,
  RTCPeerConnection,
  type RTCRtpTransceiver,
  RtcpPayloadSpecificFeedback,
} from 'werift';
import type {
  ForwarderEvent,
  ForwarderRequest,
  ForwarderWorkerData,
  OfferResult,
  SignalKind,
  WorkerMessage,
} from './protocol';

const KINDS = ['audio', 'video'] as const;
const KEYFRAME_INTERVAL_MS = 500;

interface Publication {
  pc: RTCPeerConnection;
  video: RTCRtpTransceiver;
  /** By transceiver kind ('audio', 'video'), as werift names it. */
  tracks: Map<string, MediaStreamTrack>;
  subscriptions: Set<string>;
  lastKeyframeRequest: number;
}

interface Subscription {
  streamId: string;
  pc: RTCPeerConnection;
}

// What forwarder.ts passed to this thread (Node types workerData as any).
const options: ForwarderWorkerData = workerData ?? {};
const peerConfig = () =>
  new RTCPeerConnection({
    // No STUN: the forwarder announces its host addresses (and the configured public one).
    iceServers: [],
    ...(options.announcedAddresses && { iceAdditionalHostAddresses: options.announcedAddresses }),
    ...(options.portRange && { icePortRange: options.portRange }),
  });

const publications = new Map<string, Publication>();
const subscriptions = new Map<string, Subscription>();

const emit = (message: WorkerMessage) => parentPort?.postMessage(message);
const gone = (event: ForwarderEvent) => emit(event);

function requestKeyframe(publication: Publication) {
  const ssrc = publication.tracks.get('video')?.ssrc;
  const now = Date.now();
  if (!ssrc || now - publication.lastKeyframeRequest < KEYFRAME_INTERVAL_MS) return;
  publication.lastKeyframeRequest = now;
  publication.video.receiver.sendRtcpPLI(ssrc).catch(() => undefined);
}

function feed(subscription: RTCPeerConnection, publication: Publication) {
  for (const transceiver of subscription.getTransceivers()) {
    const track = publication.tracks.get(transceiver.kind);
    if (track) transceiver.sender.replaceTrack(track).catch(() => undefined);
  }
}

const offerOf = (pc: RTCPeerConnection): OfferResult => {
  const description = pc.localDescription;
  if (!description) throw new Error('No local description');
  return { offer: { type: 'offer', sdp: description.sdp } };
};

async function publish(streamId: string): Promise<OfferResult> {
  unpublish(streamId, false);
  const pc = peerConfig();
  const transceivers = KINDS.map((kind) => pc.addTransceiver(kind, { direction: 'recvonly' }));
  const publication: Publication = {
    pc,
    video: transceivers[1]!,
    tracks: new Map(),
    subscriptions: new Set(),
    lastKeyframeRequest: 0,
  };
  for (const transceiver of transceivers) {
    transceiver.onTrack.subscribe((track) => {
      publication.tracks.set(transceiver.kind, track);
      for (const key of publication.subscriptions) {
        const subscription = subscriptions.get(key);
        if (subscription) feed(subscription.pc, publication);
      }
      if (track.kind === 'video') requestKeyframe(publication);
    });
  }
  pc.connectionStateChange.subscribe((state) => {
    if ((state === 'failed' || state === 'closed') && publications.get(streamId) === publication) {
      unpublish(streamId, true);
    }
  });
  publications.set(streamId, publication);
  await pc.setLocalDescription(await pc.createOffer());
  return offerOf(pc);
}

/** Closes a stream's publication and every subscription fed by it. */
function unpublish(streamId: string, tell: boolean) {
  const publication = publications.get(streamId);
  if (!publication) return;
  publications.delete(streamId);
  for (const key of publication.subscriptions) unsubscribe(key, tell);
  publication.pc.close().catch(() => undefined);
  if (tell) gone({ event: 'publisher_gone', streamId });
}

async function subscribe(streamId: string, key: string): Promise<OfferResult> {
  const publication = publications.get(streamId);
  if (!publication) throw new Error('The stream is not published to the forwarder');
  unsubscribe(key, false);
  const pc = peerConfig();
  // One stream id for both tracks, so the viewer's page plays them as one stream.
  for (const kind of KINDS) pc.addTransceiver(kind, { direction: 'sendonly' }).sender.streamId = `stream-${streamId}`;
  feed(pc, publication);
  for (const transceiver of pc.getTransceivers()) {
    if (transceiver.kind !== 'video') continue;
    transceiver.sender.onRtcp.subscribe((packet) => {
      if (packet.type === RtcpPayloadSpecificFeedback.type && packet.feedback instanceof PictureLossIndication)
        requestKeyframe(publication);
    });
  }
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') requestKeyframe(publication);
    if ((state === 'failed' || state === 'closed') && subscriptions.get(key)?.pc === pc) unsubscribe(key, true);
  });
  subscriptions.set(key, { streamId, pc });
  publication.subscriptions.add(key);
  await pc.setLocalDescription(await pc.createOffer());
  return offerOf(pc);
}

function unsubscribe(key: string, tell: boolean) {
  const subscription = subscriptions.get(key);
  if (!subscription) return;
  subscriptions.delete(key);
  publications.get(subscription.streamId)?.subscriptions.delete(key);
  subscription.pc.close().catch(() => undefined);
  if (tell) gone({ event: 'subscriber_gone', key });
}

async function apply(pc: RTCPeerConnection | undefined, kind: SignalKind, payload: unknown) {
  if (!pc) return;
  // The relay passed the page's payload on unread: it is checked here, where it is used.
  if (kind === 'answer') await pc.setRemoteDescription(descriptionSchema.parse(payload));
  else await pc.addIceCandidate(candidateSchema.parse(payload));
}

async function handle(request: ForwarderRequest): Promise<OfferResult | undefined> {
  switch (request.op) {
    case 'publish':
      return publish(request.streamId);
    case 'publisher_signal':
      return void (await apply(publications.get(request.streamId)?.pc, request.kind, request.payload));
    case 'unpublish':
      unpublish(request.streamId, false);
      return undefined;
    case 'subscribe':
      return subscribe(request.streamId, request.key);
    case 'subscriber_signal':
      return void (await apply(subscriptions.get(request.key)?.pc, request.kind, request.payload));
    case 'unsubscribe':
      unsubscribe(request.key, false);
      return undefined;
  }
}

parentPort?.on('message', ({ id, request }: { id: number; request: ForwarderRequest }) => {
  handle(request).then(
    (result) => emit({ id, ok: true, ...(result && { result }) }),
    (error: unknown) => emit({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
