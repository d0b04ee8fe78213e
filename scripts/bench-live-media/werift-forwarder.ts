/**
 * The forwarder of `npm run bench:live-media` (BENCH_MODE=werift): the app's own MediaForwarder
 * (src/server/features/live/media/forwarder, werift in a worker thread), run as a process of its
 * own so its CPU is measured alone, and spoken to over HTTP instead of Socket.IO (the benchmark's
 * pages are not signed in; the relay has its own tests).
 *
 * HTTP on 127.0.0.1 (the port is printed as `port=N`): POST /publish → the forwarder's offer,
 * POST /publish/answer, POST /subscribe → { id, offer }, POST /subscribe/:id/answer, POST /reset.
 * The pages' descriptions carry their candidates (no trickle): every peer is on this machine.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMediaForwarder } from '../../src/server/features/live/media/forwarder/media-forwarder';

const STREAM = 'bench';
const forwarder = startMediaForwarder();
const subscribers = new Set<string>();
let nextSubscriber = 1;

const body = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text || '{}') as { type: 'answer'; sdp: string };
};

async function route(url: string, request: IncomingMessage): Promise<unknown> {
  if (url === '/publish') return (await forwarder.publish(STREAM)).offer;
  if (url === '/publish/answer') return forwarder.publisherSignal(STREAM, 'answer', await body(request));
  if (url === '/subscribe') {
    const id = String(nextSubscriber++);
    subscribers.add(id);
    return { id, offer: (await forwarder.subscribe(STREAM, id)).offer };
  }
  if (url.startsWith('/subscribe/'))
    return forwarder.subscriberSignal(url.split('/')[2] ?? '', 'answer', await body(request));
  if (url === '/reset') {
    await Promise.all([...subscribers].map((id) => forwarder.unsubscribe(id)));
    subscribers.clear();
    return {};
  }
  return null;
}

const server = createServer(async (request, response) => {
  try {
    const result = await route(request.url ?? '', request);
    if (result === null) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      .end(JSON.stringify(result ?? {}));
  } catch (error) {
    console.error('forwarder request failed', error);
    response.writeHead(500).end();
  }
});
server.listen(0, '127.0.0.1', () => console.info(`port=${(server.address() as AddressInfo).port}`));
