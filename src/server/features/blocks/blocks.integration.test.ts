import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { insertStream } from '../../../../tests/integration/live-stream-rows';
import { readingTestApp } from '../../../../tests/integration/readings';
import { appointments, favoriteReaders, notifications, readingSessions, writtenReadings } from '../../db/schema';
import { checkLedger, getBalances, holdAccountId, walletAccountId } from '../wallet';

// Decision 068: a block between a client and a reader stops every paid thing between them, both ways,
// and releases what was held between them in full.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const { app, clock, driver } = await readingTestApp(MINUTE);
const ALL_DAY = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));

afterEach(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

/** An online reader who takes written questions and bookings at any hour. */
async function openReader(): Promise<TestUser> {
  const reader = await createReader(app, { firstName: 'Iris', chatRateCents: 299 });
  expect(
    (
      await http(app, reader.cookie).patch('/api/readers/me', {
        isOnline: true,
        writtenReadingPriceCents: 1500,
        writtenReadingAnswerHours: 24,
      })
    ).status,
  ).toBe(200);
  expect(
    (await http(app, reader.cookie).put('/api/readers/me/availability', { timeZone: 'UTC', slots: ALL_DAY })).status,
  ).toBe(200);
  return reader;
}

const block = (by: TestUser, userId: string, reason?: string) =>
  http(app, by.cookie).post('/api/blocks', { userId, ...(reason && { reason }) });
const moneyOf = async (client: TestUser) => {
  const balances = await getBalances(app.db, [walletAccountId(client.id), holdAccountId(client.id)]);
  return {
    walletCents: balances.get(walletAccountId(client.id)) ?? 0,
    holdCents: balances.get(holdAccountId(client.id)) ?? 0,
  };
};
const hoursAhead = (hours: number) => new Date(Math.ceil(clock.now() / HOUR) * HOUR + hours * HOUR).toISOString();

/** Every paid thing a client can start with a reader, each answered as it is. */
async function everyPaidAction(client: TestUser, reader: TestUser) {
  const streamId = await insertStream(app, reader.id, { priceCents: 499 });
  return {
    request: (
      await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' })
    ).body,
    queue: (await http(app, client.cookie).post(`/api/readers/${reader.id}/queue`, { sessionType: 'chat' })).body,
    booking: (
      await http(app, client.cookie).post('/api/appointments', {
        readerId: reader.id,
        sessionType: 'chat',
        startsAt: hoursAhead(30),
        minutes: 15,
      })
    ).body,
    question: (
      await http(app, client.cookie).post('/api/written-readings', {
        readerId: reader.id,
        question: 'Will the new job bring the change I have been hoping for this winter?',
      })
    ).body,
    streamJoin: (await http(app, client.cookie).post(`/api/live/streams/${streamId}/join`)).body,
  };
}

const BLOCKED = { error: { code: 'BLOCKED', message: 'You cannot do this: one of you has blocked the other.' } };

describe('POST /api/blocks', () => {
  it('blocks a client with a private reason, lists it for the blocker only, and lifts it idempotently', async () => {
    const reader = await openReader();
    const client = await createClient(app, { name: 'Sol Nakamura' });
    const made = await block(reader, client.id, '  rude in every reading  ');
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      userId: client.id,
      name: 'Sol Nakamura',
      avatarUrl: null,
      role: 'client',
      reason: 'rude in every reading',
      createdAt: new Date(clock.now()).toISOString(),
    });
    expect((await block(reader, client.id, 'again')).body.reason).toBe('rude in every reading');
    expect((await http(app, reader.cookie).get('/api/blocks')).body).toEqual({ blocks: [made.body] });
    expect((await http(app, client.cookie).get('/api/blocks')).body).toEqual({ blocks: [] });
    expect((await http(app, reader.cookie).delete(`/api/blocks/${client.id}`)).status).toBe(204);
    expect((await http(app, reader.cookie).delete(`/api/blocks/${client.id}`)).status).toBe(204);
    expect((await http(app, reader.cookie).get('/api/blocks')).body).toEqual({ blocks: [] });
  });

  it('refuses oneself, an admin, another client, someone unknown and a bad reason, changing nothing', async () => {
    const client = await createClient(app);
    const admin = await createAdmin(app);
    expect((await block(client, client.id)).body.error).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { userId: 'You cannot block yourself' },
    });
    expect((await block(client, admin.id)).status).toBe(400);
    expect((await block(client, (await createClient(app)).id)).status).toBe(400);
    expect((await block(client, 'no-such-user')).status).toBe(404);
    const reader = await openReader();
    const long = await block(client, reader.id, 'x'.repeat(501));
    expect(long.body.error.fields).toEqual({ reason: 'A reason is at most 500 characters' });
    expect((await http(app, client.cookie).get('/api/blocks')).body).toEqual({ blocks: [] });
    expect((await http(app).post('/api/blocks', { userId: reader.id })).status).toBe(401);
    expect((await http(app, admin.cookie).post('/api/blocks', { userId: reader.id })).status).toBe(403);
  });
});

