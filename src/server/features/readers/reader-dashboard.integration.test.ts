import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { ledgerAccounts, ledgerTransfers, readingSessions, user } from '../../db/schema';
import { earningsAccountId, escrowAccountId } from '../wallet';

// Decision 013: every figure of the reader dashboard, against readings this test runs on a fake clock.
const MINUTE = 60_000;
const ZONE = 'America/New_York'; // UTC-5 in November
const clock = fakeClock(Date.parse('2026-10-10T12:00:00Z'));
let driver: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  driver = readingDriver(app, clock, MINUTE);
});

/** A reading of `minutes` paid minutes, ended by the client (optionally with a refund) and optionally rated. */
async function completedReading(options: {
  reader: TestUser;
  client: TestUser;
  rateCents: number;
  minutes: number;
  refund?: boolean;
  rating?: number;
  review?: string;
}) {
  expect(
    (await http(app, options.reader.cookie).patch('/api/readers/me', { chatRateCents: options.rateCents })).status,
  ).toBe(200);
  const { id } = await driver.startReading({
    rateCents: options.rateCents,
    balanceCents: 0,
    client: options.client,
    reader: options.reader,
  });
  for (let minute = 1; minute < options.minutes; minute++) await driver.nextMinute(id);
  clock.advance(MINUTE / 2);
  const ended = await http(app, options.client.cookie).post('/api/sessions/end', {
    sessionId: id,
    ...(options.refund && { refundRequested: true }),
  });
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  if (options.rating) {
    const rated = await http(app, options.client.cookie).post(`/api/sessions/${id}/rating`, {
      rating: options.rating,
      review: options.review,
    });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
  }
  return id;
}

/** What the ledger moved into the reader's earnings for one reading (its released share). */
async function releasedCents(readerId: string, sessionId: string) {
  const [row] = await app.db
    .select({ cents: sql<number>`coalesce(sum(${ledgerTransfers.amountCents}), 0)::int` })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.reference, `session:${sessionId}`),
        eq(ledgerTransfers.creditAccountId, earningsAccountId(readerId)),
      ),
    );
  return row!.cents;
}

