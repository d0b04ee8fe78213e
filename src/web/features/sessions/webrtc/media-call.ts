import { PeerLink, readEnvelope, type Signal, type SignalEnvelope } from './peer-link';

export type SignalRoute = 'buffer' | 'drop' | 'deliver' | 'adopt' | 'rebuild' | 'restart';

/**
 * Where an incoming signal goes, given this side's current connection (null while (re)joining).
 * Each side builds a new connection whenever either side (re)joins, so signals of several
 * connections can cross; a connection only ever negotiates with one connection of the other side:
 * - signals addressed to an older connection of ours are dropped;
 * - an unpaired connection pairs with the sender of an offer, or of a signal addressed to it;
 * - a fresh offer from a new connection of the other side (it reloaded or rejoined) gets a new
 *   connection here too ('rebuild', then delivered), because a connection cannot change its remote
 *   DTLS identity;
 * - anything else addressed to us by another connection of the other side answers a negotiation
 *   this connection already left (a rolled-back offer): start over with a fresh offer ('restart');
 * - the rest (stray candidates of an older connection of the other side) is dropped.
 */
export function routeSignal(
  link: { id: string; remoteId: string | null } | null,
  envelope: SignalEnvelope,
): SignalRoute {
  if (!link) return 'buffer';
  if (envelope.toLinkId !== null && envelope.toLinkId !== link.id) return 'drop';
  if (envelope.linkId === link.remoteId) return 'deliver';
  if (link.remoteId === null) return envelope.type === 'offer' || envelope.toLinkId === link.id ? 'adopt' : 'drop';
  if (envelope.type === 'offer' && envelope.toLinkId === null) return 'rebuild';
  if (envelope.toLinkId === link.id) return 'restart';
  return 'drop';
}

export interface MediaCallSnapshot {
  remoteStream: MediaStream | null;
  connectionState: RTCPeerConnectionState | null;
  isMuted: boolean;
  isCameraOff: boolean;
  /** True while the reading is paused: this side sends neither sound nor picture. */
  isPaused: boolean;
}

export interface MediaCallOptions {
  polite: boolean;
  iceServers: RTCIceServer[];
  localStream: MediaStream | null;
  receiveVideo: boolean;
  sendSignal: (signal: Signal) => void;
}

/** Signals kept while this side has no connection (between leaving and rejoining the room). */
const MAX_BUFFERED_SIGNALS = 200;

/**
 * How long a connection may stay unconnected before the impolite side starts over with a new one,
 * doubling after each attempt that did not connect. A lost or refused signal, an answer that could
 * not be applied, or ICE checks that stalled on a busy machine would otherwise leave a call
 * 'Connecting' for good (CI saw it under load); a connection on loopback or LAN takes well under a second,
 * one through a TURN relay a few.
 */
export const CONNECT_TIMEOUT_MS = 8000;
const MAX_CONNECT_TIMEOUT_MS = 60_000;

/**
 * The media half of a reading, outside React so socket handlers act on it synchronously. The
 * connection is dropped (`suspend`) before this side (re)joins the room and rebuilt (`reconnect`)
 * once it is in, and again whenever the other side (re)joins; signals that arrive in between wait.
 * The local tracks outlive the connections; `close` stops them.
 */
export class MediaCall {
  private readonly options: MediaCallOptions;
  private link: PeerLink | null = null;
  private buffered: SignalEnvelope[] = [];
  private snapshot: MediaCallSnapshot = {
    remoteStream: null,
    connectionState: null,
    isMuted: false,
    isCameraOff: false,
    isPaused: false,
  };
  private readonly listeners = new Set<() => void>();
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  /** Fresh starts in a row that did not connect: each waits twice as long as the last. */
  private failedStarts = 0;