describe('GET /api/admin/users/:id/blocks', () => {
  it("shows an admin a user's blocks both ways with the blocker's reason, and no one else", async () => {
    const reader = await openReader();
    const client = await createClient(app, { name: 'Sol Nakamura' });
    const otherReader = await createReader(app, { firstName: 'Luna', lastName: 'Starweaver' });
    await block(client, reader.id, 'pushy about upsells');
    await block(otherReader, client.id);
    const admin = await createAdmin(app);
    const seen = await http(app, admin.cookie).get(`/api/admin/users/${client.id}/blocks`);
    expect(seen.body).toEqual({
      given: [
        {
          userId: reader.id,
          name: expect.stringMatching(/^Iris Reader /),
          role: 'reader',
          reason: 'pushy about upsells',
          createdAt: expect.any(String),
        },
      ],
      received: [
        {
          userId: otherReader.id,
          name: 'Luna Starweaver',
          role: 'reader',
          reason: null,
          createdAt: expect.any(String),
        },
      ],
    });
    expect((await http(app, client.cookie).get(`/api/admin/users/${client.id}/blocks`)).status).toBe(403);
    expect((await http(app, admin.cookie).get('/api/admin/users/no-such-user/blocks')).status).toBe(404);
  });
});

describe('a block between a client and a reader', () => {
  for (const blocker of ['reader', 'client'] as const) {
    it(`answers 403 BLOCKED to every paid action when the ${blocker} blocked, and moves no money`, async () => {
      const reader = await openReader();
      const client = await createClient(app, { balanceCents: 10_000 });
      expect((await (blocker === 'reader' ? block(reader, client.id) : block(client, reader.id))).status).toBe(201);
      const before = await moneyOf(client);
      expect(await everyPaidAction(client, reader)).toEqual({
        request: BLOCKED,
        queue: BLOCKED,
        booking: BLOCKED,
        question: BLOCKED,
        streamJoin: BLOCKED,
      });
      expect(await moneyOf(client)).toEqual(before);
    });
  }

  it('releases a booking and a written question in full, and lets the two deal again once lifted', async () => {
    const reader = await openReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const booked = await http(app, client.cookie).post('/api/appointments', {
      readerId: reader.id,
      sessionType: 'chat',
      startsAt: hoursAhead(3),
      minutes: 15,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await http(app, reader.cookie).post(`/api/appointments/${booked.body.id}/accept`)).status).toBe(200);
    const asked = await http(app, client.cookie).post('/api/written-readings', {
      readerId: reader.id,
      question: 'Is the house by the sea the right place for us to settle down?',
    });
    expect(asked.status).toBe(201);
    expect(await moneyOf(client)).toEqual({ walletCents: 10_000 - 15 * 299 - 1500, holdCents: 15 * 299 + 1500 });

    expect((await block(client, reader.id)).status).toBe(201);
    expect(await moneyOf(client)).toEqual({ walletCents: 10_000, holdCents: 0 });
    const [appointment] = await app.db.select().from(appointments).where(eq(appointments.id, booked.body.id));
    expect(appointment).toMatchObject({ status: 'cancelled', cancelledBy: 'client', feeCents: 0 });
    const [question] = await app.db.select().from(writtenReadings).where(eq(writtenReadings.id, asked.body.id));
    expect(question!.status).toBe('refunded');
    // Blocking again releases nothing more.
    expect((await block(client, reader.id)).status).toBe(201);
    expect(await moneyOf(client)).toEqual({ walletCents: 10_000, holdCents: 0 });

    expect((await http(app, client.cookie).delete(`/api/blocks/${reader.id}`)).status).toBe(204);
    expect(
      (await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' }))
        .status,
    ).toBe(201);
  });

  it('ends a running reading, billed to its last minute, and declines a waiting request', async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: 299, balanceCents: 5000 });
    await driver.nextMinute(id);
    expect((await block(reader, client.id)).status).toBe(201);
    const [ended] = await app.db.select().from(readingSessions).where(eq(readingSessions.id, id));
    expect(ended).toMatchObject({ status: 'completed', minutesCharged: 2, endedBy: reader.id });
    expect((await moneyOf(client)).walletCents).toBe(5000 - 2 * 299);

    const other = await createClient(app, { balanceCents: 5000 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const requested = await http(app, other.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    expect((await block(reader, other.id)).status).toBe(201);
    const [declined] = await app.db.select().from(readingSessions).where(eq(readingSessions.id, requested.body.id));
    expect(declined).toMatchObject({ status: 'declined', endReason: 'declined' });
  });

  it('stops a blocked client hearing that a favorite reader is online', async () => {
    const reader = await openReader();
    const blockedFan = await createClient(app);
    const fan = await createClient(app);
    for (const client of [blockedFan, fan])
      expect((await http(app, client.cookie).put(`/api/favorites/${reader.id}`)).status).toBe(204);
    expect(await app.db.select().from(favoriteReaders).where(eq(favoriteReaders.readerId, reader.id))).toHaveLength(2);
    expect((await block(reader, blockedFan.id)).status).toBe(201);
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: false })).status).toBe(200);
    clock.advance(2 * HOUR);
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const told = async (client: TestUser) =>
      (
        await app.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, client.id), eq(notifications.kind, 'reader_online')))
      ).length;
    await expect.poll(() => told(fan)).toBeGreaterThan(0);
    expect(await told(blockedFan)).toBe(0);
  });
});
