import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createClient,
  createReader,
  FACTORY_PASSWORD,
  signIn,
  type TestUser,
} from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { nextEvent, watchReaders } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { readerProfiles, readingSessions, user } from '../../db/schema';

const MINUTE = 60_000;
const RATE = 299;

const clock = fakeClock(Date.now());
let admin: TestUser;
let reading: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  admin = await createAdmin(app);
  reading = readingDriver(app, clock, MINUTE);
});

const asAdmin = () => http(app, admin.cookie);
const profileRow = async (readerId: string) =>
  (await app.db.select().from(readerProfiles).where(eq(readerProfiles.userId, readerId)))[0]!;

async function listedReader(readerId: string) {
  for (let offset = 0; ; offset += 100) {
    const page = await asAdmin().get(`/api/admin/readers?limit=100&offset=${offset}`);
    expect(page.status).toBe(200);
    const found = page.body.readers.find((r: { id: string }) => r.id === readerId);
    if (found || !page.body.hasMore) return found;
  }
}

describe('GET /api/admin/readers', () => {
  it('pages readers newest first with their earnings: the reader share of completed readings, net of refunds', async () => {
    const kept = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await reading.nextMinute(kept.id);
    const ended = await http(app, kept.client.cookie).post('/api/sessions/end', { sessionId: kept.id });
    expect(ended.body).toMatchObject({ status: 'completed', minutesCharged: 2 });
    // A second reading of the same reader, refunded: it adds nothing.
    const refunded = await reading.startReading({ rateCents: RATE, balanceCents: 5000, reader: kept.reader });
    expect(
      (
        await http(app, refunded.client.cookie).post('/api/sessions/end', {
          sessionId: refunded.id,
          refundRequested: true,
        })
      ).body,
    ).toMatchObject({ refundedCents: RATE });
    // And one still running: not earned yet.
    await reading.startReading({ rateCents: RATE, balanceCents: 5000, reader: kept.reader, client: refunded.client });
    expect((await http(app, kept.client.cookie).post(`/api/sessions/${kept.id}/rating`, { rating: 4 })).status).toBe(
      200,
    );
    // The figures come from the readings, not the profile's running counters (demo data seeds those).
    await app.db
      .update(readerProfiles)
      .set({ completedSessions: 999, ratingSum: 50, ratingCount: 10 })
      .where(eq(readerProfiles.userId, kept.reader.id));

    const row = await listedReader(kept.reader.id);
    expect(row).toMatchObject({
      email: kept.reader.email,
      totalEarningsCents: ended.body.readerEarningsCents,
      totalSessions: 2,
      rating: 4,
      totalReviews: 1,
      deactivated: false,
      chatRateCents: RATE,
    });
    expect(ended.body.readerEarningsCents).toBe(Math.floor(0.7 * 2 * RATE));

    const newest = await createReader(app);
    const first = await asAdmin().get('/api/admin/readers?limit=1');
    expect(first.body).toMatchObject({ readers: [{ id: newest.id, totalEarningsCents: 0 }], hasMore: true });
    const second = await asAdmin().get('/api/admin/readers?limit=1&offset=1');
    expect(second.body.readers[0].id).not.toBe(newest.id);
    expect((await asAdmin().get('/api/admin/readers?limit=0')).status).toBe(400);
    expect((await asAdmin().get('/api/admin/readers?offset=-1')).status).toBe(400);
  });
});