  constructor(options: MediaCallOptions) {
    this.options = options;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = () => this.snapshot;

  get localStream(): MediaStream | null {
    return this.options.localStream;
  }

  suspend(): void {
    this.disarmWatchdog();
    this.link?.close();
    this.link = null;
    this.buffered = [];
  }

  /**
   * Starts a fresh peer connection, then hands it whatever arrived while there was none. The
   * impolite side opens the negotiation; the polite side waits for its offer, unless it must start
   * over itself (`opensNegotiation`, after a 'restart').
   */
  reconnect(opensNegotiation = !this.options.polite): void {
    this.start(opensNegotiation, 0);
  }

  /** `failedStarts`: the fresh starts in a row before this one that did not connect (the watchdog's). */
  private start(opensNegotiation: boolean, failedStarts: number): void {
    this.failedStarts = failedStarts;
    this.link?.close();
    const link = new PeerLink({
      ...this.options,
      opensNegotiation,
      onRemoteStream: (remoteStream) => {
        if (this.link === link) this.update({ remoteStream });
      },
      onConnectionStateChange: (connectionState) => {
        if (this.link !== link) return;
        this.update({ connectionState });
        if (connectionState === 'connected') {
          this.failedStarts = 0;
          this.disarmWatchdog();
        } else if (connectionState === 'disconnected' || connectionState === 'failed') {
          this.armWatchdog();
        }
      },
    });
    this.link = link;
    this.update({ remoteStream: null, connectionState: link.connectionState });
    this.disarmWatchdog();
    this.armWatchdog();
    const waiting = this.buffered;
    this.buffered = [];
    for (const envelope of waiting) this.route(envelope);
  }

  /**
   * The other side (re)joined the room with a new connection of its own: meet it with a new one
   * here. While this side is itself (re)joining there is nothing to renew; its join builds one.
   */
  renew(): void {
    if (this.link) this.reconnect();
  }

  handleSignal(signal: Signal): void {
    const envelope = readEnvelope(signal);
    if (envelope) this.route(envelope);
  }

  setMuted(isMuted: boolean): void {
    this.update({ isMuted });
    this.applyTrackStates();
  }

  setCameraOff(isCameraOff: boolean): void {
    this.update({ isCameraOff });
    this.applyTrackStates();
  }

  /**
   * While the server has the reading paused (a side is away, the meter stopped), this side sends
   * silence and a dark picture over the connection it keeps, so a side that hops out of the room
   * gets no reading for free (the reader's page is the one that enforces it). Mute and camera
   * choices are kept for the resume.
   */
  setPaused(isPaused: boolean): void {
    if (isPaused === this.snapshot.isPaused) return;
    this.update({ isPaused });
    this.applyTrackStates();
    if (!isPaused && this.link?.connectionState !== 'connected') this.armWatchdog();
  }

  /**
   * The impolite side (the one that opens negotiations) starts over when its connection has not
   * connected in time; the polite side follows its fresh offer ('rebuild'). Not while the reading is
   * paused: the server relays no signal then, and both sides build new connections on the resume.
   */
  private armWatchdog(): void {
    if (this.options.polite || this.watchdog || !this.link) return;
    const delay = Math.min(CONNECT_TIMEOUT_MS * 2 ** this.failedStarts, MAX_CONNECT_TIMEOUT_MS);
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (!this.link || this.snapshot.isPaused || this.link.connectionState === 'connected') return;
      this.start(true, this.failedStarts + 1);
    }, delay);
  }

  private disarmWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private applyTrackStates(): void {
    const { isMuted, isCameraOff, isPaused } = this.snapshot;
    for (const track of this.options.localStream?.getAudioTracks() ?? []) track.enabled = !isMuted && !isPaused;
    for (const track of this.options.localStream?.getVideoTracks() ?? []) track.enabled = !isCameraOff && !isPaused;
  }

  /** Ends the call for good: the connection closes and the camera and microphone are released. */
  close(): void {
    this.suspend();
    for (const track of this.options.localStream?.getTracks() ?? []) track.stop();
    this.update({ remoteStream: null, connectionState: 'closed' });
  }

  private route(envelope: SignalEnvelope): void {
    switch (routeSignal(this.link, envelope)) {
      case 'buffer':
        if (this.buffered.length < MAX_BUFFERED_SIGNALS) this.buffered.push(envelope);
        return;
      case 'drop':
        return;
      case 'restart':
        this.reconnect(true);
        return;
      case 'rebuild':
        // The new connection answers this offer rather than colliding with an offer of its own.
        this.reconnect(false);
        break;
      default:
        break;
    }
    const link = this.link!;
    link.remoteId = envelope.linkId;
    link.handleSignal(envelope);
  }

  private update(change: Partial<MediaCallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}

/** SPEC.md §5 'Media': audio readings ask for the microphone only, video readings for both. */
export function openLocalMedia(sessionType: 'audio' | 'video'): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ audio: true, video: sessionType === 'video' });
}
