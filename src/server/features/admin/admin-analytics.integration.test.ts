import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_DAYS } from '@shared/admin';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { ledgerTransfers } from '../../db/schema';
import { chargeWithSplit, REVENUE_ACCOUNT_IDS, revenueAccountFor, transfer, walletAccountId } from '../wallet';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RATE = 299;
const TODAY = Date.parse('2026-03-15T00:00:00Z');
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// The readings run on this clock from 30 days before "today" up to just past its midnight.
const clock = fakeClock(TODAY - 30 * DAY + 12 * 60 * MINUTE);
let admin: TestUser;
let reading: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  admin = await createAdmin(app);
  reading = readingDriver(app, clock, MINUTE);
});

/** The platform's take of one reading, straight from its ledger rows: charges in, refunds out. */
async function platformShareCents(sessionId: string) {
  const [row] = await app.db
    .select({
      cents: sql<number>`coalesce(sum(case when ${inArray(ledgerTransfers.creditAccountId, [...REVENUE_ACCOUNT_IDS])} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)::int`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.reference, `session:${sessionId}`),
        sql`(${inArray(ledgerTransfers.creditAccountId, [...REVENUE_ACCOUNT_IDS])} or ${inArray(ledgerTransfers.debitAccountId, [...REVENUE_ACCOUNT_IDS])})`,
      ),
    );
  return row!.cents;
}

type Reading = Awaited<ReturnType<typeof reading.startReading>>;

async function end(done: Reading, options: { refund?: boolean } = {}) {
  const ended = await http(app, done.client.cookie).post('/api/sessions/end', {
    sessionId: done.id,
    refundRequested: options.refund ?? false,
  });
  expect(ended.body.status).toBe('completed');
  return {
    readerEarningsCents: ended.body.readerEarningsCents as number,
    platformCents: await platformShareCents(done.id),
  };
}

const moveTo = (instant: number) => clock.advance(instant - clock.now());

