/**
 * Messages between the app and the forwarder's worker thread (forwarder-worker.ts). Keys are the
 * app's: a publication is a stream's id, a subscription any string the app chose for one viewer.
 */
export type SignalKind = 'answer' | 'ice_candidate';

export type ForwarderRequest =
  | { op: 'publish'; streamId: string }
  | { op: 'publisher_signal'; streamId: string; kind: SignalKind; payload: unknown }
  | { op: 'unpublish'; streamId: string }
  | { op: 'subscribe'; streamId: string; key: string }
  | { op: 'subscriber_signal'; key: string; kind: SignalKind; payload: unknown }
  | { op: 'unsubscribe'; key: string };

/** A description the browser is to answer: werift offers on both sides, so payload types match. */
export interface OfferResult {
  offer: { type: 'offer'; sdp: string };
}

export type ForwarderEvent = { event: 'subscriber_gone'; key: string } | { event: 'publisher_gone'; streamId: string };

export type WorkerMessage =
  | { id: number; ok: true; result?: OfferResult }
  | { id: number; ok: false; message: string }
  | ForwarderEvent;

export interface ForwarderWorkerData {
  /** Addresses to announce besides the host's own (the public IP of a server behind NAT). */
  announcedAddresses?: string[];
  /** UDP ports for the media, for a firewall that opens only these. */
  portRange?: [number, number];
}