async function accountBalance(accountId: string) {
  const [row] = await app.db
    .select({ cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row!.cents;
}

describe('the reader dashboard figures', () => {
  let reader: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    reader = await createReader(app, { firstName: 'Vera' });
    const client = await createClient(app, { name: 'Moonchild Rivera', balanceCents: 100_000 });
    const nameless = await createClient(app, { balanceCents: 10_000 });
    await app.db.update(user).set({ name: ' ' }).where(eq(user.id, nameless.id));
    const schedule = await http(app, reader.cookie).put('/api/readers/me/availability', { timeZone: ZONE, slots: [] });
    expect(schedule.status).toBe(200);

    // E, 10 Oct: older than 30 days. One minute at $10.00: $7.00 to the reader. Rated 4.
    ids.e = await completedReading({ reader, client, rateCents: 1000, minutes: 1, rating: 4 });
    // D, 11 Nov (ten days ago): two minutes at $5.00, $7.00. Rated 2.
    clock.advance(Date.parse('2026-11-11T15:00:00Z') - clock.now());
    ids.d = await completedReading({ reader, client, rateCents: 500, minutes: 2, rating: 2 });
    // C, 21 Nov 04:00 UTC: still 20 Nov, 23:00, in New York. Two minutes at $4.00, $5.60. Rated 5.
    clock.advance(Date.parse('2026-11-21T04:00:00Z') - clock.now());
    ids.c = await completedReading({
      reader,
      client,
      rateCents: 400,
      minutes: 2,
      rating: 5,
      review: 'Spot on about the move.',
    });
    // A, 21 Nov 12:00 UTC (07:00 in New York): three minutes at $2.99: floor(70% of $8.97) = $6.27. Rated 4.
    clock.advance(Date.parse('2026-11-21T12:00:00Z') - clock.now());
    ids.a = await completedReading({ reader, client, rateCents: 299, minutes: 3, rating: 4 });
    // B: refunded within the refund window by a client without a name: a reading that earned nothing.
    ids.b = await completedReading({ reader, client: nameless, rateCents: 299, minutes: 1, refund: true });
    // F: still running, its first minute held in escrow; it counts toward nothing yet.
    clock.advance(MINUTE);
    expect((await http(app, reader.cookie).patch('/api/readers/me', { chatRateCents: 299 })).status).toBe(200);
    ids.f = (await driver.startReading({ rateCents: 299, balanceCents: 0, client, reader })).id;
  });

  it('starts from what the ledger released for each reading', async () => {
    const earned = await Promise.all(['e', 'd', 'c', 'a', 'b'].map((key) => releasedCents(reader.id, ids[key]!)));
    expect(earned).toEqual([700, 700, 560, 627, 0]);
    const rows = await app.db.select().from(readingSessions).where(eq(readingSessions.readerId, reader.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(['e', 'd', 'c', 'a', 'b'].map((key) => byId.get(ids[key]!)!.readerEarningsCents)).toEqual(earned);
    expect(byId.get(ids.b!)).toMatchObject({ status: 'completed', refundedCents: 299 });
    expect(byId.get(ids.f!)).toMatchObject({ status: 'active', readerEarningsCents: 209 });
    expect(await accountBalance(earningsAccountId(reader.id))).toBe(700 + 700 + 560 + 627);
    expect(await accountBalance(escrowAccountId(reader.id))).toBe(209);
  });

  it("GET /api/readers/me/stats: today (the reader's day), the last 7 days, all time, available and held", async () => {
    const response = await http(app, reader.cookie).get('/api/readers/me/stats');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      timeZone: ZONE,
      // C ended on 21 Nov in UTC but on 20 Nov in New York: not today for this reader.
      today: { earningsCents: 627, sessions: 2, averageRating: 4, reviewCount: 1 },
      lastSevenDays: { earningsCents: 627 + 560, sessions: 3, averageRating: 4.5, reviewCount: 2 },
      allTime: { earningsCents: 700 + 700 + 560 + 627, sessions: 5, averageRating: 3.8, reviewCount: 4 },
      availableCents: 700 + 700 + 560 + 627,
      heldCents: 209,
    });
  });

  it('GET /api/readers/me/earnings: four periods and 30 days, empty days included', async () => {
    const response = await http(app, reader.cookie).get('/api/readers/me/earnings');
    expect(response.status).toBe(200);
    const { daily, ...periods } = response.body;
    expect(periods).toEqual({
      timeZone: ZONE,
      todayCents: 627,
      lastSevenDaysCents: 1187,
      lastThirtyDaysCents: 1887,
      allTimeCents: 2587,
      bySource: {
        readingsCents: 2587,
        giftsCents: 0,
        streamAdmissionsCents: 0,
        shopSalesCents: 0,
        writtenReadingsCents: 0,
        appointmentFeesCents: 0,
      },
    });
    expect(daily).toHaveLength(30);
    expect(daily[0].date).toBe('2026-10-23');
    expect(daily.at(-1)).toEqual({ date: '2026-11-21', earningsCents: 627, sessions: 2 });
    const nonZero = daily.filter((day: { sessions: number }) => day.sessions > 0);
    expect(nonZero).toEqual([
      { date: '2026-11-11', earningsCents: 700, sessions: 1 },
      { date: '2026-11-20', earningsCents: 560, sessions: 1 },
      { date: '2026-11-21', earningsCents: 627, sessions: 2 },
    ]);
    expect(daily.reduce((sum: number, day: { earningsCents: number }) => sum + day.earningsCents, 0)).toBe(
      periods.lastThirtyDaysCents,
    );
  });

  it('GET /api/readers/me/sessions: started readings newest first, with first names, earnings, ratings and reviews', async () => {
    const response = await http(app, reader.cookie).get('/api/readers/me/sessions?page=1');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, pageSize: 10, hasMore: false });
    expect(response.body.sessions.map((s: { id: string }) => s.id)).toEqual([ids.f, ids.b, ids.a, ids.c, ids.d, ids.e]);
    const [live, refunded, a, c] = response.body.sessions;
    expect(live).toMatchObject({
      status: 'active',
      clientFirstName: 'Moonchild',
      minutesCharged: 1,
      earningsCents: 209,
      endedAt: null,
      rating: null,
    });
    expect(refunded).toMatchObject({
      status: 'completed',
      clientFirstName: null,
      minutesCharged: 1,
      earningsCents: 0,
      isRefunded: true,
    });
    expect(a).toEqual({
      id: ids.a,
      sessionType: 'chat',
      status: 'completed',
      clientId: expect.any(String),
      clientFirstName: 'Moonchild',
      startedAt: '2026-11-21T12:00:00.000Z',
      endedAt: '2026-11-21T12:02:30.000Z',
      minutesCharged: 3,
      earningsCents: 627,
      isRefunded: false,
      rating: 4,
      review: null,
    });
    expect(c).toMatchObject({ rating: 5, review: 'Spot on about the move.', earningsCents: 560 });
    expect((await http(app, reader.cookie).get('/api/readers/me/sessions?page=2')).body).toEqual({
      sessions: [],
      page: 2,
      pageSize: 10,
      hasMore: false,
    });
    expect((await http(app, reader.cookie).get('/api/readers/me/sessions?page=0')).status).toBe(400);
  });
});

