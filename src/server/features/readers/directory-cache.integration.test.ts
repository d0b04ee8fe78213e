import { eq } from 'drizzle-orm';
import {
  DIRECTORY_SORTS,
  type DirectoryQuery,
  directoryQuerySchema,
  type Reader,
  type ReaderList,
} from '@shared/readers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { openTestDatabase } from '../../../../tests/integration/test-database';
import { EVENT_WAIT_LIMIT_MS } from '../../../../tests/integration/timeouts';
import { type Database, openDatabase } from '../../db/client';
import { readerProfiles, user } from '../../db/schema';
import { createDirectoryCache } from './directory-cache';
import { listDirectory } from './list-directory';

// Decision 042: GET /api/readers comes from a cache kept current by the database's change notices
// (decision 042). It must answer exactly what the SQL of decision 016 answers, and a change must
// show on the next request.
const MINUTE = 60_000;
const clock = fakeClock(Date.parse('2026-03-02T10:00:00Z'));
const database = await openTestDatabase();
const app = await testApp({ clock, database, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
/** Another app process's connection on PostgreSQL (a change it commits reaches this one by NOTIFY); PGlite has one process. */
let otherProcess: Database | undefined;
let otherDb: Database['db'];
const suffix = Math.random().toString(36).slice(2, 7);
const SPECIALTIES = [['Tarot', 'Love'], ['Astrology'], ['tarot', 'Runes'], ['Mediumship', 'Dreams'], ['Energy_Work']];

beforeAll(async () => {
  otherProcess =
    database.kind === 'postgres' && 'url' in database && database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 })
      : undefined;
  otherDb = otherProcess?.db ?? app.db;
  for (let i = 0; i < 26; i++) {
    const reader = await createReader(app, {
      firstName: ['Aurora', 'Orion', 'Luna', 'Sage'][i % 4],
      lastName: `Cache${suffix}${i}`,
      bio: i % 4 === 0 ? 'Reads 100% of the crystal_ball.' : 'Calm guidance.',
      specialties: SPECIALTIES[i % SPECIALTIES.length],
      yearsExperience: 1 + (i % 5),
      chatRateCents: 199 + (i % 3) * 100,
    });
    const ratingCount = (i * 7) % 6;
    // Ties everywhere, so the id decides among equals; a third offline.
    await app.db
      .update(readerProfiles)
      .set({
        isOnline: i % 3 !== 0,
        ratingCount,
        ratingSum: ratingCount * (3 + (i % 2)),
        completedSessions: (i * 5) % 4,
        freeMinutes: i % 4 === 1 ? 3 : 0,
      })
      .where(eq(readerProfiles.userId, reader.id));
    if (i % 9 === 4)
      await app.db
        .update(user)
        .set({ suspendedAt: new Date(clock.now()) })
        .where(eq(user.id, reader.id));
  }
});
afterAll(async () => {
  await otherProcess?.close();
  await database.close();
});

