/**
 * A participant process of `bench:failover`: holds its share of the readings through the load
 * balancer, each side on a socket that reconnects by itself and joins its reading's room again on
 * every reconnect, as the web app's reading page does. It notes when each side was cut off and
 * when it was back in the room, and sends chat and reads the reading over HTTP the whole time.
 */
import type { Socket } from 'socket.io-client';
import type { PairTask } from '../bench-sessions/protocol';
import { inBatches, openReading, SETUP_CONCURRENCY, send, startAll } from '../bench-sessions/reading';
import {
  type Cutoff,
  type FromFailoverParticipants,
  NO_TRAFFIC,
  type ReadingReport,
  type ToFailoverParticipants,
  type TrafficCounts,
} from './protocol';

/** Each reading's client chats twice a minute and reads its reading over HTTP four times, up to these rates per process. */
const MAX_PER_SECOND = 50;
const MAX_IN_FLIGHT = 20;
/** As the web app (lib/socket.ts) after a refused connection. */
const REFUSED_RETRY_MS = 2_000;

interface Side {
  socket: Socket;
  cutoffs: Cutoff[];
}
interface Reading {
  id: string;
  pair: PairTask;
  client: Side;
  reader: Side;
  lastBilledAt: number;
  ended: boolean;
}
type Answer = { ok: true } | { ok: false; error: { code: string } };