describe('GET /api/admin/analytics', () => {
  it('counts each completed reading on its UTC day over the last 30 days, net of refunds, and ranks readers by earnings', async () => {
    // 30 days before today: just outside the window.
    const outside = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await end(outside);
    // 29 days before today: the window's first day.
    moveTo(TODAY - 29 * DAY + 12 * 60 * MINUTE);
    const firstDay = await reading.startReading({ rateCents: RATE, balanceCents: 5000, reader: outside.reader });
    const firstDayEnd = await end(firstDay);

    // Yesterday, just before midnight: a two-minute reading and a refunded one.
    moveTo(TODAY - 3 * MINUTE);
    const yesterday = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await reading.nextMinute(yesterday.id);
    const yesterdayEnd = await end(yesterday);
    const refunded = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    const refundedEnd = await end(refunded, { refund: true });
    expect(refundedEnd).toEqual({ readerEarningsCents: 0, platformCents: 0 });

    // A reading over midnight: minute 1 yesterday, minutes 2 and 3 today; it completes today.
    moveTo(TODAY - MINUTE);
    const overMidnight = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await reading.nextMinute(overMidnight.id);
    await reading.nextMinute(overMidnight.id);
    const overMidnightEnd = await end(overMidnight);
    expect(clock.now()).toBe(TODAY + MINUTE);

    // Still running: nothing yet.
    const client = await createClient(app, { balanceCents: 5000 });
    await reading.startReading({ rateCents: RATE, balanceCents: 5000, reader: yesterday.reader, client });

    const response = await http(app, admin.cookie).get('/api/admin/analytics');
    expect(response.status).toBe(200);
    const expected = new Map([
      [dayKey(TODAY - 29 * DAY), { revenueCents: firstDayEnd.platformCents, completedSessions: 1 }],
      [dayKey(TODAY - DAY), { revenueCents: yesterdayEnd.platformCents, completedSessions: 2 }],
      [dayKey(TODAY), { revenueCents: overMidnightEnd.platformCents, completedSessions: 1 }],
    ]);
    expect(response.body.days).toHaveLength(ANALYTICS_DAYS);
    expect(response.body.days).toEqual(
      Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
        const date = dayKey(TODAY - (ANALYTICS_DAYS - 1 - index) * DAY);
        return { date, ...(expected.get(date) ?? { revenueCents: 0, completedSessions: 0 }) };
      }),
    );
    expect(overMidnightEnd.platformCents).toBe(3 * RATE - overMidnightEnd.readerEarningsCents);

    expect(response.body.topReaders).toEqual([
      {
        id: overMidnight.reader.id,
        fullName: expect.any(String),
        username: expect.any(String),
        profileImage: null,
        earningsCents: overMidnightEnd.readerEarningsCents,
        completedSessions: 1,
      },
      {
        id: yesterday.reader.id,
        fullName: expect.any(String),
        username: expect.any(String),
        profileImage: null,
        earningsCents: yesterdayEnd.readerEarningsCents,
        completedSessions: 1,
      },
      // The reading 30 days ago is outside the window, so this reader has one session here.
      {
        id: outside.reader.id,
        fullName: expect.any(String),
        username: expect.any(String),
        profileImage: null,
        earningsCents: firstDayEnd.readerEarningsCents,
        completedSessions: 1,
      },
    ]);

    // The stat cards count revenue the same way: today's card is today's bar.
    const stats = (await http(app, admin.cookie).get('/api/admin/stats')).body;
    expect(stats.todayRevenueCents).toBe(overMidnightEnd.platformCents);
    expect(stats.totalRevenueCents).toBe(
      (await platformShareCents(outside.id)) +
        firstDayEnd.platformCents +
        yesterdayEnd.platformCents +
        overMidnightEnd.platformCents,
    );
    expect(stats.activeSessions).toBe(1);
  });

  it("counts the platform's revenue from every source, line by line, and the lines add up to the days and the stat cards", async () => {
    const revenueOf = async () => {
      const body = (await http(app, admin.cookie).get('/api/admin/analytics')).body;
      const stats = (await http(app, admin.cookie).get('/api/admin/stats')).body;
      const bySource = Object.fromEntries(
        body.revenueBySource.map((line: { source: string; revenueCents: number }) => [line.source, line.revenueCents]),
      );
      return {
        bySource,
        days: body.days.reduce((sum: number, day: { revenueCents: number }) => sum + day.revenueCents, 0),
        today: body.days.at(-1).revenueCents,
        stats,
      };
    };
    const before = await revenueOf();
    expect(Object.keys(before.bySource)).toEqual([
      'readings',
      'bookedReadings',
      'writtenReadings',
      'live',
      'shop',
      'other',
    ]);

    // One journey of each kind, each moving what its feature moves under its own reference.
    const client = await createClient(app, { balanceCents: 20_000 });
    const reader = await createReader(app, { chatRateCents: RATE });
    const done = await end(await reading.startReading({ rateCents: RATE, balanceCents: 0, client, reader }));
    // A booked reading: 15 minutes held two hours ahead, accepted, joined at its start, ended after its first minute.
    const slots = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
    expect(
      (await http(app, reader.cookie).put('/api/readers/me/availability', { timeZone: 'UTC', slots })).status,
    ).toBe(200);
    const startsAt = new Date(Math.ceil(clock.now() / (60 * MINUTE)) * 60 * MINUTE + 2 * 60 * MINUTE).toISOString();
    const booked = await http(app, client.cookie).post('/api/appointments', {
      readerId: reader.id,
      sessionType: 'chat',
      startsAt,
      minutes: 15,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await http(app, reader.cookie).post(`/api/appointments/${booked.body.id}/accept`)).status).toBe(200);
    moveTo(Date.parse(startsAt));
    await http(app, client.cookie).post(`/api/appointments/${booked.body.id}/join`);
    const bookedSessionId = (await http(app, reader.cookie).post(`/api/appointments/${booked.body.id}/join`)).body
      .sessionId as string;
    await reading.heartbeat(bookedSessionId);
    expect(
      (await http(app, client.cookie).post('/api/sessions/start', { sessionId: bookedSessionId })).body,
    ).toMatchObject({ status: 'active', minutesCharged: 1 });
    const bookedDone = await end({ client, reader, id: bookedSessionId });
    const charge = (
      amountCents: number,
      kind: 'appointment_fee' | 'written_reading' | 'gift' | 'stream_access' | 'purchase',
      reference: string,
    ) =>
      app.db.transaction((tx) =>
        chargeWithSplit(tx, {
          payerUserId: client.id,
          readerUserId: reader.id,
          amountCents,
          kind,
          reference,
          idempotencyKey: `${reference}:test`,
          readerAccount: 'earnings',
        }),
      );
    const fee = await charge(898, 'appointment_fee', 'appointment:a1');
    const written = await charge(450, 'written_reading', 'written-reading:w1');
    const gift = await charge(500, 'gift', 'gift:g1');
    const join = await charge(300, 'stream_access', 'stream:s1');
    const order = await charge(3249, 'purchase', 'order:o1:seller');
    // The platform's own part of an order (shipping it carries) and a cancelled shipment's refund of part of it.
    await app.db.transaction(async (tx) => {
      await transfer(tx, {
        debitAccountId: walletAccountId(client.id),
        creditAccountId: revenueAccountFor(client.id),
        amountCents: 599,
        kind: 'purchase',
        reference: 'order:o1:platform',
        idempotencyKey: 'order:o1:platform:test',
      });
      await transfer(tx, {
        debitAccountId: revenueAccountFor(client.id),
        creditAccountId: walletAccountId(client.id),
        amountCents: 200,
        kind: 'refund',
        reference: 'shipment:sh1',
        idempotencyKey: 'shipment:sh1:test',
      });
    });
    // The ledger stamps transfers with the database's time; this file's days are the fake clock's.
    const references = [
      'appointment:a1',
      'written-reading:w1',
      'gift:g1',
      'stream:s1',
      'order:o1:seller',
      'order:o1:platform',
      'shipment:sh1',
    ];
    await app.db
      .update(ledgerTransfers)
      .set({ createdAt: new Date(clock.now()) })
      .where(inArray(ledgerTransfers.reference, references));

    const after = await revenueOf();
    const change = Object.fromEntries(
      Object.entries(after.bySource).map(([source, cents]) => [
        source,
        Number(cents) - Number(before.bySource[source]),
      ]),
    );
    expect(change).toEqual({
      readings: done.platformCents,
      bookedReadings: bookedDone.platformCents + fee.platformCents,
      writtenReadings: written.platformCents,
      live: gift.platformCents + join.platformCents,
      shop: order.platformCents + 599 - 200,
      other: 0,
    });
    expect(change).toEqual({
      readings: RATE - done.readerEarningsCents,
      bookedReadings: RATE - bookedDone.readerEarningsCents + 270,
      writtenReadings: 135,
      live: 150 + 90,
      shop: 975 + 399,
      other: 0,
    });
    // Every screen that shows the figure agrees: the lines add up to the days, today's bar is today's stat card.
    const linesTotal = Object.values(after.bySource).reduce((sum: number, cents) => sum + Number(cents), 0);
    expect(linesTotal).toBe(after.days);
    expect(after.today).toBe(after.stats.todayRevenueCents);
    expect(after.stats.totalRevenueCents - before.stats.totalRevenueCents).toBe(after.days - before.days);
  });
});
