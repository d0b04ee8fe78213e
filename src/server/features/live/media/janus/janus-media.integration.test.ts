import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type TestUser } from '../../../../../../tests/integration/factories';
import { http } from '../../../../../../tests/integration/http';
import {
  expectStopped,
  fromJanus,
  janusPages,
  receiving,
  streamSignal as signal,
} from '../../../../../../tests/integration/janus-pages';
import { type JanusServer, startJanus } from '../../../../../../tests/integration/janus-server';
import { emitAck } from '../../../../../../tests/integration/socket-helpers';
import { createTestApp, type TestApp } from '../../../../../../tests/integration/test-app';
import { liveStreams } from '../../../../db/schema';
import { destroyStreamRoom } from './destroy-stream-room';
import { listRooms } from './list-rooms';

/**
 * A stream's video through Debian's Janus with the app as the only signalling path: werift peers
 * in this process stand in for the reader's and the viewers' browsers (tests/integration/janus-pages.ts).
 */
let janus: JanusServer;
let app: TestApp;
const { goLive, viewerScreen, close: closePages } = janusPages();

beforeAll(async () => {
  janus = await startJanus();
  app = await createTestApp({
    runScheduler: false,
    runMessageRetention: false,
    runMailWorker: false,
    runPushWorker: false,
    env: {
      JANUS_URL: janus.url,
      JANUS_ADMIN_URL: janus.adminUrl,
      JANUS_API_SECRET: janus.apiSecret,
      JANUS_ADMIN_SECRET: janus.adminSecret,
      LIVE_FORWARDER: 'false',
    },
  });
});
afterAll(async () => {
  await closePages();
  await app?.close();
  await janus?.stop();
});

const roomOf = async (streamId: string) =>
  (
    await app.db
      .select({ url: liveStreams.janusUrl, room: liveStreams.janusRoom })
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId))
  )[0];

async function joinStream(user: TestUser, streamId: string) {
  const socket = await app.connectSocket(user.cookie);
  return { socket, joined: await emitAck(socket, 'join_stream', { streamId }) };
}

/** A priced stream gone live through the API, its reader's camera on Janus and a paying viewer receiving it. */
async function streamWithViewer() {
  const { reader, readerPage, streamId } = await goLive(app, 'Through Janus', 199);
  const room = await roomOf(streamId);
  expect(room).toMatchObject({ url: janus.url, room: expect.any(Number) });
  expect((await listRooms(janus)).map((listed) => listed.room)).toContain(room?.room);
  // Janus tells the room once it has the camera: the viewers' pages watch on that `ready`.
  const payer = await createClient(app, { balanceCents: 1_000 });
  expect((await http(app, payer.cookie).post(`/api/live/streams/${streamId}/join`)).status).toBe(200);
  const viewer = await joinStream(payer, streamId);
  expect(viewer.joined).toMatchObject({ ok: true });
  const published = fromJanus(viewer.socket, 'ready');
  expect(await signal(readerPage, streamId, 'ready')).toEqual({ ok: true });
  await published;

  const screen = viewerScreen(viewer.socket, streamId);
  expect(await screen.watch()).toEqual({ ok: true });
  await receiving(screen.received);
  return { reader, readerPage, streamId, room, viewer, screen };
}

describe('a stream through Janus', () => {
  it('opens a room as it goes live, carries the reader’s video to a paying viewer only, and destroys the room as it ends', async () => {
    const { reader, streamId, room, screen } = await streamWithViewer();

    // A second viewer gets it too, until it leaves: its subscription goes, the first one's stays.
    const secondPayer = await createClient(app, { balanceCents: 1_000 });
    expect((await http(app, secondPayer.cookie).post(`/api/live/streams/${streamId}/join`)).status).toBe(200);
    const second = viewerScreen((await joinStream(secondPayer, streamId)).socket, streamId);
    expect(await second.watch()).toEqual({ ok: true });
    await receiving(second.received);
    expect(await second.bye()).toEqual({ ok: true });
    await expectStopped(second.received);
    await receiving(screen.received);

    // Someone who has not paid is not let into the room, so the server gives their watch nothing.
    const freeloader = await joinStream(await createClient(app), streamId);
    expect(freeloader.joined).toMatchObject({ ok: false, error: { code: 'PAYMENT_REQUIRED' } });
    const offered = fromJanus(freeloader.socket, 'offer').then(
      () => true,
      () => false,
    );
    expect(await signal(freeloader.socket, streamId, 'watch', undefined, { watchId: 'unpaid' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await Promise.race([offered, new Promise((resolve) => setTimeout(() => resolve('nothing'), 2000))])).toBe(
      'nothing',
    );

    expect((await http(app, reader.cookie).post(`/api/live/streams/${streamId}/end`)).status).toBe(200);
    await vi.waitFor(
      async () => expect((await listRooms(janus)).map((listed) => listed.room)).not.toContain(room?.room),
      { timeout: 10_000 },
    );
    await vi.waitFor(async () => expect(await roomOf(streamId)).toEqual({ url: null, room: null }));
    // The viewer's packets stop with the room.
    await expectStopped(screen.received);
  }, 90_000);

  it('tells the pages `bye` when Janus hangs up on them: the room destroyed by another process ending the stream', async () => {
    const { readerPage, streamId, room, viewer, screen } = await streamWithViewer();
    const [readerBye, viewerBye] = [readerPage, viewer.socket].map((socket) => fromJanus(socket, 'bye'));
    const row = await app.db
      .select({ secret: liveStreams.janusRoomSecret })
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId));
    await destroyStreamRoom(janus, { room: room?.room ?? 0, secret: row[0]?.secret ?? '' });
    await Promise.all([readerBye, viewerBye]);
    await expectStopped(screen.received);
  }, 90_000);
});
