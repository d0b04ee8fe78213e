/**
 * A participant process of `bench:sessions`: holds its share of the readings, a client socket and
 * a reader socket each, as the web pages would (the reader online with the page open, request,
 * accept, both in the session room), and notes how late each client hears each minute's charge.
 * Running these outside the app's process keeps the load generator from being what is measured.
 */
import type { Socket } from 'socket.io-client';
import type { FromParticipants, PairTask, ToParticipants } from './protocol';
import { inBatches, openReading, SETUP_CONCURRENCY, send, startAll } from './reading';

let sockets: Socket[] = [];
let sessions: { id: string; pair: PairTask }[] = [];
let delaysMs: number[] = [];
let isMeasuring = false;
let origin = '';

const reply = (message: FromParticipants) => process.send?.(message);

async function startPair(pair: PairTask, minuteMs: number) {
  const { id, clientSocket, readerSocket } = await openReading(pair, { origin, reconnect: false });
  sockets.push(readerSocket, clientSocket);
  clientSocket.on('billing_update', (update: { nextMinuteAt: string | null }) => {
    if (!update.nextMinuteAt || !isMeasuring) return;
    delaysMs.push(Date.now() - (Date.parse(update.nextMinuteAt) - minuteMs));
  });
  sessions.push({ id, pair });
}

process.on('message', async (message: ToParticipants) => {
  if (message.type === 'start') {
    origin = message.origin;
    const { failed, firstErrors } = await startAll(message.pairs, (pair) => startPair(pair, message.minuteMs));
    reply({ type: 'ready', sessionIds: sessions.map((s) => s.id), failed, firstErrors });
  } else if (message.type === 'measure') {
    delaysMs = [];
    isMeasuring = true;
  } else if (message.type === 'stop') {
    isMeasuring = false;
    reply({ type: 'report', delaysMs });
  } else {
    await inBatches(sessions, SETUP_CONCURRENCY, async ({ id, pair }) => {
      await send('POST', pair.clientBase, pair.clientCookie, origin, '/api/sessions/end', { sessionId: id }).catch(
        () => undefined,
      );
    });
    for (const socket of sockets) socket.disconnect();
    sockets = [];
    sessions = [];
    reply({ type: 'ended' });
  }
});