let origin = '';
let readings: Reading[] = [];
let isRunning = false;
const firstFailures: string[] = [];
const noteFailure = (what: string) => {
  if (firstFailures.length < 5 && !firstFailures.includes(what)) firstFailures.push(what);
};
const traffic: TrafficCounts = { ...NO_TRAFFIC };
const reply = (message: FromFailoverParticipants) => process.send?.(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a lost connection the side is cut off until it is back in the room: on each reconnect it
 * joins again (the reading page's rule), and tries again while the join fails and it is connected.
 */
/** In its reading's room: not cut off, or back since its last cut. */
const isJoined = (side: Side) => side.cutoffs.at(-1)?.back !== null;

function follow(reading: Reading, side: Side) {
  const { socket } = side;
  socket.on('disconnect', () => {
    // A side that dropped again before it was back is still in the same cut.
    if (isJoined(side)) side.cutoffs.push({ from: Date.now(), rejoinSentAt: null, back: null });
  });
  socket.on('connect', async () => {
    while (socket.connected && !reading.ended) {
      const sentAt = Date.now();
      const answer: Answer | undefined = await socket
        .timeout(30_000)
        .emitWithAck('join_session_room', { sessionId: reading.id })
        .catch(() => undefined);
      if (answer?.ok) {
        const open = side.cutoffs.at(-1);
        if (open && open.back === null) Object.assign(open, { rejoinSentAt: sentAt, back: Date.now() });
        return;
      }
      await sleep(500);
    }
  });
  socket.on('connect_error', () => {
    if (!socket.active) setTimeout(() => socket.connect(), REFUSED_RETRY_MS);
  });
}

async function startReading(pair: PairTask) {
  const { id, clientSocket, readerSocket } = await openReading(pair, { origin, reconnect: true });
  const reading: Reading = {
    id,
    pair,
    client: { socket: clientSocket, cutoffs: [] },
    reader: { socket: readerSocket, cutoffs: [] },
    lastBilledAt: 0,
    ended: false,
  };
  follow(reading, reading.client);
  follow(reading, reading.reader);
  clientSocket.on('billing_update', () => {
    reading.lastBilledAt = Date.now();
  });
  clientSocket.on('session_ended', () => {
    reading.ended = true;
  });
  readings.push(reading);
}

/**
 * Starts `work` on the readings in turn, each reading once a `periodMs` and at most `maxPerSecond`
 * in all, while the run lasts: a steady load whatever the number of readings, never a spin when
 * the work fails fast.
 */
async function paced(periodMs: number, maxPerSecond: number, work: (reading: Reading, i: number) => Promise<void>) {
  let inFlight = 0;
  for (let i = 0; isRunning; i++) {
    await sleep(Math.max(periodMs / Math.max(1, readings.length), 1000 / maxPerSecond));
    const reading = readings[i % readings.length];
    if (!reading || reading.ended || inFlight >= MAX_IN_FLIGHT) continue;
    inFlight++;
    void work(reading, i).finally(() => inFlight--);
  }
}

/** A chat message from the client, as the reading page sends it (over its socket). */
async function chat(reading: Reading, i: number) {
  if (!isJoined(reading.client)) return;
  traffic.chatSent++;
  const answer: Answer | undefined = await reading.client.socket
    .timeout(30_000)
    .emitWithAck('session_message', { sessionId: reading.id, content: `message ${i}`, type: 'text' })
    .catch(() => undefined);
  if (answer?.ok) traffic.chatAcked++;
  else if (answer?.error.code === 'CONFLICT') traffic.chatRefusedPaused++;
  else {
    traffic.chatFailed++;
    noteFailure(`chat: ${answer ? JSON.stringify(answer.error) : 'no answer'}`);
  }
}

/**
 * A keep-alive connection that the load balancer closed as it went idle (HAProxy's `timeout
 * http-keep-alive`) fails the next request sent on it before any answer: a browser sends such a
 * request again on a new connection, and so does this page. Node's fetch does not.
 */
const isClosedIdleConnection = (error: unknown) =>
  error instanceof Error && error.cause instanceof Error && /other side closed|ECONNRESET/.test(String(error.cause));

/** The reading page's own request for the reading, through the load balancer. */
async function readOverHttp(reading: Reading) {
  traffic.httpRequests++;
  const get = () =>
    fetch(`${reading.pair.clientBase}/api/sessions/${reading.id}`, {
      headers: { origin, cookie: reading.pair.clientCookie },
    });
  const status = await get()
    .catch((error: unknown) => (isClosedIdleConnection(error) ? get() : Promise.reject(error)))
    .then(
      async (response) => {
        const body = await response.text();
        if (response.status >= 500)
          noteFailure(`GET /api/sessions/:id ${response.status} ${body.slice(0, 120).replace(/\s+/g, ' ')}`);
        return response.status;
      },
      (error: unknown) => {
        noteFailure(
          `GET /api/sessions/:id: ${String(error)}${error instanceof Error && error.cause ? ` (${String(error.cause)})` : ''}`,
        );
        return 0;
      },
    );
  if (status >= 500 || status === 0) traffic.http5xx++;
}

const report = (reading: Reading): ReadingReport => ({
  id: reading.id,
  cutoffs: { client: reading.client.cutoffs, reader: reading.reader.cutoffs },
  ended: reading.ended,
});

process.on('message', async (message: ToFailoverParticipants) => {
  if (message.type === 'start') {
    origin = message.origin;
    const { failed, firstErrors } = await startAll(message.pairs, (pair) => startReading(pair));
    isRunning = true;
    void paced(message.minuteMs / 2, MAX_PER_SECOND, chat);
    void paced(message.minuteMs / 4, MAX_PER_SECOND, readOverHttp);
    reply({ type: 'ready', started: readings.length, failed, firstErrors });
  } else if (message.type === 'status') {
    const live = readings.filter((r) => !r.ended);
    reply({
      type: 'status',
      joined: live.filter((r) => isJoined(r.client) && isJoined(r.reader)).length,
      billedSince: live.filter((r) => r.lastBilledAt > message.since).length,
      ended: readings.length - live.length,
    });
  } else if (message.type === 'report') {
    reply({ type: 'report', readings: readings.map(report), traffic: { ...traffic }, firstFailures });
  } else {
    isRunning = false;
    await inBatches(readings, SETUP_CONCURRENCY, async ({ id, pair }) => {
      await send('POST', pair.clientBase, pair.clientCookie, origin, '/api/sessions/end', { sessionId: id }).catch(
        () => undefined,
      );
    });
    for (const reading of readings) {
      reading.client.socket.disconnect();
      reading.reader.socket.disconnect();
    }
    readings = [];
    reply({ type: 'ended' });
  }
});
