import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postJanus } from './janus-api';
import { createClient, type TestUser } from '../../../../../../tests/integration/factories';
import { http } from '../../../../../../tests/integration/http';
import {
  expectStopped,
  fromJanus,
  janusPages,
  receiving,
  streamSignal,
} from '../../../../../../tests/integration/janus-pages';
import { type JanusServer, startJanus } from '../../../../../../tests/integration/janus-server';
import { emitAck, nextEvent } from '../../../../../../tests/integration/socket-helpers';
import { createTestApp, type TestApp } from '../../../../../../tests/integration/test-app';
import { EVENT_WAIT_LIMIT_MS } from '../../../../../../tests/integration/timeouts';
import { openTestDatabase } from '../../../../../../tests/integration/test-database';

/**
 * A stream through Janus on two nodes, as behind a load balancer (decision 061): the reader's camera
 * socket on node a, viewers on a and on b. Each node speaks to Janus for its own sockets; the
 * stream's `ready` and its end reach b through the Redis adapter.
 */
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error('The scale-out test needs DATABASE_URL (PostgreSQL) and REDIS_URL: run it through `npm run test:pg`');
}

let janus: JanusServer;
let a: TestApp;
let b: TestApp;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const { goLive, viewerScreen, close: closePages } = janusPages();

beforeAll(async () => {
  janus = await startJanus();
  database = await openTestDatabase({ poolSize: 10 });
  const env = {
    REDIS_URL: process.env.REDIS_URL!,
    JANUS_URL: janus.url,
    JANUS_ADMIN_URL: janus.adminUrl,
    JANUS_API_SECRET: janus.apiSecret,
    JANUS_ADMIN_SECRET: janus.adminSecret,
    LIVE_FORWARDER: 'false',
  };
  const node = () =>
    createTestApp({
      database,
      runScheduler: false,
      runMessageRetention: false,
      runMailWorker: false,
      runPushWorker: false,
      env,
    });
  [a, b] = [await node(), await node()];
});
afterAll(async () => {
  await closePages();
  await Promise.all([a?.close(), b?.close()]);
  await database?.close();
  await janus?.stop();
});

/** The sessions Janus holds, by its admin API. */
const janusSessions = async () =>
  (await postJanus(janus.adminUrl, { janus: 'list_sessions', admin_secret: janus.adminSecret })).sessions;

/** A paying viewer's page on `node`, in the stream's room. */
async function payingViewer(node: TestApp, streamId: string) {
  const payer: TestUser = await createClient(node, { balanceCents: 1_000 });
  expect((await http(node, payer.cookie).post(`/api/live/streams/${streamId}/join`)).status).toBe(200);
  const socket = await node.connectSocket(payer.cookie);
  expect(await emitAck(socket, 'join_stream', { streamId })).toMatchObject({ ok: true });
  return socket;
}

describe('a stream through Janus on two nodes', () => {
  it('carries the camera on node a to viewers on a and b, each leaving and the end reaching both', async () => {
    const { reader, readerPage, streamId } = await goLive(a, 'Two nodes', 199);

    const [onA, onB] = [await payingViewer(a, streamId), await payingViewer(b, streamId)];
    // Janus's `ready`, sent to the stream's room by node a once Janus has the camera, reaches b's viewer too.
    const heard = [fromJanus(onA, 'ready'), fromJanus(onB, 'ready')];
    expect(await streamSignal(readerPage, streamId, 'ready')).toEqual({ ok: true });
    await Promise.all(heard);

    const [screenA, screenB] = [viewerScreen(onA, streamId), viewerScreen(onB, streamId)];
    expect(await screenA.watch()).toEqual({ ok: true });
    expect(await screenB.watch()).toEqual({ ok: true });
    await Promise.all([receiving(screenA.received), receiving(screenB.received)]);

    // b's viewer leaves: its subscription on b goes, a's viewer keeps the picture.
    expect(await screenB.bye()).toEqual({ ok: true });
    await expectStopped(screenB.received);
    await receiving(screenA.received);

    // A viewer on b who comes back gets the picture again, from b.
    const again = viewerScreen(await payingViewer(b, streamId), streamId);
    expect(await again.watch()).toEqual({ ok: true });
    await receiving(again.received);

    // The reader ends the stream on a: every page hears it, and the picture stops on both nodes.
    const ended = [onA, onB].map((socket) => nextEvent(socket, 'stream_ended'));
    expect((await http(a, reader.cookie).post(`/api/live/streams/${streamId}/end`)).status).toBe(200);
    await Promise.all(ended);
    await Promise.all([expectStopped(screenA.received), expectStopped(again.received)]);
    // Neither node keeps a Janus session for the ended stream (b's viewers were still connected).
    await vi.waitFor(async () => expect(await janusSessions()).toEqual([]), {
      timeout: EVENT_WAIT_LIMIT_MS,
      interval: 250,
    });
  }, 120_000);
});
