import { EVENT_WAIT_LIMIT_MS } from '../../../../../../tests/integration/timeouts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReader } from '../../../../../../tests/integration/factories';
import { type JanusServer, startJanus } from '../../../../../../tests/integration/janus-server';
import { endStream, insertStream } from '../../../../../../tests/integration/live-stream-rows';
import { createTestApp, type TestApp } from '../../../../../../tests/integration/test-app';
import { liveStreams } from '../../../../db/schema';
import { destroyRoomsOfEndedStreams } from './clean-up-rooms';
import { chooseJanus } from './choose-janus';
import { createStreamRoom, newStreamRoom, type StreamRoom, streamRoomDescription } from './create-stream-room';
import { destroyStreamRoom } from './destroy-stream-room';
import { JanusError, postJanus } from './janus-api';
import { isJanusHealthy } from './janus-health';
import { listRooms } from './list-rooms';
import { allowTokens, revokeTokens } from './room-tokens';
import { closeStreamRoom, openStreamRoom } from './stream-rooms';
import { VideoRoomError, withVideoRoom } from './video-room-handle';

let janus: JanusServer;
let app: TestApp;

beforeAll(async () => {
  janus = await startJanus();
  app = await createTestApp({
    runScheduler: false,
    runMessageRetention: false,
    runMailWorker: false,
    runPushWorker: false,
  });
});
afterAll(async () => {
  await janus?.stop();
  await app?.close();
});

const roomsOnJanus = async () => (await listRooms(janus)).map((listed) => listed.room);
const roomOf = async (streamId: string) =>
  (
    await app.db
      .select({ url: liveStreams.janusUrl, room: liveStreams.janusRoom, secret: liveStreams.janusRoomSecret })
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId))
  )[0];

/** A live stream (of a reader of its own: one live stream a reader) given its room on Janus. */
async function liveStreamWithRoom(on: JanusServer = janus): Promise<{ streamId: string; room: StreamRoom }> {
  const streamId = await insertStream(app, (await createReader(app)).id);
  const room = await openStreamRoom(app.db, on, streamId);
  if (!room) throw new Error('the live stream got no room');
  return { streamId, room };
}

/** The code Janus refused a request with (core codes from JanusError, VideoRoom codes from VideoRoomError). */
async function refusal(request: Promise<unknown>): Promise<number> {
  const error = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof JanusError || error instanceof VideoRoomError) return error.code;
  throw new Error(`expected Janus to refuse, got ${String(error)}`);
}

/**
 * Joins `room` as a publisher the way a browser holding `token` would, on a session made with that
 * token alone (no API secret): `join` is asynchronous, so its outcome comes through the long poll.
 */
async function joinAsPublisher(token: string, room: number): Promise<{ videoroom?: string; error_code?: number }> {
  const session = (await postJanus(janus.url, { janus: 'create', token })) as unknown as { data: { id: number } };
  const sessionUrl = `${janus.url}/${session.data.id}`;
  const handle = (await postJanus(sessionUrl, {
    janus: 'attach',
    plugin: 'janus.plugin.videoroom',
    token,
  })) as unknown as { data: { id: number } };
  await postJanus(`${sessionUrl}/${handle.data.id}`, {
    janus: 'message',
    token,
    body: { request: 'join', ptype: 'publisher', room, token },
  });
  // One event a poll (maxev=1, the default) comes as an object, not an array.
  const event = (await (await fetch(`${sessionUrl}?token=${encodeURIComponent(token)}`)).json()) as {
    plugindata?: { data: { videoroom?: string; error_code?: number } };
  };
  await postJanus(sessionUrl, { janus: 'destroy', apisecret: janus.apiSecret });
  return event.plugindata?.data ?? {};
}

