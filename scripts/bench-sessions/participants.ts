/**
 * A participant process of `bench:sessions`: holds its share of the readings, a client socket and
 * a reader socket each, as the web pages would (the reader online with the page open, request,
 * accept, both in the session room), and notes how late each client hears each minute's charge.
 * Running these outside the app's process keeps the load generator from being what is measured.
 */
import { io, type Socket } from 'socket.io-client';
import type { FromParticipants, PairTask, ToParticipants } from './protocol';

const SETUP_CONCURRENCY = 100;
let sockets: Socket[] = [];
let sessions: { id: string; pair: PairTask }[] = [];
let delaysMs: number[] = [];
let isMeasuring = false;
let origin = '';

const reply = (message: FromParticipants) => process.send?.(message);

function connect(base: string, cookie: string) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(base, { transports: ['websocket'], extraHeaders: { cookie, origin }, reconnection: false, forceNew: true, timeout: 60_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function send(method: 'POST' | 'PATCH', base: string, cookie: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify(body) });
  const json = (await response.json()) as { id?: string; error?: { message: string } };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${json.error?.message}`);
  return json;
}

async function startPair(pair: PairTask, minuteMs: number) {
  const readerSocket = await connect(pair.readerBase, pair.readerCookie);
  const clientSocket = await connect(pair.clientBase, pair.clientCookie);
  sockets.push(readerSocket, clientSocket);
  await send('PATCH', pair.readerBase, pair.readerCookie, '/api/readers/me', { isOnline: true });
  clientSocket.on('billing_update', (update: { nextMinuteAt: string | null }) => {
    if (!update.nextMinuteAt || !isMeasuring) return;
    delaysMs.push(Date.now() - (Date.parse(update.nextMinuteAt) - minuteMs));
  });
  const { id } = await send('POST', pair.clientBase, pair.clientCookie, '/api/sessions/request', { readerId: pair.readerId, sessionType: 'chat' });
  await send('POST', pair.readerBase, pair.readerCookie, '/api/sessions/respond', { sessionId: id, response: 'accept' });
  await clientSocket.timeout(60_000).emitWithAck('join_session_room', { sessionId: id });
  await readerSocket.timeout(60_000).emitWithAck('join_session_room', { sessionId: id });
  sessions.push({ id: id as string, pair });
}

async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

process.on('message', async (message: ToParticipants) => {
  if (message.type === 'start') {
    origin = message.origin;
    let failed = 0;
    const firstErrors: string[] = [];
    await inBatches(message.pairs, SETUP_CONCURRENCY, async (pair) => {
      try {
        await startPair(pair, message.minuteMs);
      } catch (error) {
        failed++;
        if (firstErrors.length < 3) firstErrors.push(String(error));
      }
    });
    reply({ type: 'ready', sessionIds: sessions.map((s) => s.id), failed, firstErrors });
  } else if (message.type === 'measure') {
    delaysMs = [];
    isMeasuring = true;
  } else if (message.type === 'stop') {
    isMeasuring = false;
    reply({ type: 'report', delaysMs });
  } else {
    await inBatches(sessions, SETUP_CONCURRENCY, async ({ id, pair }) => {
      await send('POST', pair.clientBase, pair.clientCookie, '/api/sessions/end', { sessionId: id }).catch(() => undefined);
    });
    for (const socket of sockets) socket.disconnect();
    sockets = [];
    sessions = [];
    reply({ type: 'ended' });
  }
});