describe('a reader without readings', () => {
  it('sees zeros, "New" (no rating) and 30 empty days', async () => {
    const reader = await createReader(app);
    const stats = await http(app, reader.cookie).get('/api/readers/me/stats');
    const none = { earningsCents: 0, sessions: 0, averageRating: null, reviewCount: 0 };
    expect(stats.body).toEqual({
      timeZone: 'UTC',
      today: none,
      lastSevenDays: none,
      allTime: none,
      availableCents: 0,
      heldCents: 0,
    });
    const earnings = await http(app, reader.cookie).get('/api/readers/me/earnings');
    expect(earnings.body.daily).toHaveLength(30);
    expect(
      earnings.body.daily.every(
        (day: { earningsCents: number; sessions: number }) => day.earningsCents === 0 && day.sessions === 0,
      ),
    ).toBe(true);
    expect((await http(app, reader.cookie).get('/api/readers/me/sessions')).body).toEqual({
      sessions: [],
      page: 1,
      pageSize: 10,
      hasMore: false,
    });
  });
});

describe('paging the sessions', () => {
  it('splits 11 readings into a page of 10, newest first, and a page of 1', async () => {
    const reader = await createReader(app);
    const client = await createClient(app, { balanceCents: 50_000 });
    const started: string[] = [];
    for (let n = 0; n < 11; n++) {
      started.push(await completedReading({ reader, client, rateCents: 199, minutes: 1 }));
      clock.advance(MINUTE);
    }
    const first = await http(app, reader.cookie).get('/api/readers/me/sessions?page=1');
    const second = await http(app, reader.cookie).get('/api/readers/me/sessions?page=2');
    expect(first.body.hasMore).toBe(true);
    expect(second.body.hasMore).toBe(false);
    const newestFirst = [...started].reverse();
    expect([...first.body.sessions, ...second.body.sessions].map((s: { id: string }) => s.id)).toEqual(newestFirst);
  });
});

