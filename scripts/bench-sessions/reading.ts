/**
 * A reading as the web pages start it, for the benchmarks' participant processes (bench:sessions,
 * bench:failover): the reader's page and the client's page each on a Socket.IO connection of their
 * own, the reader online, the client's request, the reader's accept, both in the session room.
 */
import { io, type Socket } from 'socket.io-client';
import type { PairTask } from './protocol';

/** Readings started at once by one participant process. */
export const SETUP_CONCURRENCY = 100;

export interface SocketOptions {
  origin: string;
  /** As the web app (lib/socket.ts): Socket.IO reconnects by itself after a lost connection. */
  reconnect: boolean;
}

export function connect(base: string, cookie: string, options: SocketOptions) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(base, {
      // The web app's list: WebSocket first, long-polling only if it cannot open at all.
      transports: options.reconnect ? ['websocket', 'polling'] : ['websocket'],
      extraHeaders: { cookie, origin: options.origin },
      reconnection: options.reconnect,
      forceNew: true,
      timeout: 60_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export async function send(
  method: 'GET' | 'POST' | 'PATCH',
  base: string,
  cookie: string,
  origin: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), origin, cookie },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { id?: string; error?: { message: string } };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${json.error?.message}`);
  return json;
}

/** Starts one reading: resolves with its id and both sides' sockets, each in the session room. */
export async function openReading(pair: PairTask, options: SocketOptions) {
  const readerSocket = await connect(pair.readerBase, pair.readerCookie, options);
  const clientSocket = await connect(pair.clientBase, pair.clientCookie, options).catch((error: unknown) => {
    readerSocket.disconnect();
    throw error;
  });
  const { origin } = options;
  try {
    await send('PATCH', pair.readerBase, pair.readerCookie, origin, '/api/readers/me', { isOnline: true });
    const { id } = await send('POST', pair.clientBase, pair.clientCookie, origin, '/api/sessions/request', {
      readerId: pair.readerId,
      sessionType: 'chat',
    });
    await send('POST', pair.readerBase, pair.readerCookie, origin, '/api/sessions/respond', {
      sessionId: id,
      response: 'accept',
    });
    await clientSocket.timeout(60_000).emitWithAck('join_session_room', { sessionId: id });
    await readerSocket.timeout(60_000).emitWithAck('join_session_room', { sessionId: id });
    return { id: id as string, clientSocket, readerSocket };
  } catch (error) {
    clientSocket.disconnect();
    readerSocket.disconnect();
    throw error;
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** Starts every pair's reading, a batch at a time: how many failed, and the first few errors. */
export async function startAll(pairs: PairTask[], start: (pair: PairTask) => Promise<void>) {
  let failed = 0;
  const firstErrors: string[] = [];
  await inBatches(pairs, SETUP_CONCURRENCY, async (pair) => {
    try {
      await start(pair);
    } catch (error) {
      failed++;
      if (firstErrors.length < 3) firstErrors.push(String(error));
    }
  });
  return { failed, firstErrors };
}
