import { Worker } from 'node:worker_threads';
import type {
  ForwarderEvent,
  ForwarderRequest,
  ForwarderWorkerData,
  OfferResult,
  SignalKind,
  WorkerMessage,
} from './protocol';

/**
 * The worker's first file. Run from the source (tsx: tests, `npm run dev`), a plain-JavaScript entry
 * that registers tsx for the worker; run from the server bundle (`npm start`), the worker's own
 * bundle beside it (scripts/build-server.mjs).
 */
const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./forwarder-worker-entry.mjs', import.meta.url)
  : new URL('./forwarder-worker.js', import.meta.url);

/**
 * The server's media forwarder as the relay sees it (docs/decisions/025): a stream published to
 * it once is sent on to any number of subscribed viewers. Offers are werift's; the browsers answer.
 */
export interface MediaForwarder {
  publish(streamId: string): Promise<OfferResult>;
  publisherSignal(streamId: string, kind: SignalKind, payload: unknown): Promise<void>;
  unpublish(streamId: string): Promise<void>;
  subscribe(streamId: string, key: string): Promise<OfferResult>;
  subscriberSignal(key: string, kind: SignalKind, payload: unknown): Promise<void>;
  unsubscribe(key: string): Promise<void>;
  /** A connection failed or closed on the forwarder's side: the relay tells the browser. */
  onGone(listener: (event: ForwarderEvent) => void): void;
  close(): Promise<void>;
}

/**
 * The forwarder in a worker thread, started on first use (most processes never need it: a stream
 * needs it only above the peer-to-peer cap). The worker runs TypeScript through tsx, the server's
 * own loader, in production as in the tests (through forwarder-worker-entry.mjs).
 */
export function startMediaForwarder(data: ForwarderWorkerData = {}): MediaForwarder {
  let worker: Worker | null = null;
  const pending = new Map<
    number,
    { resolve: (result: OfferResult | undefined) => void; reject: (error: Error) => void }
  >();
  const listeners = new Set<(event: ForwarderEvent) => void>();
  let nextId = 1;

  const onMessage = (message: WorkerMessage) => {
    if ('event' in message) {
      for (const listener of listeners) listener(message);
      return;
    }
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) waiting?.resolve(message.result);
    else waiting?.reject(new Error(message.message));
  };
  // A worker that died takes its connections with it; the next request starts a new one.
  const failAll = (error: Error) => {
    worker = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  const started = () => {
    if (worker) return worker;
    worker = new Worker(workerFile, { workerData: data });
    worker.unref();
    worker.on('message', onMessage);
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The media forwarder stopped (exit ${code})`)));
    return worker;
  };

  const call = (request: ForwarderRequest) =>
    new Promise<OfferResult | undefined>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      started().postMessage({ id, request });
    });
  const offer = async (request: ForwarderRequest) => {
    const result = await call(request);
    if (!result) throw new Error('The media forwarder gave no offer');
    return result;
  };
  const done = async (request: ForwarderRequest) => {
    await call(request);
  };

  return {
    publish: (streamId) => offer({ op: 'publish', streamId }),
    publisherSignal: (streamId, kind, payload) => done({ op: 'publisher_signal', streamId, kind, payload }),
    unpublish: (streamId) => done({ op: 'unpublish', streamId }),
    subscribe: (streamId, key) => offer({ op: 'subscribe', streamId, key }),
    subscriberSignal: (key, kind, payload) => done({ op: 'subscriber_signal', key, kind, payload }),
    unsubscribe: (key) => done({ op: 'unsubscribe', key }),
    onGone: (listener) => {
      listeners.add(listener);
    },
    close: async () => {
      listeners.clear();
      await worker?.terminate();
    },
  };
}