describe('weekly availability', () => {
  const url = '/api/readers/me/availability';
  const week = {
    timeZone: 'Europe/Paris',
    slots: [
      { weekday: 1, startMinute: 540, endMinute: 1020 },
      { weekday: 1, startMinute: 1080, endMinute: 1440 },
      { weekday: 5, startMinute: 600, endMinute: 720 },
    ],
  };

  it('round-trips, replaces the whole set, and shows in the directory and on the reader', async () => {
    const reader = await createReader(app);
    expect((await http(app, reader.cookie).get(url)).body).toEqual({ timeZone: 'UTC', slots: [] });
    const saved = await http(app, reader.cookie).put(url, { ...week, slots: [...week.slots].reverse() });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(week);
    expect((await http(app, reader.cookie).get(url)).body).toEqual(week);

    const directory = await http(app).get('/api/readers');
    expect(directory.body.readers.find((r: { id: string }) => r.id === reader.id).schedule).toEqual(week);
    expect((await http(app).get(`/api/readers/${reader.id}`)).body.schedule).toEqual(week);

    const replaced = { timeZone: 'Asia/Tokyo', slots: [{ weekday: 0, startMinute: 0, endMinute: 60 }] };
    expect((await http(app, reader.cookie).put(url, replaced)).body).toEqual(replaced);
    expect((await http(app, reader.cookie).put(url, { timeZone: 'america/new_york', slots: [] })).body).toEqual({
      timeZone: 'America/New_York',
      slots: [],
    });
  });

  it('refuses bad input with 400 and field messages, and changes nothing', async () => {
    const reader = await createReader(app);
    expect((await http(app, reader.cookie).put(url, week)).status).toBe(200);
    const tooMany = Array.from({ length: 29 }, (_, n) => ({
      weekday: n % 7,
      startMinute: Math.floor(n / 7) * 60,
      endMinute: Math.floor(n / 7) * 60 + 30,
    }));
    const bad: [unknown, string][] = [
      [{ ...week, timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ ...week, timeZone: '+05:00' }, 'timeZone'],
      [{ ...week, timeZone: '' }, 'timeZone'],
      [{ ...week, slots: [{ weekday: 7, startMinute: 0, endMinute: 60 }] }, 'slots.0.weekday'],
      [{ ...week, slots: [{ weekday: -1, startMinute: 0, endMinute: 60 }] }, 'slots.0.weekday'],
      [{ ...week, slots: [{ weekday: 2, startMinute: -1, endMinute: 60 }] }, 'slots.0.startMinute'],
      [{ ...week, slots: [{ weekday: 2, startMinute: 0, endMinute: 1441 }] }, 'slots.0.endMinute'],
      [{ ...week, slots: [{ weekday: 2, startMinute: 600, endMinute: 600 }] }, 'slots.0.endMinute'],
      [{ ...week, slots: [{ weekday: 2, startMinute: 700, endMinute: 600 }] }, 'slots.0.endMinute'],
      [{ ...week, slots: [{ weekday: 2, startMinute: 60.5, endMinute: 600 }] }, 'slots.0.startMinute'],
      [
        {
          ...week,
          slots: [
            { weekday: 3, startMinute: 540, endMinute: 720 },
            { weekday: 3, startMinute: 700, endMinute: 800 },
          ],
        },
        'slots.1.startMinute',
      ],
      [{ ...week, slots: tooMany }, 'slots'],
      [{ slots: [] }, 'timeZone'],
      [{ timeZone: 'UTC' }, 'slots'],
    ];
    for (const [body, field] of bad) {
      const response = await http(app, reader.cookie).put(url, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('BAD_REQUEST');
      expect(Object.keys(response.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await http(app, reader.cookie).get(url)).body).toEqual(week);
    // Touching slots are not overlapping.
    const touching = {
      timeZone: 'UTC',
      slots: [
        { weekday: 3, startMinute: 540, endMinute: 720 },
        { weekday: 3, startMinute: 720, endMinute: 800 },
      ],
    };
    expect((await http(app, reader.cookie).put(url, touching)).status).toBe(200);
    expect((await http(app, reader.cookie).get(url)).body).toEqual(touching);
  });
});

describe('profile settings through PATCH /api/readers/me', () => {
  it('saves bio, specialties, years and image, which the directory then shows; a bad image address changes nothing', async () => {
    const reader = await createReader(app);
    const settings = {
      bio: 'Tarot for the curious.',
      specialties: ['Tarot', 'Runes', 'Tarot'],
      yearsExperience: 7,
      profileImage: 'https://images.example/vera.png',
    };
    const saved = await http(app, reader.cookie).patch('/api/readers/me', settings);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...settings, specialties: ['Tarot', 'Runes'] });
    const listed = (await http(app).get('/api/readers')).body.readers.find((r: { id: string }) => r.id === reader.id);
    expect(listed).toMatchObject({
      bio: settings.bio,
      specialties: ['Tarot', 'Runes'],
      yearsExperience: 7,
      profileImage: settings.profileImage,
    });
    const [account] = await app.db.select({ image: user.image }).from(user).where(eq(user.id, reader.id));
    expect(account!.image).toBe(settings.profileImage);

    for (const [body, field] of [
      [{ profileImage: 'javascript:alert(1)' }, 'profileImage'],
      [{ profileImage: 'ftp://images.example/a.png' }, 'profileImage'],
      [{ bio: '' }, 'bio'],
      [{ specialties: [] }, 'specialties'],
      [{ yearsExperience: 81 }, 'yearsExperience'],
      [{ yearsExperience: 2.5 }, 'yearsExperience'],
    ] as const) {
      const refused = await http(app, reader.cookie).patch('/api/readers/me', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.error.fields)).toContain(field);
    }
    expect((await http(app, reader.cookie).get('/api/readers/me')).body).toMatchObject({
      ...settings,
      specialties: ['Tarot', 'Runes'],
    });
    expect(
      (await http(app, reader.cookie).patch('/api/readers/me', { profileImage: null })).body.profileImage,
    ).toBeNull();
  });
});

describe('who may ask', () => {
  it('answers 401 signed out and 403 to a client or an admin, on every reader-dashboard endpoint', async () => {
    const client = await createClient(app);
    const admin = await createAdmin(app);
    const reader = await createReader(app);
    const endpoints: ['GET' | 'PUT', string][] = [
      ['GET', '/api/readers/me/stats'],
      ['GET', '/api/readers/me/earnings'],
      ['GET', '/api/readers/me/sessions?page=1'],
      ['GET', '/api/readers/me/availability'],
      ['PUT', '/api/readers/me/availability'],
    ];
    const body = { timeZone: 'UTC', slots: [{ weekday: 1, startMinute: 0, endMinute: 60 }] };
    for (const [method, path] of endpoints) {
      const call = (cookie?: string) =>
        method === 'GET' ? http(app, cookie).get(path) : http(app, cookie).put(path, body);
      expect((await call()).status, `${method} ${path}`).toBe(401);
      expect((await call(client.cookie)).status, `${method} ${path}`).toBe(403);
      expect((await call(admin.cookie)).status, `${method} ${path}`).toBe(403);
      expect((await call(reader.cookie)).status, `${method} ${path}`).toBe(200);
    }
    // The refused callers changed nothing: only the reader's own PUT landed.
    expect((await http(app, reader.cookie).get('/api/readers/me/availability')).body).toEqual(body);
  });
});
