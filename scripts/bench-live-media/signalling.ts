import type { RelayedStreamSignal } from '../../src/shared/realtime';
import type { OutgoingSignal } from '../../src/web/features/live/media/broadcaster';

/** The bench's one stream. */
export const BENCH_STREAM_ID = 'bench';
/** The broadcaster page's peer; each viewer's is `viewer-<i>`. */
export const BROADCASTER_PEER = 'broadcaster';

/**
 * How the signals of the pages' peers (the broadcaster, each viewer) travel: straight from page to
 * page (peer to peer), or through the app's relay to Janus (janus-signalling.ts).
 */
export interface Signalling {
  /** Adds a peer; `hear` hands it each signal relayed to it. */
  join(peerId: string, hear: (relayed: RelayedStreamSignal) => void): Promise<void>;
  /** Carries a peer's signal on; resolves once it is relayed. */
  send(from: string, signal: OutgoingSignal): Promise<void>;
  /** The media server whose CPU is measured (Janus); none peer to peer. */
  serverPid?: number;
  close(): Promise<void>;
}

/**
 * Peer to peer as the app's relay carries it for a stream without a media server: a viewer's signal
 * goes to the broadcaster, the broadcaster's to the viewer it names, or to every viewer without `to`.
 */
export function directSignalling(): Signalling {
  const peers = new Map<string, (relayed: RelayedStreamSignal) => void>();
  return {
    async join(peerId, hear) {
      peers.set(peerId, hear);
    },
    async send(from, { to, type, data }) {
      const relayed: RelayedStreamSignal = {
        streamId: BENCH_STREAM_ID,
        from,
        fromUserId: from,
        signal: { type, data },
      };
      if (from !== BROADCASTER_PEER) return peers.get(BROADCASTER_PEER)?.(relayed);
      const viewers = [...peers.keys()].filter((peerId) => peerId !== BROADCASTER_PEER);
      for (const target of to === undefined ? viewers : [to]) peers.get(target)?.(relayed);
    },
    async close() {},
  };
}
