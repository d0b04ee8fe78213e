import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../../../../tests/integration/factories';
import { http } from '../../../../../../tests/integration/http';
import { fromJanus, janusPages, receiving, streamSignal } from '../../../../../../tests/integration/janus-pages';
import { type JanusServer, startJanus } from '../../../../../../tests/integration/janus-server';
import { emitAck } from '../../../../../../tests/integration/socket-helpers';
import { createTestApp, type TestApp } from '../../../../../../tests/integration/test-app';
import { liveStreams } from '../../../../db/schema';
import { listRooms } from './list-rooms';

/**
 * A Janus that stops answering has its live streams moved to another (decision 061): the app is
 * configured with two, the stream goes live on the first, and the first is stopped under it.
 */
let first: JanusServer;
let second: JanusServer;
let app: TestApp;
const { goLive, viewerScreen, close: closePages } = janusPages();

beforeAll(async () => {
  first = await startJanus();
  second = await startJanus({ apiSecret: first.apiSecret, adminSecret: first.adminSecret });
  app = await createTestApp({
    runScheduler: false,
    runMessageRetention: false,
    runMailWorker: false,
    runPushWorker: false,
    env: {
      JANUS_URL: `${first.url},${second.url}`,
      JANUS_ADMIN_URL: `${first.adminUrl},${second.adminUrl}`,
      JANUS_API_SECRET: first.apiSecret,
      JANUS_ADMIN_SECRET: first.adminSecret,
      LIVE_FORWARDER: 'false',
    },
  });
});
afterAll(async () => {
  await closePages();
  await app?.close();
  await Promise.all([first?.stop(), second?.stop()]);
});

const roomOf = async (streamId: string) =>
  (
    await app.db
      .select({ url: liveStreams.janusUrl, room: liveStreams.janusRoom })
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId))
  )[0];

describe('a Janus that stops answering', () => {
  it('has its live stream moved to the other: the reader publishes again there and the viewer, told bye, watches again', async () => {
    const { reader, readerPage, streamId } = await goLive(app, 'Moving', 0);
    // Both answer and serve nothing yet: the first listed.
    expect(await roomOf(streamId)).toMatchObject({ url: first.url });

    const viewer = await app.connectSocket((await createClient(app)).cookie);
    expect(await emitAck(viewer, 'join_stream', { streamId })).toMatchObject({ ok: true });
    const published = fromJanus(viewer, 'ready');
    expect(await streamSignal(readerPage, streamId, 'ready')).toEqual({ ok: true });
    await published;
    const screen = viewerScreen(viewer, streamId);
    expect(await screen.watch()).toEqual({ ok: true });
    await receiving(screen.received);

    await first.stop();
    // The row names a room on the second Janus, which has it.
    await vi.waitFor(async () => expect(await roomOf(streamId)).toMatchObject({ url: second.url }), {
      timeout: 20_000,
      interval: 250,
    });
    const moved = await roomOf(streamId);
    // The row names the new room before Janus creates it (move-streams.ts), as when a stream opens.
    await vi.waitFor(
      async () => expect((await listRooms(second)).map((listed) => listed.room)).toContain(moved?.room),
      { timeout: 10_000 },
    );
    // The page was told its connection ended ('Reconnecting…'), and the picture comes back through the second.
    await vi.waitFor(() => expect(screen.byes()).toBeGreaterThan(0), { timeout: 20_000 });
    await receiving(screen.received, 50);

    expect((await http(app, reader.cookie).post(`/api/live/streams/${streamId}/end`)).status).toBe(200);
    await vi.waitFor(
      async () => expect((await listRooms(second)).map((listed) => listed.room)).not.toContain(moved?.room),
      { timeout: 10_000 },
    );
  }, 120_000);
});
