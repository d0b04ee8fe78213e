import { candidateSchema, descriptionSchema } from '@shared/live-media-signal';
import { VIDEO_MAX_BITRATE } from './viewer-peer';

export interface ForwarderUplinkOptions {
  iceServers: RTCIceServer[];
  localStream: MediaStream;
  /** Sends the answer or a candidate to the forwarder. */
  send: (type: 'answer' | 'ice_candidate', payload: unknown) => void;
  onChange: () => void;
  /** The connection failed: the broadcaster closes it and tells the forwarder. */
  onGone: () => void;
}

/**
 * The reader's one connection to the server's forwarder, which sends the camera on to the viewers
 * above the peer-to-peer cap (docs/decisions/025). The forwarder offers (receive-only) and this
 * page answers, sending its camera and microphone on the offered lines at one viewer's bitrate.
 */
export class ForwarderUplink {
  private readonly pc: RTCPeerConnection;
  private pending: Promise<void> = Promise.resolve();
  private isClosed = false;

  constructor(private readonly options: ForwarderUplinkOptions) {
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) options.send('ice_candidate', candidate.toJSON());
    };
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === 'failed') options.onGone();
      else options.onChange();
    };
  }

  get isConnected(): boolean {
    return this.pc.connectionState === 'connected';
  }

  answer(offer: unknown): void {
    this.run(async () => {
      await this.pc.setRemoteDescription(descriptionSchema.parse(offer));
      for (const transceiver of this.pc.getTransceivers()) {
        const track = this.options.localStream.getTracks().find((t) => t.kind === transceiver.receiver.track.kind);
        if (!track) continue;
        transceiver.direction = 'sendonly';
        await transceiver.sender.replaceTrack(track);
      }
      await this.pc.setLocalDescription();
      if (this.isClosed || !this.pc.localDescription) return;
      this.options.send('answer', this.pc.localDescription.toJSON());
      const video = this.pc.getSenders().find((sender) => sender.track?.kind === 'video');
      if (video) {
        const parameters = video.getParameters();
        for (const encoding of parameters.encodings ?? []) encoding.maxBitrate = VIDEO_MAX_BITRATE;
        await video.setParameters(parameters);
      }
    });
  }

  addCandidate(candidate: unknown): void {
    this.run(() => this.pc.addIceCandidate(candidateSchema.parse(candidate)));
  }

  close(): void {
    this.isClosed = true;
    this.pc.onicecandidate = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }

  /** Applies the forwarder's signals one at a time, in the order they came. */
  private run(step: () => Promise<void>): void {
    this.pending = this.pending
      .then(() => (this.isClosed ? undefined : step()))
      .catch((error: unknown) => {
        if (!this.isClosed) console.warn("The forwarder's signal could not be applied", error);
      });
  }
}
