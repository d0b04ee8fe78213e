import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FavoriteReader } from '@shared/favorites';
import { favoriteReaders } from '../../db/schema';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { nextEvent, watchReaders } from '../../../../tests/integration/socket-helpers';
import { readingDriver } from '../../../../tests/integration/readings';
import { TEST_ORIGIN, testApp } from '../../../../tests/integration/test-app';

const MINUTE = 60_000;
const clock = fakeClock(Date.now());
let reading: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  reading = readingDriver(app, clock, MINUTE);
});

/** PUT is not in the shared http helper; the same in-process request it makes. */
async function put(url: string, cookie?: string) {
  const response = await app.app.inject({
    method: 'PUT',
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) },
  });
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
}
const heart = (client: TestUser, readerId: string) => put(`/api/favorites/${readerId}`, client.cookie);
const unheart = (client: TestUser, readerId: string) => http(app, client.cookie).delete(`/api/favorites/${readerId}`);
const hearted = async (client: TestUser) =>
  (await http(app, client.cookie).get('/api/favorites')).body.readers as FavoriteReader[];
const tab = async (client: TestUser) => {
  const response = await http(app, client.cookie).get('/api/favorites/dashboard');
  expect(response.status).toBe(200);
  return response.body.readers as FavoriteReader[];
};

/** `count` completed chat readings of one minute between a client and a reader. */
async function completeReadings(client: TestUser, reader: TestUser, count: number) {
  for (let i = 0; i < count; i += 1) {
    const { id } = await reading.startReading({ rateCents: 299, balanceCents: 0, client, reader });
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
  }
}

describe('PUT and DELETE /api/favorites/:readerId', () => {
  it('are idempotent: twice is the same as once, one row per pair', async () => {
    const client = await createClient(app);
    const reader = await createReader(app);
    expect((await heart(client, reader.id)).status).toBe(204);
    expect((await heart(client, reader.id)).status).toBe(204);
    const rows = await app.db
      .select()
      .from(favoriteReaders)
      .where(and(eq(favoriteReaders.clientId, client.id), eq(favoriteReaders.readerId, reader.id)));
    expect(rows).toHaveLength(1);
    expect((await hearted(client)).map((r) => [r.id, r.isFavorite])).toEqual([[reader.id, true]]);

    expect((await unheart(client, reader.id)).status).toBe(204);
    expect((await unheart(client, reader.id)).status).toBe(204);
    expect(await hearted(client)).toEqual([]);
  });

  it('answer 404 for an unknown reader, and for a user who is not a reader', async () => {
    const client = await createClient(app);
    const other = await createClient(app);
    for (const id of ['no-such-reader', other.id, client.id]) {
      const response = await heart(client, id);
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
      expect((await unheart(client, id)).status, id).toBe(404);
    }
    expect(await app.db.select().from(favoriteReaders).where(eq(favoriteReaders.clientId, client.id))).toEqual([]);
  });

  it('are for clients only: 401 signed out, 403 to a reader or an admin, nothing written', async () => {
    const reader = await createReader(app);
    const otherReader = await createReader(app);
    const admin = await createAdmin(app);
    const url = `/api/favorites/${otherReader.id}`;
    expect((await put(url)).status).toBe(401);
    expect((await http(app).delete(url)).status).toBe(401);
    expect((await http(app).get('/api/favorites')).status).toBe(401);
    expect((await http(app).get('/api/favorites/dashboard')).status).toBe(401);
    for (const user of [reader, admin]) {
      expect((await put(url, user.cookie)).status).toBe(403);
      expect((await http(app, user.cookie).delete(url)).status).toBe(403);
      expect((await http(app, user.cookie).get('/api/favorites')).status).toBe(403);
      expect((await http(app, user.cookie).get('/api/favorites/dashboard')).status).toBe(403);
    }
    expect(await app.db.select().from(favoriteReaders).where(eq(favoriteReaders.readerId, otherReader.id))).toEqual([]);
  });
});