const list = async (query: string, cookie?: string) => {
  const response = await http(app, cookie).get<ReaderList>(`/api/readers${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const cardOf = async (readerId: string): Promise<Reader | undefined> =>
  (await list('?pageSize=100')).readers.find((r) => r.id === readerId);

describe('GET /api/readers from the cache', () => {
  it('answers every sort, filter and page exactly as the SQL does', async () => {
    const filters = [
      '',
      'search=aurora',
      'search=100%25',
      'search=crystal_',
      'search=CACHE',
      'specialty=TAROT',
      'specialty=Energy_Work',
      'online=true',
      'search=calm&specialty=tarot&online=true',
    ];
    let compared = 0;
    for (const sort of DIRECTORY_SORTS) {
      for (const filter of filters) {
        for (const paging of ['pageSize=5&page=1', 'pageSize=5&page=2', 'pageSize=5&page=6', 'pageSize=100']) {
          const query = new URLSearchParams(`sort=${sort}&${filter}&${paging}`);
          const expected = await listDirectory(
            app.db,
            directoryQuerySchema.parse(Object.fromEntries(query)) as DirectoryQuery,
            new Date(clock.now()),
          );
          expect(await list(`?${query}`), `?${query}`).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared).toBe(6 * 9 * 4);
  });

  it("shows a signed-in client's own free minutes: none from a reader they have had a reading with", async () => {
    const driver = readingDriver(app, clock, MINUTE);
    const client = await createClient(app, { balanceCents: 10_000 });
    const reader = await createReader(app, { chatRateCents: 199 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { freeMinutes: 2 })).status).toBe(200);
    expect((await cardOf(reader.id))?.freeMinutes).toBe(2);
    const { id } = await driver.startReading({ rateCents: 199, balanceCents: 0, client, reader });
    clock.advance(MINUTE / 2);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
    const seen = async (cookie?: string) =>
      (await list('?pageSize=100', cookie)).readers.find((r) => r.id === reader.id)?.freeMinutes;
    expect(await seen(client.cookie)).toBe(0);
    expect(await seen()).toBe(2);
    expect(await seen((await createClient(app)).cookie)).toBe(2);
    const query = new URLSearchParams({ pageSize: '100' });
    expect(await list(`?${query}`, client.cookie)).toEqual(
      await listDirectory(
        app.db,
        directoryQuerySchema.parse(Object.fromEntries(query)) as DirectoryQuery,
        new Date(clock.now()),
        client.id,
      ),
    );
  });
});

describe('what changes a listing shows on the next request', () => {
  let reader: TestUser;
  beforeAll(async () => {
    reader = await createReader(app, { chatRateCents: 299, lastName: `Changing${suffix}` });
  });

  it("a reader's profile save and status", async () => {
    expect(
      (
        await http(app, reader.cookie).patch('/api/readers/me', {
          bio: 'A brand new bio.',
          chatRateCents: 499,
          specialties: ['Palmistry'],
        })
      ).status,
    ).toBe(200);
    expect(await cardOf(reader.id)).toMatchObject({
      bio: 'A brand new bio.',
      chatRateCents: 499,
      specialties: ['Palmistry'],
      status: 'offline',
    });
    expect((await list('?specialty=palmistry')).readers.map((r) => r.id)).toEqual([reader.id]);
    expect((await http(app).get('/api/readers/specialties')).body.specialties).toContain('Palmistry');
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    expect((await cardOf(reader.id))?.status).toBe('online');
    expect((await list('?online=true&pageSize=100')).readers.map((r) => r.id)).toContain(reader.id);
  });

  it('busy while in a reading, and a new counted review', async () => {
    const driver = readingDriver(app, clock, MINUTE);
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id } = await driver.startReading({ rateCents: 499, balanceCents: 0, client, reader });
    expect((await cardOf(reader.id))?.status).toBe('busy');
    clock.advance(MINUTE / 2);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
    expect(await cardOf(reader.id)).toMatchObject({ status: 'online', totalSessions: 1, totalReviews: 0 });
    expect(
      (await http(app, client.cookie).post(`/api/sessions/${id}/rating`, { rating: 4, review: 'Kind and clear.' }))
        .status,
    ).toBe(200);
    expect(await cardOf(reader.id)).toMatchObject({ rating: 4, totalReviews: 1 });
  });

  it('a suspension takes the reader out of every page and count, and lifting it brings them back', async () => {
    const admin = await createAdmin(app);
    const before = (await list('')).total;
    expect((await http(app, admin.cookie).post(`/api/admin/users/${reader.id}/suspend`)).status).toBe(200);
    expect(await cardOf(reader.id)).toBeUndefined();
    expect((await list('')).total).toBe(before - 1);
    // Palmistry is offered by this reader alone: the filter's list loses it while they are suspended.
    expect((await http(app).get('/api/readers/specialties')).body.specialties).not.toContain('Palmistry');
    expect((await http(app, admin.cookie).post(`/api/admin/users/${reader.id}/restore`)).status).toBe(200);
    expect(await cardOf(reader.id)).toBeDefined();
    expect((await http(app).get('/api/readers/specialties')).body.specialties).toContain('Palmistry');
    expect((await list('')).total).toBe(before);
  });

  // The cache has no timer of its own: only the notice can bring the change, so a wait with a
  // limit for a hang (not a second, which a busy machine can pass) still fails without it.
  it('a change another process commits (PostgreSQL: heard by NOTIFY) shows on a later request', async () => {
    await otherDb
      .update(readerProfiles)
      .set({ yearsExperience: 41, ratingSum: 50, ratingCount: 10 })
      .where(eq(readerProfiles.userId, reader.id));
    await vi.waitFor(
      async () => expect(await cardOf(reader.id)).toMatchObject({ yearsExperience: 41, rating: 5, totalReviews: 10 }),
      { timeout: EVENT_WAIT_LIMIT_MS, interval: 20 },
    );
    expect((await list('?sort=experience&pageSize=1')).readers[0]?.id).toBe(reader.id);
  });
});

describe('ETag', () => {
  it('requests side by side while the readers are read all wait for that read, and what is kept is whole', async () => {
    // A process's first visitor: the directory asks for a page and the specialties at once. The
    // second used to find nothing left to read, answer from the empty listings before the first's
    // read ended, and keep that page ('No readers found' in the browser, until the next change).
    const cache = createDirectoryCache({ db: app.db, clock, listen: database.listen });
    try {
      const query = directoryQuerySchema.parse({ search: `cache${suffix}`, pageSize: '100' }) as DirectoryQuery;
      const expected = await listDirectory(app.db, query, new Date(clock.now()));
      expect(expected.total).toBeGreaterThan(20);
      const [specialties, first, second] = await Promise.all([
        cache.specialties(),
        cache.page(query, null),
        cache.page({ ...query, sort: 'rating' }, null),
      ]);
      expect(specialties).toEqual(expect.arrayContaining(['Astrology', 'Energy_Work', 'Runes']));
      expect(JSON.parse(first.body)).toEqual(expected);
      expect(JSON.parse(second.body).total).toBe(expected.total);
      expect(JSON.parse((await cache.page(query, null)).body)).toEqual(expected);
    } finally {
      cache.stop();
    }
  });

  it('answers a repeated request with 304 and no body, and a changed page with 200 and a new tag', async () => {
    const first = await http(app).get('/api/readers?sort=rating');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await http(app).get('/api/readers?sort=rating', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
    // Another page has another tag.
    expect((await http(app).get('/api/readers?sort=rating&page=2', { 'if-none-match': etag })).status).toBe(200);

    const [top] = first.body.readers as Reader[];
    await app.db
      .update(readerProfiles)
      .set({ bio: `Changed ${Date.now()}` })
      .where(eq(readerProfiles.userId, top!.id));
    const changed = await http(app).get('/api/readers?sort=rating', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.body.readers as Reader[])[0]?.bio).toMatch(/^Changed /);
  });
});
