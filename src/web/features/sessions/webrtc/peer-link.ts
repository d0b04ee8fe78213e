import type { WebrtcSignal } from '@shared/realtime';
import { z } from 'zod';

export type Signal = WebrtcSignal['signal'];

/**
 * What this app puts in a signal's `data`: the browser's description or candidate, plus the ids of
 * the sending connection and of the one it answers. A side that reloads or reconnects builds a new
 * connection; the ids let the other side tell its signals from those still in flight from the old one.
 */
const envelopeSchema = z.object({
  linkId: z.string().min(1).max(64),
  toLinkId: z.string().min(1).max(64).nullable(),
  payload: z.unknown(),
});
export type SignalEnvelope = z.infer<typeof envelopeSchema> & { type: Signal['type'] };

const descriptionSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string() });
const candidateSchema = z.object({
  candidate: z.string(),
  sdpMid: z.string().nullable().optional(),
  sdpMLineIndex: z.number().int().nullable().optional(),
  usernameFragment: z.string().nullable().optional(),
});

export function readEnvelope(signal: Signal): SignalEnvelope | null {
  const parsed = envelopeSchema.safeParse(signal.data);
  return parsed.success ? { ...parsed.data, type: signal.type } : null;
}

export interface PeerLinkOptions {
  /** Perfect negotiation: the polite side gives way when both offer at once (the reader here). */
  polite: boolean;
  /**
   * Whether this connection opens the negotiation itself. Only the impolite side does, so a new
   * pair of connections does not start with colliding offers: Chromium then sometimes never gathers
   * candidates for the polite side's answer after the implicit rollback. Later renegotiations (an
   * ICE restart) may come from either side.
   */
  opensNegotiation: boolean;
  iceServers: RTCIceServer[];
  /** Null when the camera or microphone could not be opened: the link still receives. */
  localStream: MediaStream | null;
  receiveVideo: boolean;
  sendSignal: (signal: Signal) => void;
  onRemoteStream: (stream: MediaStream) => void;
  onConnectionStateChange: (state: RTCPeerConnectionState) => void;
}

const newLinkId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * One RTCPeerConnection driven by the "perfect negotiation" pattern (W3C WebRTC spec, §10.7): either
 * side may (re)negotiate at any time, collisions resolve by politeness, and a failed connection
 * restarts ICE by itself. Signals are applied one at a time, in the order they arrived.
 */
export class PeerLink {
  readonly id = newLinkId();
  /** The other side's connection this one negotiates with, learnt from its first signal. */
  remoteId: string | null = null;
  private readonly pc: RTCPeerConnection;
  private readonly options: PeerLinkOptions;
  private readonly remoteStream = new MediaStream();
  private isMakingOffer = false;
  private isIgnoringOffer = false;
  private isClosed = false;
  private hasNegotiated = false;
  private pending: Promise<void> = Promise.resolve();

  constructor(options: PeerLinkOptions) {
    this.options = options;
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    const { localStream } = options;
    if (localStream) {
      for (const track of localStream.getTracks()) this.pc.addTrack(track, localStream);
    } else {
      this.pc.addTransceiver('audio', { direction: 'recvonly' });
      if (options.receiveVideo) this.pc.addTransceiver('video', { direction: 'recvonly' });
    }
    this.pc.onnegotiationneeded = () => {
      if (this.hasNegotiated || options.opensNegotiation) void this.offer();
    };
    this.pc.onsignalingstatechange = () => {
      if (this.pc.signalingState === 'stable' && this.pc.remoteDescription) this.hasNegotiated = true;
    };
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.send('ice_candidate', candidate.toJSON());
    };
    this.pc.ontrack = ({ track, streams }) => {
      const stream = streams[0] ?? this.remoteStream;
      if (!streams[0]) stream.addTrack(track);
      options.onRemoteStream(stream);
    };
    this.pc.onconnectionstatechange = () => {
      if (this.isClosed) return;
      if (this.pc.connectionState === 'failed') this.pc.restartIce();
      options.onConnectionStateChange(this.pc.connectionState);
    };
  }

  get connectionState(): RTCPeerConnectionState {
    return this.pc.connectionState;
  }

  handleSignal(envelope: SignalEnvelope): void {
    this.pending = this.pending
      .then(() => this.apply(envelope))
      .catch((error: unknown) => {
        if (!this.isClosed) console.warn('A WebRTC signal could not be applied', error);
      });
  }

  close(): void {
    this.isClosed = true;
    this.pc.onnegotiationneeded = null;
    this.pc.onsignalingstatechange = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }

  private send(type: Signal['type'], payload: unknown): void {
    this.options.sendSignal({ type, data: { linkId: this.id, toLinkId: this.remoteId, payload } });
  }

  private async offer(): Promise<void> {
    try {
      this.isMakingOffer = true;
      await this.pc.setLocalDescription();
      if (this.isClosed || !this.pc.localDescription) return;
      this.send('offer', this.pc.localDescription.toJSON());
    } catch (error) {
      if (!this.isClosed) console.warn('Could not create a WebRTC offer', error);
    } finally {
      this.isMakingOffer = false;
    }
  }

  private async apply({ type, payload }: SignalEnvelope): Promise<void> {
    if (this.isClosed) return;
    if (type === 'ice_candidate') {
      try {
        await this.pc.addIceCandidate(candidateSchema.parse(payload));
      } catch (error) {
        // The candidates of an offer this side ignored cannot match its connection.
        if (!this.isIgnoringOffer) throw error;
      }
      return;
    }
    const description = descriptionSchema.parse(payload);
    const isCollision = description.type === 'offer' && (this.isMakingOffer || this.pc.signalingState !== 'stable');
    this.isIgnoringOffer = !this.options.polite && isCollision;
    if (this.isIgnoringOffer) return;
    // On a collision the polite side's own offer is rolled back implicitly by this call.
    await this.pc.setRemoteDescription(description);
    if (description.type === 'offer') {
      await this.pc.setLocalDescription();
      if (this.isClosed || !this.pc.localDescription) return;
      this.send('answer', this.pc.localDescription.toJSON());
    }
  }
}