describe('GET /api/favorites/dashboard', () => {
  it('is empty for a new client', async () => {
    expect(await tab(await createClient(app))).toEqual([]);
  });

  it('lists the top 5 readers by completed readings with this client plus the hearted ones, each once', async () => {
    const client = await createClient(app, { balanceCents: 20_000 });
    // Six readers with 6, 5, 4, 3, 2 and 1 completed readings: the last one falls out of the top 5.
    const byCount = [];
    for (const count of [6, 5, 4, 3, 2, 1]) {
      const reader = await createReader(app, { specialties: ['Tarot', 'Astrology', 'Dreams', 'Crystals'] });
      await completeReadings(client, reader, count);
      byCount.push(reader);
    }
    // A refunded reading is still a completed one (and the latest); a declined request is not.
    clock.advance(MINUTE);
    const refunded = await reading.startReading({ rateCents: 299, balanceCents: 0, client, reader: byCount[4]! });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: refunded.id, refundRequested: true });
    const declinedReader = await createReader(app);
    await http(app, declinedReader.cookie).patch('/api/readers/me', { isOnline: true });
    const request = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: declinedReader.id,
      sessionType: 'chat',
    });
    await http(app, declinedReader.cookie).post('/api/sessions/respond', {
      sessionId: request.body.id,
      response: 'decline',
    });

    // Hearted: one already in the top 5 (listed once), one outside it, one never read with.
    const heartedOnly = await createReader(app);
    expect((await heart(client, byCount[0]!.id)).status).toBe(204);
    expect((await heart(client, byCount[5]!.id)).status).toBe(204);
    clock.advance(1000);
    expect((await heart(client, heartedOnly.id)).status).toBe(204);

    const readers = await tab(client);
    expect(readers.map((r) => [r.id, r.completedSessionsWithYou, r.isFavorite])).toEqual([
      [byCount[0]!.id, 6, true],
      [byCount[1]!.id, 5, false],
      [byCount[2]!.id, 4, false],
      // Tied at 3 (the refunded reading counts): the latest reading together comes first.
      [byCount[4]!.id, 3, false],
      [byCount[3]!.id, 3, false],
      [byCount[5]!.id, 1, true],
      [heartedOnly.id, 0, true],
    ]);
    expect(readers[0]).toMatchObject({
      username: expect.any(String),
      specialties: ['Tarot', 'Astrology', 'Dreams', 'Crystals'],
      isOnline: true,
      isBusy: false,
    });
    // GET /api/favorites is the hearted ones alone.
    expect((await hearted(client)).map((r) => r.id)).toEqual([byCount[0]!.id, byCount[5]!.id, heartedOnly.id]);
  }, 180_000); // 22 readings over HTTP: past the default minute on a busy CI machine (CI run 13).

  it('says Busy while the reader is in an active reading, with anyone', async () => {
    const client = await createClient(app);
    const reader = await createReader(app);
    await heart(client, reader.id);
    const live = await reading.startReading({ rateCents: 299, balanceCents: 1000, reader });
    expect((await tab(client))[0]).toMatchObject({ isOnline: true, isBusy: true });
    await http(app, live.client.cookie).post('/api/sessions/end', { sessionId: live.id });
    expect((await tab(client))[0]).toMatchObject({ isOnline: true, isBusy: false });
    await http(app, reader.cookie).patch('/api/readers/me', { isOnline: false });
    expect((await tab(client))[0]).toMatchObject({ isOnline: false, isBusy: false });
  });

  it('tells the pages watching readers when a reader’s reading starts and ends (reader_busy), for a live badge', async () => {
    const watcher = await createClient(app);
    const socket = await watchReaders(await app.connectSocket(watcher.cookie));
    const reader = await createReader(app);
    const busy = nextEvent(socket, 'reader_busy', (event) => event.readerId === reader.id);
    const live = await reading.startReading({ rateCents: 299, balanceCents: 1000, reader });
    expect(await busy).toEqual({ readerId: reader.id, isBusy: true });
    const free = nextEvent(socket, 'reader_busy', (event) => event.readerId === reader.id);
    await http(app, live.client.cookie).post('/api/sessions/end', { sessionId: live.id });
    expect(await free).toEqual({ readerId: reader.id, isBusy: false });
  });

  it('leaves out a suspended reader, who can no longer be hearted', async () => {
    const admin = await createAdmin(app);
    const client = await createClient(app);
    const reader = await createReader(app);
    await heart(client, reader.id);
    expect((await http(app, admin.cookie).post(`/api/admin/users/${reader.id}/suspend`)).status).toBe(200);
    expect(await tab(client)).toEqual([]);
    expect((await heart(client, reader.id)).status).toBe(404);
    expect((await unheart(client, reader.id)).status).toBe(204);
  });
});