describe('PATCH /api/admin/readers/:id', () => {
  it('changes the profile, the account name and picture', async () => {
    const reader = await createReader(app, { firstName: 'Old', lastName: 'Name' });
    const changes = {
      firstName: 'Selene',
      lastName: 'Moon',
      username: `selene_${reader.id.slice(0, 6)}`,
      yearsExperience: 12,
      chatRateCents: 350,
      audioRateCents: 450,
      videoRateCents: 550,
      profileImage: 'https://images.example/selene.png',
      specialties: ['Tarot', 'Runes', 'Tarot'],
      bio: 'Reads the moon.',
    };
    const response = await asAdmin().patch(`/api/admin/readers/${reader.id}`, changes);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      ...changes,
      fullName: 'Selene Moon',
      specialties: ['Tarot', 'Runes'],
      deactivated: false,
    });
    const [account] = await app.db.select().from(user).where(eq(user.id, reader.id));
    expect(account).toMatchObject({ name: 'Selene Moon', image: changes.profileImage });
    // The reader's own profile and the public one show it.
    expect((await http(app, reader.cookie).get('/api/readers/me')).body).toMatchObject({
      fullName: 'Selene Moon',
      chatRateCents: 350,
    });

    const removed = await asAdmin().patch(`/api/admin/readers/${reader.id}`, {
      profileImage: null,
      username: changes.username.toUpperCase(),
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ profileImage: null, username: changes.username.toUpperCase() });
  });

  it('refuses bad fields and a taken username beside the field, and changes nothing', async () => {
    const taken = await createReader(app);
    const reader = await createReader(app);
    const before = await profileRow(reader.id);
    const [takenProfile] = await app.db.select().from(readerProfiles).where(eq(readerProfiles.userId, taken.id));

    const cases: [unknown, string][] = [
      [{ chatRateCents: 98 }, 'chatRateCents'],
      [{ audioRateCents: 10_000 }, 'audioRateCents'],
      [{ videoRateCents: 4.5 }, 'videoRateCents'],
      [{ yearsExperience: -1 }, 'yearsExperience'],
      [{ username: 'a b' }, 'username'],
      [{ username: 'ab' }, 'username'],
      [{ firstName: '  ' }, 'firstName'],
      [{ profileImage: 'javascript:alert(1)' }, 'profileImage'],
      [{ profileImage: 'ftp://images.example/a.png' }, 'profileImage'],
      [{ specialties: [] }, 'specialties'],
      [{ bio: '' }, 'bio'],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin().patch(`/api/admin/readers/${reader.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.fields?.[field], JSON.stringify(response.body)).toBeTruthy();
    }
    // Email and password are the account's, not the profile's; an empty change is no change.
    for (const body of [{ email: 'new@test.soultribe.app' }, { password: 'another-password' }, {}, 'not json']) {
      const response = await asAdmin().patch(`/api/admin/readers/${reader.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    }

    const clash = await asAdmin().patch(`/api/admin/readers/${reader.id}`, {
      username: takenProfile!.username.toUpperCase(),
      bio: 'Changed?',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'CONFLICT', fields: { username: 'This username is taken' } });

    expect(await profileRow(reader.id)).toEqual(before);
    expect((await asAdmin().patch('/api/admin/readers/nobody', { bio: 'x' })).status).toBe(404);
    expect((await asAdmin().patch(`/api/admin/readers/${admin.id}`, { bio: 'x' })).status).toBe(404);
  });
});

