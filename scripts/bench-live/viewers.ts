/**
 * A viewer process of bench:live: opens its share of the viewers' sockets, then joins them all to
 * the stream, as two steps the orchestrator times apart (the connection's handshake and sign-in,
 * then the join). Notes when each viewer hears each chat message and how many viewer counts it got.
 */
import { io, type Socket } from 'socket.io-client';
import { inBatches } from './batches';
import { chatStampTime, type FromViewers, type ToViewers } from './protocol';

/**
 * Sockets opened or joined at once by one process. With 200, PGlite runs dropped pages for missed
 * pings and no reading was heard during the storm (likely its queue of queries running back to back
 * without the event loop turning; not proven): a storm is a burst, not everyone in the same millisecond.
 */
const CONCURRENCY = 50;

let sockets: Socket[] = [];
let chatDelaysMs: number[] = [];
let viewerEvents = 0;
const reply = (message: FromViewers) => process.send?.(message);

function connect(base: string, cookie: string, origin: string) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(base, {
      transports: ['websocket'],
      extraHeaders: { cookie, origin },
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

process.on('message', async (message: ToViewers) => {
  if (message.type === 'connect') {
    let failed = 0;
    await inBatches(
      Array.from({ length: message.count }, (_, i) => i),
      CONCURRENCY,
      async (i) => {
        try {
          const socket = await connect(message.base, message.cookies[i % message.cookies.length] ?? '', message.origin);
          socket.on('stream_chat', (chat: { content: string }) =>
            chatDelaysMs.push(Date.now() - chatStampTime(chat.content)),
          );
          socket.on('stream_viewers', () => viewerEvents++);
          sockets.push(socket);
        } catch {
          failed++;
        }
      },
    );
    reply({ type: 'connected', connected: sockets.length, failed });
  } else if (message.type === 'join') {
    let failed = 0;
    let firstError: string | null = null;
    const joined: Socket[] = [];
    await inBatches(sockets, CONCURRENCY, async (socket) => {
      const ack = (await socket
        .timeout(120_000)
        .emitWithAck('join_stream', { streamId: message.streamId })
        .catch((error: unknown) => ({ ok: false, error: String(error) }))) as { ok: boolean; error?: unknown };
      if (ack.ok) joined.push(socket);
      else {
        failed++;
        firstError ??= JSON.stringify(ack.error);
      }
    });
    reply({ type: 'joined', joined: joined.length, failed, firstError });
  } else if (message.type === 'report') {
    reply({ type: 'report', chatDelaysMs, viewerEvents });
    chatDelaysMs = [];
    viewerEvents = 0;
  } else {
    for (const socket of sockets) socket.disconnect();
    sockets = [];
    reply({ type: 'left' });
  }
});