describe('Janus (Debian janus on loopback)', () => {
  it('answers the health check', async () => {
    expect(await isJanusHealthy(janus)).toBe(true);
    expect(await isJanusHealthy({ ...janus, url: 'http://127.0.0.1:9/janus' })).toBe(false);
  });

  it('creates a stream room that Janus lists, its row holding it, and destroys it for good', async () => {
    const { streamId, room } = await liveStreamWithRoom();
    expect(await roomOf(streamId)).toEqual({ url: janus.url, room: room.room, secret: room.secret });
    expect(await listRooms(janus)).toContainEqual({
      room: room.room,
      description: streamRoomDescription(streamId),
      participants: 0,
    });
    // A stream has one room: a second start gets none.
    expect(await openStreamRoom(app.db, janus, streamId)).toBeNull();

    expect(await refusal(destroyStreamRoom(janus, { room: room.room, secret: 'not-the-secret' }))).toBe(433);
    expect(await roomsOnJanus()).toContain(room.room);
    await destroyStreamRoom(janus, room);
    expect(await roomsOnJanus()).not.toContain(room.room);
    expect(await withVideoRoom(janus, (request) => request({ request: 'exists', room: room.room }))).toMatchObject({
      exists: false,
    });
    // Destroying a room already gone is done, not an error (another node, or a restarted Janus).
    await destroyStreamRoom(janus, room);
  });

  it('refuses a request without the API secret, with a wrong one, and an admin request with a wrong admin secret', async () => {
    expect(await refusal(postJanus(janus.url, { janus: 'create' }))).toBe(403);
    expect(await refusal(postJanus(janus.url, { janus: 'create', apisecret: 'wrong' }))).toBe(403);
    expect(await refusal(listRooms({ ...janus, apiSecret: 'wrong-api-secret' }))).toBe(403);
    expect(await refusal(createStreamRoom({ ...janus, apiSecret: undefined }, randomUUID(), newStreamRoom()))).toBe(
      403,
    );
    expect(
      await refusal(postJanus(janus.adminUrl, { janus: 'add_token', token: randomUUID(), admin_secret: 'wrong' })),
    ).toBe(403);
    expect(await refusal(postJanus(janus.adminUrl, { janus: 'add_token', token: randomUUID() }))).toBe(403);
  });

  it('lets a token in only once added, into its own room only, and shuts it out again once revoked', async () => {
    const { room } = await liveStreamWithRoom();
    const other = await liveStreamWithRoom();
    const token = randomUUID();

    expect(await refusal(postJanus(janus.url, { janus: 'create', token }))).toBe(403);
    expect(await refusal(allowTokens({ ...janus, adminSecret: 'wrong-admin-secret' }, room, [token]))).toBe(403);
    expect(await refusal(postJanus(janus.url, { janus: 'create', token }))).toBe(403);

    await allowTokens(janus, room, [token]);
    expect(await joinAsPublisher(token, room.room)).toMatchObject({ videoroom: 'joined' });
    // Janus knows the token now, but the other stream's room does not list it.
    expect(await joinAsPublisher(token, other.room.room)).toMatchObject({ error_code: 433 });

    await revokeTokens(janus, room, [token]);
    expect(await refusal(postJanus(janus.url, { janus: 'create', token }))).toBe(403);
    expect(
      await withVideoRoom(janus, (request) =>
        request({ request: 'allowed', room: room.room, secret: room.secret, action: 'add', allowed: [] }),
      ),
    ).toMatchObject({ allowed: [] });
    // Revoked twice, or after the room is gone: a viewer leaving as the stream ends.
    await revokeTokens(janus, room, [token]);
    await destroyStreamRoom(janus, room);
    await revokeTokens(janus, room, [token]);
    await destroyStreamRoom(janus, other.room);
  });

  it('destroys at start the rooms of streams that ended, keeps the live ones, and reports rooms no row names', async () => {
    const ended = await liveStreamWithRoom();
    const live = await liveStreamWithRoom();
    await endStream(app, ended.streamId);
    const stray = newStreamRoom();
    await createStreamRoom(janus, randomUUID(), stray);

    const cleanUp = await destroyRoomsOfEndedStreams(app.db, janus);
    expect(cleanUp.destroyed).toEqual([ended.room.room]);
    expect(cleanUp.unknown).toEqual([stray.room]);
    const rooms = await roomsOnJanus();
    expect(rooms).not.toContain(ended.room.room);
    expect(rooms).toContain(live.room.room);
    expect(await roomOf(ended.streamId)).toEqual({ url: null, room: null, secret: null });
    expect(await roomOf(live.streamId)).toEqual({ url: janus.url, room: live.room.room, secret: live.room.secret });
    // Run again (another node starting): nothing more to do, the live room still kept.
    expect((await destroyRoomsOfEndedStreams(app.db, janus)).destroyed).toEqual([]);
    expect(await roomsOnJanus()).toContain(live.room.room);
    await destroyStreamRoom(janus, stray);
    await destroyStreamRoom(janus, live.room);
  });

  it('gives a stream going live the Janus with the fewest viewers of those that answer, then the fewest streams', async () => {
    // Two Janus servers of this test's own, so no other test's live rows count.
    const [second, third] = [await startJanus(), await startJanus()];
    const down = { ...second, url: 'http://127.0.0.1:9/janus' };
    const popular = await liveStreamWithRoom(third);
    const small = [await liveStreamWithRoom(second), await liveStreamWithRoom(second)];
    const watchedBy = (streamId: string, viewerCount: number) =>
      app.db.update(liveStreams).set({ viewerCount }).where(eq(liveStreams.id, streamId));
    try {
      await watchedBy(popular.streamId, 40);
      for (const { streamId } of small) await watchedBy(streamId, 3);
      // 6 viewers in two streams against 40 in one.
      expect((await chooseJanus(app.db, [down, third, second]))?.url).toBe(second.url);
      // As many viewers on each: the one with fewer streams.
      await watchedBy(popular.streamId, 6);
      expect((await chooseJanus(app.db, [down, second, third]))?.url).toBe(third.url);
      expect((await chooseJanus(app.db, [down, second]))?.url).toBe(second.url);
      expect(await chooseJanus(app.db, [down])).toBeNull();
    } finally {
      for (const { streamId } of [popular, ...small]) {
        await endStream(app, streamId);
        await closeStreamRoom(app.db, [second, third], streamId);
      }
      await Promise.all([second.stop(), third.stop()]);
    }
    expect(await roomOf(popular.streamId)).toEqual({ url: null, room: null, secret: null });
  });

  it('runs that clean-up when an app with JANUS_URL starts', async () => {
    const ended = await liveStreamWithRoom();
    await endStream(app, ended.streamId);
    const node = await createTestApp({
      database: app.database,
      runScheduler: false,
      runMessageRetention: false,
      runMailWorker: false,
      runPushWorker: false,
      env: {
        JANUS_URL: janus.url,
        JANUS_ADMIN_URL: janus.adminUrl,
        JANUS_API_SECRET: janus.apiSecret,
        JANUS_ADMIN_SECRET: janus.adminSecret,
      },
    });
    try {
      await vi.waitFor(async () => expect(await roomsOnJanus()).not.toContain(ended.room.room), {
        timeout: EVENT_WAIT_LIMIT_MS,
      });
      await vi.waitFor(
        async () => expect(await roomOf(ended.streamId)).toEqual({ url: null, room: null, secret: null }),
        { timeout: EVENT_WAIT_LIMIT_MS },
      );
    } finally {
      await node.close();
    }
  });
});
