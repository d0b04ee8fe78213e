import { LIVE_STREAM_FULL_MESSAGE } from '@shared/live';
import { candidateSchema, descriptionSchema, JANUS_PEER_ID, newWatchId, readEnvelope } from '@shared/live-media-signal';
import type { RelayedStreamSignal } from '@shared/realtime';
import { AckError } from '@/lib/socket-ack';
import type { OutgoingSignal } from './broadcaster';

export type WatchState = 'idle' | 'connecting' | 'playing' | 'full' | 'failed';

export interface WatcherSnapshot {
  state: WatchState;
  remoteStream: MediaStream | null;
  message: string | null;
}

export interface WatcherOptions {
  iceServers: RTCIceServer[];
  /** Resolves when the server relayed it; rejects with an AckError when it refused. */
  send: (signal: OutgoingSignal) => Promise<void>;
}

export const CONNECTION_LOST_MESSAGE = 'The video connection was lost.';
/** Shown while the media server's connection is replaced (the stream moved to another, decision 061). */
export const RECONNECTING_MESSAGE = 'Reconnecting…';
/** A full stream is asked again this often, so a place that frees up is taken without a click. */
const FULL_RETRY_MS = 30_000;
/** The page joins the stream's room on its own: a watch sent just before that is tried again. */
const NOT_IN_ROOM_RETRY_MS = 1000;
const NOT_IN_ROOM_RETRIES = 10;

/**
 * A viewer's side of the media, outside React: it asks the broadcaster to `watch`, answers its
 * offer with a receive-only connection, and starts a new watch whenever the broadcaster announces
 * itself (`ready`). Each watch has its own id, so signals of an older one are dropped.
 */
export class Watcher {
  private watchId: string | null = null;
  private pc: RTCPeerConnection | null = null;
  private broadcasterPeer: string | null = null;
  private pending: Promise<void> = Promise.resolve();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private snapshot: WatcherSnapshot = { state: 'idle', remoteStream: null, message: null };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: WatcherOptions) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = () => this.snapshot;

  /**
   * Starts a new watch, dropping the current connection. After a reconnect, `replaces` is this
   * page's socket before it, which may still hold a place until the server notices it is gone.
   */
  start(replaces?: string, attempt = 0): void {
    this.closeConnection();
    const watchId = newWatchId();
    this.watchId = watchId;
    this.update({ state: 'connecting', remoteStream: null, message: null });
    this.options.send({ type: 'watch', data: { watchId, ...(replaces && { replaces }) } }).catch((error: unknown) => {
      if (this.watchId !== watchId) return;
      if (error instanceof AckError && error.code === 'FORBIDDEN' && attempt < NOT_IN_ROOM_RETRIES) {
        this.retryTimer = setTimeout(() => this.start(replaces, attempt + 1), NOT_IN_ROOM_RETRY_MS);
      } else if (error instanceof AckError && error.message === LIVE_STREAM_FULL_MESSAGE) {
        this.full();
      } else {
        this.update({ state: 'failed', message: error instanceof AckError ? error.message : CONNECTION_LOST_MESSAGE });
      }
    });
  }

  handleSignal({ from, signal }: RelayedStreamSignal): void {
    if (signal.type === 'ready') {
      this.start();
      return;
    }
    const envelope = readEnvelope(signal.data);
    if (signal.type === 'bye' && !envelope) {
      // The broadcaster stopped its camera.
      this.awaitReady(null);
      return;
    }
    if (!envelope || envelope.watchId !== this.watchId) return;
    if (signal.type === 'full') this.full();
    if (signal.type === 'bye' && from === JANUS_PEER_ID) {
      // The media server let go of this watch (the stream moving to another, or the server failing).
      // An end comes as the stream's own event.
      this.awaitReady(RECONNECTING_MESSAGE);
      return;
    }
    if (signal.type === 'bye') this.lost();
    if (signal.type === 'offer') this.answer(from, envelope.payload);
    if (signal.type === 'ice_candidate' && from === this.broadcasterPeer) {
      const pc = this.pc;
      this.pending = this.pending
        .then(() => pc?.addIceCandidate(candidateSchema.parse(envelope.payload)))
        .catch((error: unknown) => console.warn("The stream's network candidate could not be applied", error));
    }
  }

  /** The viewer leaves: the broadcaster frees the place at once rather than waiting for the connection to time out. */
  stop(): void {
    if (this.watchId)
      this.options
        .send({ to: this.broadcasterPeer ?? undefined, type: 'bye', data: { watchId: this.watchId } })
        .catch(() => undefined);
    this.closeConnection();
    this.watchId = null;
    this.update({ state: 'idle', remoteStream: null, message: null });
  }

  private answer(from: string, payload: unknown): void {
    if (this.broadcasterPeer !== null && this.broadcasterPeer !== from) {
      // A second page of the reader broadcasting too: this watch stays with the first.
      this.options.send({ to: from, type: 'bye', data: { watchId: this.watchId } }).catch(() => undefined);
      return;
    }
    const watchId = this.watchId!;
    this.broadcasterPeer = from;
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    this.pc = pc;
    const send = (type: 'answer' | 'ice_candidate', data: unknown) =>
      this.options
        .send({ to: from, type, data: { watchId, payload: data } })
        .catch((error: unknown) => console.warn('A media signal was not relayed', error));
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) void send('ice_candidate', candidate.toJSON());
    };
    pc.ontrack = ({ streams, track }) => {
      // Tracks announced without a stream are kept together, so audio and video play as one.
      const stream = streams[0] ?? this.snapshot.remoteStream ?? new MediaStream();
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
      this.update({
        remoteStream: stream,
        state: pc.connectionState === 'connected' ? 'playing' : this.snapshot.state,
      });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (pc.connectionState === 'connected' && this.snapshot.remoteStream)
        this.update({ state: 'playing', message: null });
      if (pc.connectionState === 'failed') this.lost();
    };
    this.pending = this.pending
      .then(async () => {
        await pc.setRemoteDescription(descriptionSchema.parse(payload));
        await pc.setLocalDescription();
        if (this.pc === pc && pc.localDescription) await send('answer', pc.localDescription.toJSON());
      })
      .catch((error: unknown) => {
        if (this.pc === pc) {
          console.warn("Could not answer the stream's offer", error);
          this.lost();
        }
      });
  }

  private full(): void {
    this.closeConnection();
    this.update({ state: 'full', remoteStream: null, message: LIVE_STREAM_FULL_MESSAGE });
    this.retryTimer = setTimeout(() => this.start(), FULL_RETRY_MS);
  }

  /** No watch until the stream's next `ready`, which starts a new one. */
  private awaitReady(message: string | null): void {
    this.closeConnection();
    this.watchId = null;
    this.update({ state: 'connecting', remoteStream: null, message });
  }

  private lost(): void {
    this.closeConnection();
    this.update({ state: 'failed', remoteStream: null, message: CONNECTION_LOST_MESSAGE });
  }

  private closeConnection(): void {
    clearTimeout(this.retryTimer);
    this.broadcasterPeer = null;
    this.pending = Promise.resolve();
    if (!this.pc) return;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
    this.pc = null;
  }

  private update(change: Partial<WatcherSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
