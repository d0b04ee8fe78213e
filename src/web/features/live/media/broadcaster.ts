import { FORWARDER_PEER_ID, readEnvelope } from '@shared/live-media-signal';
import type { RelayedStreamSignal, StreamSignal } from '@shared/realtime';
import { ForwarderUplink } from './forwarder-uplink';
import { PeerTable } from './peer-table';
import { ViewerPeer } from './viewer-peer';

export type OutgoingSignal = { to?: string; type: StreamSignal['signal']['type']; data?: unknown };

export interface BroadcasterOptions {
  iceServers: RTCIceServer[];
  localStream: MediaStream;
  maxViewers: number;
  /** Resolves when the server relayed it; rejects when it refused. */
  send: (signal: OutgoingSignal) => Promise<void>;
}

export interface BroadcasterSnapshot {
  /** Viewers whose connection is up. */
  peers: number;
  /** The camera also goes to the server's forwarder, for the viewers above the cap. */
  forwarding: boolean;
}

/**
 * The reader's side of the media, outside React so socket handlers act on it synchronously: one
 * send-only connection per viewer that asks to `watch`, up to the cap (`full` beyond it); a
 * viewer's `bye`, or its connection failing, frees its place. When the server's forwarder offers,
 * one more connection sends the camera to it for the viewers above the cap.
 */
export class Broadcaster {
  private readonly table: PeerTable<ViewerPeer>;
  private uplink: { publishId: string; connection: ForwarderUplink } | null = null;
  private snapshot: BroadcasterSnapshot = { peers: 0, forwarding: false };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: BroadcasterOptions) {
    this.table = new PeerTable(options.maxViewers);
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = () => this.snapshot;

  /** Says the camera is (back) on: every connection starts over and viewers in the room watch again. */
  announce(): Promise<void> {
    this.dropAll();
    return this.options.send({ type: 'ready' });
  }

  handleSignal({ from, signal }: RelayedStreamSignal): void {
    if (from === FORWARDER_PEER_ID) {
      this.handleForwarder(signal);
      return;
    }
    if (signal.type === 'bye') {
      this.drop(from);
      return;
    }
    const envelope = readEnvelope(signal.data);
    if (!envelope) return;
    if (signal.type === 'watch') {
      // The viewer's page reconnected: its old connection's place is its new one's (the server checked it is theirs).
      if (envelope.replaces && envelope.replaces !== from) this.drop(envelope.replaces);
      this.serve(from, envelope.watchId);
    }
    if (signal.type === 'answer' || signal.type === 'ice_candidate')
      this.table.current(from, envelope.watchId)?.apply(signal.type, envelope.payload);
  }

  /** The stream is over for this page: viewers are told, connections close, the camera goes off. */
  close(): void {
    this.relay({ type: 'bye' });
    this.dropAll();
    for (const track of this.options.localStream.getTracks()) track.stop();
  }

  /** The connections are gone with the socket (a reconnect gives every side a new peer id). */
  dropAll(): void {
    for (const peer of this.table.values()) peer.close();
    this.table.clear();
    this.closeUplink();
    this.update();
  }

  private handleForwarder(signal: RelayedStreamSignal['signal']): void {
    const envelope = readEnvelope(signal.data);
    if (!envelope) return;
    const { watchId: publishId, payload } = envelope;
    if (signal.type === 'offer') {
      this.closeUplink();
      const connection: ForwarderUplink = new ForwarderUplink({
        iceServers: this.options.iceServers,
        localStream: this.options.localStream,
        send: (type, data) => this.relay({ to: FORWARDER_PEER_ID, type, data: { watchId: publishId, payload: data } }),
        onChange: () => this.update(),
        onGone: () => {
          if (this.uplink?.connection !== connection) return;
          this.closeUplink();
          this.relay({ to: FORWARDER_PEER_ID, type: 'bye', data: { watchId: publishId } });
          this.update();
        },
      });
      this.uplink = { publishId, connection };
      connection.answer(payload);
      return;
    }
    if (this.uplink?.publishId !== publishId) return;
    if (signal.type === 'ice_candidate') this.uplink.connection.addCandidate(payload);
    if (signal.type === 'bye') {
      this.closeUplink();
      this.update();
    }
  }

  private closeUplink(): void {
    this.uplink?.connection.close();
    this.uplink = null;
  }

  private serve(peerId: string, watchId: string): void {
    const decision = this.table.decide(peerId);
    if (decision.kind === 'full') {
      this.relay({ to: peerId, type: 'full', data: { watchId } });
      return;
    }
    if (decision.replaces) this.table.get(peerId)?.close();
    const peer: ViewerPeer = new ViewerPeer({
      iceServers: this.options.iceServers,
      localStream: this.options.localStream,
      send: (type, payload) => this.relay({ to: peerId, type, data: { watchId, payload } }),
      onConnected: () => this.update(),
      onGone: () => {
        if (!this.table.delete(peerId, peer)) return;
        peer.close();
        this.relay({ to: peerId, type: 'bye', data: { watchId } });
        this.update();
      },
    });
    this.table.set(peerId, watchId, peer);
    void peer.offer();
  }

  /** A refused signal needs no handling here: the viewer it was for is gone or the stream is over. */
  private relay(signal: OutgoingSignal): void {
    this.options.send(signal).catch((error: unknown) => console.warn('A media signal was not relayed', error));
  }

  private drop(peerId: string): void {
    const peer = this.table.get(peerId);
    if (!peer || !this.table.delete(peerId, peer)) return;
    peer.close();
    this.update();
  }

  private update(): void {
    const peers = this.table.values().filter((peer) => peer.connectionState === 'connected').length;
    const forwarding = Boolean(this.uplink?.connection.isConnected);
    if (peers === this.snapshot.peers && forwarding === this.snapshot.forwarding) return;
    this.snapshot = { peers, forwarding };
    for (const listener of this.listeners) listener();
  }
}