describe('deactivate and reactivate a reader', () => {
  it('ends live sign-ins, refuses sign-in, takes them offline and out of every listing, and refuses bookings', async () => {
    const reader = await createReader(app, { chatRateCents: RATE });
    const client = await createClient(app, { balanceCents: 5000 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const readerSocket = await app.connectSocket(reader.cookie);
    const dropped = new Promise((resolve) => readerSocket.once('disconnect', resolve));
    const watcher = await watchReaders(await app.connectSocket(client.cookie));
    const offline = nextEvent(watcher, 'reader_status', (e) => e.readerId === reader.id && e.isOnline === false);
    const directoryIds = async () =>
      (await http(app).get('/api/readers')).body.readers.map((r: { id: string }) => r.id);
    const featuredIds = async () =>
      (await http(app).get('/api/sessions/available-readers?limit=50')).body.readers.map((r: { id: string }) => r.id);
    expect(await directoryIds()).toContain(reader.id);
    expect(await featuredIds()).toContain(reader.id);

    const deactivated = await asAdmin().post(`/api/admin/readers/${reader.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id: reader.id, deactivated: true, isOnline: false });
    await offline;
    await dropped;
    expect((await http(app, reader.cookie).get('/api/readers/me')).status).toBe(401);
    const again = await http(app).post('/api/auth/sign-in/email', { email: reader.email, password: FACTORY_PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ error: { code: 'ACCOUNT_SUSPENDED', message: expect.any(String) } });

    expect(await directoryIds()).not.toContain(reader.id);
    expect(await featuredIds()).not.toContain(reader.id);
    expect((await http(app).get(`/api/readers/${reader.id}`)).status).toBe(404);
    // Even marked online by a stale writer, a deactivated reader cannot be booked.
    await app.db.update(readerProfiles).set({ isOnline: true }).where(eq(readerProfiles.userId, reader.id));
    expect(
      (await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' }))
        .status,
    ).toBe(409);
    await app.db.update(readerProfiles).set({ isOnline: false }).where(eq(readerProfiles.userId, reader.id));
    expect((await listedReader(reader.id)).deactivated).toBe(true);

    const reactivated = await asAdmin().post(`/api/admin/readers/${reader.id}/reactivate`);
    expect(reactivated.status).toBe(200);
    // Back, but offline until they switch Online themselves.
    expect(reactivated.body).toMatchObject({ id: reader.id, deactivated: false, isOnline: false });
    const cookie = await signIn(app, reader.email, FACTORY_PASSWORD);
    expect(await directoryIds()).toContain(reader.id);
    expect((await http(app).get(`/api/readers/${reader.id}`)).status).toBe(200);
    expect(
      (await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' }))
        .status,
    ).toBe(409);
    expect((await http(app, cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    expect(
      (await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' }))
        .status,
    ).toBe(201);
  });

  it('ends a reading in progress billed up to that moment, and both sides hear it', async () => {
    const live = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await reading.nextMinute(live.id);
    const clientSocket = await app.connectSocket(live.client.cookie);
    const clientHears = nextEvent(clientSocket, 'session_ended', (e) => e.sessionId === live.id);
    const [before] = await app.db.select().from(readingSessions).where(eq(readingSessions.id, live.id));
    clock.advance(MINUTE / 3);

    expect((await asAdmin().post(`/api/admin/readers/${live.reader.id}/deactivate`)).status).toBe(200);
    const [after] = await app.db.select().from(readingSessions).where(eq(readingSessions.id, live.id));
    expect(after).toMatchObject({
      status: 'completed',
      endedBy: admin.id,
      endedAt: new Date(clock.now()),
      minutesCharged: 2,
      totalCostCents: before!.totalCostCents,
      readerEarningsCents: before!.readerEarningsCents,
      refundedCents: 0,
    });
    expect(await clientHears).toMatchObject({
      sessionId: live.id,
      totalMinutes: 2,
      totalCostCents: 2 * RATE,
      refundedCents: 0,
    });
    // Nothing more is charged once it has ended.
    await reading.nextMinute(live.id);
    expect(
      (await app.db.select().from(readingSessions).where(eq(readingSessions.id, live.id)))[0]!.minutesCharged,
    ).toBe(2);
  });

  it('cancels a request waiting for the reader', async () => {
    const reader = await createReader(app, { chatRateCents: RATE });
    const client = await createClient(app, { balanceCents: 5000 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const requested = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect((await asAdmin().post(`/api/admin/readers/${reader.id}/deactivate`)).status).toBe(200);
    const [row] = await app.db.select().from(readingSessions).where(eq(readingSessions.id, requested.body.id));
    expect(row).toMatchObject({ status: 'cancelled', endedBy: admin.id });
  });

  it('only readers: other accounts and unknown ids are not found', async () => {
    const client = await createClient(app);
    for (const id of [client.id, admin.id, 'nobody']) {
      expect((await asAdmin().post(`/api/admin/readers/${id}/deactivate`)).status).toBe(404);
      expect((await asAdmin().post(`/api/admin/readers/${id}/reactivate`)).status).toBe(404);
    }
    expect((await http(app, client.cookie).get('/api/auth/profile')).status).toBe(200);
  });
});
