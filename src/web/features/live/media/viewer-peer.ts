import { candidateSchema, descriptionSchema } from '@shared/live-media-signal';

/**
 * The video of one viewer's connection is held to this: the reader's uplink carries one copy per
 * viewer, so this times the cap is what a reader's upload must sustain (docs/decisions/025).
 */
export const VIDEO_MAX_BITRATE = 1_000_000;
/** A connection that stays 'disconnected' this long is given up (the viewer's tab froze or its network went). */
const DISCONNECTED_GRACE_MS = 10_000;

export interface ViewerPeerOptions {
  iceServers: RTCIceServer[];
  localStream: MediaStream;
  /** Sends an offer or a candidate to this viewer. */
  send: (type: 'offer' | 'ice_candidate', payload: unknown) => void;
  /** The connection is over (failed, or disconnected past the grace): the broadcaster drops it and says bye. */
  onGone: () => void;
  onConnected: () => void;
}

/**
 * The broadcaster's send-only connection to one viewer: it offers the camera and microphone, and
 * applies the viewer's answer and candidates one at a time, in the order they arrived.
 */
export class ViewerPeer {
  private readonly pc: RTCPeerConnection;
  private pending: Promise<void> = Promise.resolve();
  private isClosed = false;
  private disconnectedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ViewerPeerOptions) {
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    for (const track of options.localStream.getTracks()) {
      this.pc.addTransceiver(track, {
        direction: 'sendonly',
        streams: [options.localStream],
        ...(track.kind === 'video' && { sendEncodings: [{ maxBitrate: VIDEO_MAX_BITRATE }] }),
      });
    }
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) options.send('ice_candidate', candidate.toJSON());
    };
    this.pc.onconnectionstatechange = () => this.onStateChange();
  }

  get connectionState(): RTCPeerConnectionState {
    return this.pc.connectionState;
  }

  async offer(): Promise<void> {
    try {
      await this.pc.setLocalDescription();
      if (!this.isClosed && this.pc.localDescription) this.options.send('offer', this.pc.localDescription.toJSON());
    } catch (error) {
      if (!this.isClosed) console.warn('Could not offer the stream to a viewer', error);
    }
  }

  apply(type: 'answer' | 'ice_candidate', payload: unknown): void {
    this.pending = this.pending
      .then(async () => {
        if (this.isClosed) return;
        if (type === 'answer') await this.pc.setRemoteDescription(descriptionSchema.parse(payload));
        else await this.pc.addIceCandidate(candidateSchema.parse(payload));
      })
      .catch((error: unknown) => {
        if (!this.isClosed) console.warn("A viewer's signal could not be applied", error);
      });
  }

  /** The senders' statistics, for the benchmark and diagnostics. */
  getStats(): Promise<RTCStatsReport> {
    return this.pc.getStats();
  }

  close(): void {
    this.isClosed = true;
    clearTimeout(this.disconnectedTimer);
    this.pc.onicecandidate = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }

  private onStateChange(): void {
    const state = this.pc.connectionState;
    clearTimeout(this.disconnectedTimer);
    if (state === 'connected') this.options.onConnected();
    if (state === 'failed' || state === 'closed') this.options.onGone();
    if (state === 'disconnected')
      this.disconnectedTimer = setTimeout(() => this.options.onGone(), DISCONNECTED_GRACE_MS);
  }
}
