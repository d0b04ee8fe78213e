import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { deliveredTo } from '../../../../tests/integration/mailbox';
import { nextEvent } from '../../../../tests/integration/socket-helpers';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { runDueWork } from '../sessions';
import {
  checkLedger,
  earningsAccountId,
  getBalances,
  holdAccountId,
  REVENUE_ACCOUNT_IDS,
  walletAccountId,
} from '../wallet';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// A Saturday, noon UTC.
const clock = fakeClock(Date.parse('2026-11-21T12:00:00Z'));
const app = await testApp({
  clock,
  runScheduler: false,
  runMailWorker: false,
  env: { BILLING_MINUTE_MS: String(MINUTE) },
});
const driver = readingDriver(app, clock, MINUTE);

afterEach(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const ALL_DAY = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
const CHAT_RATE = 299;

/** A reader with a weekly schedule (all day, every day, unless told). */
async function newReader(slots = ALL_DAY, timeZone = 'UTC') {
  const reader = await createReader(app, { chatRateCents: CHAT_RATE, audioRateCents: 399, videoRateCents: 499 });
  const saved = await http(app, reader.cookie).put('/api/readers/me/availability', { timeZone, slots });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return reader;
}

/** The whole hour `hours` from now (the clock always stands on a whole hour or moves by whole hours in this file, or the helper rounds up). */
const hoursAhead = (hours: number) => new Date(Math.ceil(clock.now() / HOUR) * HOUR + hours * HOUR).toISOString();

const book = (client: TestUser, reader: TestUser, overrides: Record<string, unknown> = {}) =>
  http(app, client.cookie).post('/api/appointments', {
    readerId: reader.id,
    sessionType: 'chat',
    startsAt: hoursAhead(48),
    minutes: 30,
    ...overrides,
  });
const act = (user: TestUser, id: string, action: 'accept' | 'decline' | 'cancel' | 'join') =>
  http(app, user.cookie).post(`/api/appointments/${id}/${action}`);

async function moneyOf(client: TestUser, reader: TestUser) {
  const accounts = [walletAccountId(client.id), holdAccountId(client.id), earningsAccountId(reader.id)];
  const balances = await getBalances(app.db, accounts);
  return {
    walletCents: balances.get(walletAccountId(client.id)) ?? 0,
    holdCents: balances.get(holdAccountId(client.id)) ?? 0,
    readerEarningsCents: balances.get(earningsAccountId(reader.id)) ?? 0,
  };
}
const revenueTotal = async () =>
  [...(await getBalances(app.db, [...REVENUE_ACCOUNT_IDS])).values()].reduce((sum, cents) => sum + cents, 0);
const bell = async (user: TestUser) =>
  (await http(app, user.cookie).get('/api/notifications')).body.notifications as {
    kind: string;
    title: string;
    body: string;
    link: string;
  }[];

describe('GET /api/readers/:id/appointment-slots', () => {
  it("lists the next 14 days' free starts on the quarter hour, each with the longest length that fits the schedule and the bookings", async () => {
    // Saturdays 13:00–15:00 and 19:00–20:00 in New York (UTC−5 in November).
    const reader = await newReader(
      [
        { weekday: 6, startMinute: 13 * 60, endMinute: 15 * 60 },
        { weekday: 6, startMinute: 19 * 60, endMinute: 20 * 60 },
      ],
      'America/New_York',
    );
    const slots = async () => (await http(app).get(`/api/readers/${reader.id}/appointment-slots`)).body;
    const first = await slots();
    expect(first).toMatchObject({
      timeZone: 'America/New_York',
      ratesPerMinuteCents: { chat: 299, audio: 399, video: 499 },
    });
    const today = first.slots.filter((slot: { startsAt: string }) => slot.startsAt.startsWith('2026-11-21'));
    expect(today).toEqual([
      { startsAt: '2026-11-21T18:00:00.000Z', maxMinutes: 60 },
      { startsAt: '2026-11-21T18:15:00.000Z', maxMinutes: 60 },
      { startsAt: '2026-11-21T18:30:00.000Z', maxMinutes: 60 },
      { startsAt: '2026-11-21T18:45:00.000Z', maxMinutes: 60 },
      { startsAt: '2026-11-21T19:00:00.000Z', maxMinutes: 60 },
      { startsAt: '2026-11-21T19:15:00.000Z', maxMinutes: 45 },
      { startsAt: '2026-11-21T19:30:00.000Z', maxMinutes: 30 },
      { startsAt: '2026-11-21T19:45:00.000Z', maxMinutes: 15 },
    ]);
    // One more Saturday in the 14 days (5 December's slots start after noon UTC, 14 days on):
    // 8 + 4 starts each, 19:00 in New York being midnight UTC.
    expect(first.slots).toHaveLength(2 * 12);
    expect(first.slots.at(-1)).toEqual({ startsAt: '2026-11-29T00:45:00.000Z', maxMinutes: 15 });

    const client = await createClient(app, { balanceCents: 50_000 });
    expect((await book(client, reader, { startsAt: '2026-11-21T18:30:00.000Z', minutes: 30 })).status).toBe(201);
    const after = (await slots()).slots.filter((slot: { startsAt: string }) => slot.startsAt.startsWith('2026-11-21'));
    expect(after).toEqual([
      { startsAt: '2026-11-21T18:00:00.000Z', maxMinutes: 30 },
      { startsAt: '2026-11-21T18:15:00.000Z', maxMinutes: 15 },
      { startsAt: '2026-11-21T19:00:00.000Z', maxMinutes: 60 },
      { startsAt: '2026-11-21T19:15:00.000Z', maxMinutes: 45 },
      { startsAt: '2026-11-21T19:30:00.000Z', maxMinutes: 30 },
      { startsAt: '2026-11-21T19:45:00.000Z', maxMinutes: 15 },
    ]);
    expect((await http(app).get('/api/readers/nobody/appointment-slots')).status).toBe(404);
  });
});

describe('POST /api/appointments', () => {
  it('holds rate × minutes from the wallet at once, and tells the reader', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const booked = await book(client, reader);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({
      clientId: client.id,
      readerId: reader.id,
      sessionType: 'chat',
      minutes: 30,
      ratePerMinuteCents: 299,
      priceCents: 8970,
      status: 'pending',
      startsAt: hoursAhead(48),
      endsAt: new Date(Date.parse(hoursAhead(48)) + 30 * MINUTE).toISOString(),
      // 12 hours after the booking comes before 12 hours before the start.
      answerBy: new Date(clock.now() + 12 * HOUR).toISOString(),
      feeCents: 0,
    });
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 1030, holdCents: 8970, readerEarningsCents: 0 });
    const wallet = (await http(app, client.cookie).get('/api/wallet')).body;
    expect(wallet).toMatchObject({ balanceCents: 1030, onHoldCents: 8970 });
    expect(wallet.transactions[0]).toMatchObject({
      kind: 'hold',
      amountCents: -8970,
      counterpart: { type: 'hold', id: booked.body.id, name: 'Appointment' },
    });
    expect((await bell(reader))[0]).toMatchObject({ kind: 'appointment_booked', link: '/dashboard/appointments' });
    // Both sides list it.
    for (const user of [client, reader]) {
      expect(
        (await http(app, user.cookie).get('/api/appointments')).body.appointments.map((a: { id: string }) => a.id),
      ).toEqual([booked.body.id]);
    }
  });

  it('answers 402 when the wallet cannot hold the price, and books nothing', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 8969 });
    const refused = await book(client, reader);
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 8969, holdCents: 0, readerEarningsCents: 0 });
    expect((await http(app, client.cookie).get('/api/appointments')).body.appointments).toEqual([]);
    // The slot is still free.
    expect((await book(await createClient(app, { balanceCents: 8970 }), reader)).status).toBe(201);
  });

  it('answers 409 for a slot taken or overlapped, out of the schedule, in the past, under an hour or over 14 days ahead, or off the quarter hour', async () => {
    // Every day 08:00–20:00 UTC.
    const reader = await newReader(
      Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 20 * 60 })),
    );
    const first = await createClient(app, { balanceCents: 100_000 });
    const client = await createClient(app, { balanceCents: 100_000 });
    const tomorrow = (time: string) =>
      new Date(Date.parse(hoursAhead(0)) - (clock.now() % DAY) + DAY + Date.parse(`1970-01-01T${time}Z`)).toISOString();
    expect((await book(first, reader, { startsAt: tomorrow('14:00:00'), minutes: 30 })).status).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt: tomorrow('14:00:00') }, 'That time has just been booked: choose another'],
      [{ startsAt: tomorrow('13:45:00'), minutes: 30 }, 'That time has just been booked: choose another'],
      [{ startsAt: tomorrow('14:15:00'), minutes: 15 }, 'That time has just been booked: choose another'],
      [{ startsAt: tomorrow('19:30:00'), minutes: 45 }, "That time is outside the reader's schedule"],
      [{ startsAt: tomorrow('21:00:00') }, "That time is outside the reader's schedule"],
      [{ startsAt: new Date(clock.now() - HOUR).toISOString() }, 'That time has passed'],
      [{ startsAt: new Date(clock.now() + 45 * MINUTE).toISOString() }, 'Book at least an hour ahead'],
      [{ startsAt: new Date(Date.parse(tomorrow('14:00:00')) + 14 * DAY).toISOString() }, 'Book at most 14 days ahead'],
      [{ startsAt: tomorrow('14:05:00') }, 'Appointments start on the quarter hour'],
    ];
    for (const [overrides, message] of cases) {
      const refused = await book(client, reader, overrides);
      expect(refused.status, JSON.stringify(overrides)).toBe(409);
      expect(refused.body.error.message).toBe(message);
    }
    expect(await moneyOf(client, reader)).toMatchObject({ walletCents: 100_000, holdCents: 0 });
    // Back to back with the booking is fine.
    expect((await book(client, reader, { startsAt: tomorrow('14:30:00'), minutes: 60 })).status).toBe(201);
  });

  it('answers 400 for bad input, 403 for booking yourself, 404 for an unknown reader, 401 signed out, and holds nothing', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    for (const overrides of [
      { minutes: 20 },
      { sessionType: 'phone' },
      { startsAt: 'tomorrow' },
      { readerId: '' },
      { minutes: '30' },
    ]) {
      const refused = await book(client, reader, overrides);
      expect(refused.status, JSON.stringify(overrides)).toBe(400);
      expect(refused.body.error.code).toBe('BAD_REQUEST');
    }
    expect((await book(reader, reader)).status).toBe(403);
    expect(
      (
        await http(app, client.cookie).post('/api/appointments', {
          readerId: 'nobody',
          sessionType: 'chat',
          startsAt: hoursAhead(48),
          minutes: 30,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http(app).post('/api/appointments', {
          readerId: reader.id,
          sessionType: 'chat',
          startsAt: hoursAhead(48),
          minutes: 30,
        })
      ).status,
    ).toBe(401);
    expect(await moneyOf(client, reader)).toMatchObject({ walletCents: 10_000, holdCents: 0 });
  });

  it('lets exactly one of many clients racing for a slot (or overlapping ones) win it', async () => {
    const reader = await newReader();
    const clients = await Promise.all(Array.from({ length: 8 }, () => createClient(app, { balanceCents: 20_000 })));
    const startsAt = hoursAhead(30);
    const overlapping = new Date(Date.parse(startsAt) + 15 * MINUTE).toISOString();
    const results = await Promise.all(
      clients.map((client, i) =>
        book(client, reader, i % 2 === 0 ? { startsAt, minutes: 30 } : { startsAt: overlapping, minutes: 60 }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const winner = clients[results.findIndex((result) => result.status === 201)]!;
    const price = results.find((result) => result.status === 201)!.body.priceCents;
    for (const client of clients) {
      expect(await moneyOf(client, reader)).toMatchObject(
        client === winner ? { walletCents: 20_000 - price, holdCents: price } : { walletCents: 20_000, holdCents: 0 },
      );
    }
  });
});

describe('answering an appointment', () => {
  it('accept: only the reader, once, before the answer time; the client is told', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const stranger = await createClient(app);
    const { id } = (await book(client, reader)).body;
    expect((await act(client, id, 'accept')).status).toBe(403);
    expect((await act(stranger, id, 'accept')).status).toBe(404);
    const accepted = await act(reader, id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect((await act(reader, id, 'accept')).status).toBe(409);
    expect((await act(reader, id, 'decline')).status).toBe(409);
    expect((await bell(client))[0]).toMatchObject({
      kind: 'appointment_accepted',
      title: 'Your appointment is confirmed',
    });
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 1030, holdCents: 8970, readerEarningsCents: 0 });
  });

  it('decline: the hold is released in full', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id } = (await book(client, reader)).body;
    const declined = await act(reader, id, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: 'declined',
      feeCents: 0,
      settledAt: new Date(clock.now()).toISOString(),
    });
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 10_000, holdCents: 0, readerEarningsCents: 0 });
    expect((await bell(client))[0]).toMatchObject({
      kind: 'appointment_declined',
      body: expect.stringContaining('$89.70 is back in your wallet'),
    });
    expect((await act(reader, id, 'accept')).status).toBe(409);
    expect((await act(client, id, 'cancel')).status).toBe(409);
  });

  it('not answered by 12 hours after the booking (or 12 hours before the start, if sooner) is declined by itself', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 20_000 });
    // Two days ahead: answer within 12 hours of booking. Twenty hours ahead: by 12 hours before the start (8 hours).
    const far = (await book(client, reader, { startsAt: hoursAhead(48) })).body;
    const near = (await book(client, reader, { startsAt: hoursAhead(20) })).body;
    expect(far.answerBy).toBe(new Date(clock.now() + 12 * HOUR).toISOString());
    expect(near.answerBy).toBe(new Date(Date.parse(near.startsAt) - 12 * HOUR).toISOString());
    expect(await moneyOf(client, reader)).toMatchObject({ walletCents: 20_000 - 2 * 8970, holdCents: 2 * 8970 });

    clock.advance(Date.parse(near.answerBy) - clock.now() - 1);
    await runDueWork(app.sessions);
    expect(await moneyOf(client, reader)).toMatchObject({ holdCents: 2 * 8970 });
    clock.advance(1);
    // At the answer time an accept is refused even before the scheduler runs.
    expect((await act(reader, near.id, 'accept')).status).toBe(409);
    await runDueWork(app.sessions);
    await runDueWork(app.sessions);
    expect(await moneyOf(client, reader)).toMatchObject({ walletCents: 20_000 - 8970, holdCents: 8970 });
    expect((await bell(client))[0]).toMatchObject({
      kind: 'appointment_declined',
      title: 'Your appointment was not accepted in time',
    });

    clock.advance(Date.parse(far.answerBy) - clock.now());
    await runDueWork(app.sessions);
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 20_000, holdCents: 0, readerEarningsCents: 0 });
    const listed = (await http(app, client.cookie).get('/api/appointments')).body.appointments;
    expect(listed.map((a: { status: string }) => a.status)).toEqual(['declined', 'declined']);
  });

  it('a booking made less than 12 hours ahead may be answered until 15 minutes before the start', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const booked = (await book(client, reader, { startsAt: hoursAhead(3) })).body;
    expect(booked.answerBy).toBe(new Date(Date.parse(booked.startsAt) - 15 * MINUTE).toISOString());
    clock.advance(2 * HOUR);
    await runDueWork(app.sessions);
    expect((await act(reader, booked.id, 'accept')).status).toBe(200);
  });
});

describe('cancelling an appointment', () => {
  it('by the client more than 12 hours ahead: released in full, and the reader is told', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id, startsAt } = (await book(client, reader)).body;
    expect((await act(reader, id, 'accept')).status).toBe(200);
    clock.advance(Date.parse(startsAt) - 12 * HOUR - 1 - clock.now());
    const cancelled = await act(client, id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'client', feeCents: 0 });
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 10_000, holdCents: 0, readerEarningsCents: 0 });
    expect((await bell(reader))[0]).toMatchObject({
      kind: 'appointment_cancelled',
      title: 'An appointment was cancelled',
    });
    expect((await act(client, id, 'cancel')).status).toBe(409);
  });

  it('by the client 12 hours ahead or later: half the price to the reader (70/30), the rest released', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id, startsAt } = (await book(client, reader)).body;
    expect((await act(reader, id, 'accept')).status).toBe(200);
    clock.advance(Date.parse(startsAt) - 12 * HOUR - clock.now());
    const revenueBefore = await revenueTotal();
    const cancelled = await act(client, id, 'cancel');
    expect(cancelled.status).toBe(200);
    // 8970 × 50% = 4485: floor(70%) = 3139 to the reader's earnings (final), 1346 to the platform; 4485 back.
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'client', feeCents: 4485 });
    expect(await moneyOf(client, reader)).toEqual({
      walletCents: 1030 + 4485,
      holdCents: 0,
      readerEarningsCents: 3139,
    });
    expect((await revenueTotal()) - revenueBefore).toBe(1346);
    expect((await bell(reader))[0]).toMatchObject({
      body: expect.stringContaining('A late-cancellation fee of $44.85 is yours.'),
    });
  });

  it('by the client before the reader accepted, however late: released in full', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id } = (await book(client, reader, { startsAt: hoursAhead(3) })).body;
    clock.advance(2 * HOUR);
    expect((await act(client, id, 'cancel')).body).toMatchObject({ status: 'cancelled', feeCents: 0 });
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 10_000, holdCents: 0, readerEarningsCents: 0 });
  });

  it('by the reader, however late: released in full; after the start, by no one', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 20_000 });
    const late = (await book(client, reader, { startsAt: hoursAhead(3) })).body;
    const started = (await book(client, reader, { startsAt: hoursAhead(4) })).body;
    for (const { id } of [late, started]) expect((await act(reader, id, 'accept')).status).toBe(200);
    clock.advance(2 * HOUR);
    const cancelled = await act(reader, late.id, 'cancel');
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'reader', feeCents: 0 });
    expect((await bell(client))[0]).toMatchObject({
      kind: 'appointment_cancelled',
      title: 'Your appointment was cancelled',
    });
    clock.advance(2 * HOUR);
    for (const user of [client, reader]) expect((await act(user, started.id, 'cancel')).status).toBe(409);
    expect(await moneyOf(client, reader)).toEqual({
      walletCents: 20_000 - 8970,
      holdCents: 8970,
      readerEarningsCents: 0,
    });
    // The reader never came: the scheduler settles it (missed by reader).
    clock.advance(10 * MINUTE);
    await runDueWork(app.sessions);
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 20_000, holdCents: 0, readerEarningsCents: 0 });
  });
});

describe('reminders', () => {
  it('go to both sides by notification and mail a day and 15 minutes before, each once', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id, startsAt } = (await book(client, reader, { startsAt: hoursAhead(72) })).body;
    expect((await act(reader, id, 'accept')).status).toBe(200);
    const reminders = async (user: TestUser) =>
      (await deliveredTo(app, user.email))
        .filter((mail) => mail.kind === 'appointment_reminder')
        .map((mail) => mail.subject);
    const start = Date.parse(startsAt);

    clock.advance(start - DAY - 1 - clock.now());
    await runDueWork(app.sessions);
    expect(await reminders(client)).toEqual([]);
    clock.advance(1);
    await runDueWork(app.sessions);
    await runDueWork(app.sessions);
    expect(await reminders(client)).toEqual([
      expect.stringMatching(/^Reminder: your chat reading with .+ starts tomorrow$/),
    ]);
    expect(await reminders(reader)).toEqual(['Reminder: your chat reading with Test client starts tomorrow']);
    expect((await bell(reader))[0]).toMatchObject({
      kind: 'appointment_reminder',
      title: 'Your reading with Test client starts tomorrow',
    });

    clock.advance(start - 15 * MINUTE - clock.now());
    await runDueWork(app.sessions);
    clock.advance(5 * MINUTE);
    await runDueWork(app.sessions);
    expect(await reminders(client)).toHaveLength(2);
    expect((await reminders(reader))[0]).toBe('Reminder: your chat reading with Test client starts in 15 minutes');
    expect(await reminders(reader)).toHaveLength(2);
    expect((await bell(client)).filter((n) => n.kind === 'appointment_reminder')).toHaveLength(2);
    expect(await moneyOf(client, reader)).toMatchObject({ holdCents: 8970 });
  });

  it('a booking made within a day of its start gets only the 15-minute reminder', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id, startsAt } = (await book(client, reader, { startsAt: hoursAhead(5) })).body;
    expect((await act(reader, id, 'accept')).status).toBe(200);
    await runDueWork(app.sessions);
    clock.advance(Date.parse(startsAt) - 15 * MINUTE - clock.now());
    await runDueWork(app.sessions);
    const subjects = (await deliveredTo(app, client.email))
      .filter((mail) => mail.kind === 'appointment_reminder')
      .map((mail) => mail.subject);
    expect(subjects).toEqual([expect.stringMatching(/starts in 15 minutes$/)]);
  });
});

describe('missed by the reader', () => {
  it('10 minutes after the start with no reader: released in full, and the reader’s dashboard counts it', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id, startsAt } = (await book(client, reader, { startsAt: hoursAhead(2) })).body;
    expect((await act(reader, id, 'accept')).status).toBe(200);
    clock.advance(Date.parse(startsAt) + 10 * MINUTE - 1 - clock.now());
    await runDueWork(app.sessions);
    expect(await moneyOf(client, reader)).toMatchObject({ holdCents: 8970 });
    clock.advance(1);
    await runDueWork(app.sessions);
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 10_000, holdCents: 0, readerEarningsCents: 0 });
    const mine = (await http(app, reader.cookie).get('/api/appointments')).body;
    expect(mine).toMatchObject({ missedByReaderCount: 1, appointments: [{ id, status: 'missed_by_reader' }] });
    expect((await bell(client))[0]).toMatchObject({ kind: 'appointment_missed', title: 'Your reader did not come' });
  });
});

/** An accepted appointment `hours` ahead, the clock moved to its start. */
async function acceptedAtItsStart(options: { minutes?: number; balanceCents?: number } = {}) {
  const reader = await newReader();
  const client = await createClient(app, { balanceCents: options.balanceCents ?? 10_000 });
  const booked = await book(client, reader, { startsAt: hoursAhead(2), minutes: options.minutes ?? 15 });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const { id, startsAt } = booked.body;
  expect((await act(reader, id, 'accept')).status).toBe(200);
  clock.advance(Date.parse(startsAt) - clock.now());
  return { reader, client, id, startsAt: Date.parse(startsAt) };
}

/** Both sides join; the reading room opens and starts when both are in it (minute 1 charged from the hold). */
async function joinAndStart(client: TestUser, reader: TestUser, id: string) {
  expect((await act(client, id, 'join')).body.sessionId).toBeNull();
  const joined = await act(reader, id, 'join');
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const sessionId = joined.body.sessionId as string;
  expect(sessionId).toEqual(expect.any(String));
  await driver.heartbeat(sessionId);
  const started = await http(app, client.cookie).post('/api/sessions/start', { sessionId });
  expect(started.body).toMatchObject({ status: 'active', minutesCharged: 1, ratePerMinuteCents: CHAT_RATE });
  return sessionId;
}

describe('the booked reading', () => {
  it("'Join' opens 5 minutes before the start, for the two sides of an accepted appointment only", async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 10_000 });
    const { id, startsAt } = (await book(client, reader, { startsAt: hoursAhead(2), minutes: 15 })).body;
    expect((await act(client, id, 'join')).status).toBe(409);
    expect((await act(reader, id, 'accept')).status).toBe(200);
    clock.advance(Date.parse(startsAt) - 5 * MINUTE - 1 - clock.now());
    expect((await act(client, id, 'join')).body.error.message).toBe("'Join' opens 5 minutes before the start");
    clock.advance(1);
    expect((await act(await createClient(app), id, 'join')).status).toBe(404);
    const joined = await act(client, id, 'join');
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      clientJoinedAt: new Date(clock.now()).toISOString(),
      readerJoinedAt: null,
      sessionId: null,
    });
  });

  it('bills from the hold minute by minute and ends at the booked length; the unused rest is released', async () => {
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15 });
    // 15 × 299 = 4485 held.
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 5515, holdCents: 4485, readerEarningsCents: 0 });
    const sessionId = await joinAndStart(client, reader, id);
    // Minute 1 came out of the hold, not the wallet.
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 5515, holdCents: 4485 - 299, readerEarningsCents: 0 });
    for (let minute = 2; minute <= 15; minute++) await driver.nextMinute(sessionId);
    const running = (await http(app, client.cookie).get(`/api/sessions/${sessionId}`)).body;
    expect(running).toMatchObject({ status: 'active', minutesCharged: 15, totalCostCents: 4485 });
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 5515, holdCents: 0, readerEarningsCents: 0 });
    // The 16th minute would fall due: the reading ends at its booked length instead.
    await driver.nextMinute(sessionId);
    const ended = (await http(app, client.cookie).get(`/api/sessions/${sessionId}`)).body;
    expect(ended).toMatchObject({
      status: 'completed',
      minutesCharged: 15,
      totalCostCents: 4485,
      endReason: 'completed',
    });
    // floor(70% of 4485) = 3139 to the reader, released to earnings at the end.
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 5515, holdCents: 0, readerEarningsCents: 3139 });
    expect((await http(app, client.cookie).get('/api/appointments')).body.appointments[0]).toMatchObject({
      id,
      status: 'completed',
      sessionId,
    });
    const receipt = await http(app, client.cookie).get(`/api/sessions/${sessionId}/receipt`);
    expect(receipt.body.minutes).toHaveLength(15);
    // The admin's Sessions tab tells booked readings from walk-in ones.
    const admin = await createAdmin(app);
    const listed = async (booking: string) =>
      (await http(app, admin.cookie).get(`/api/admin/sessions?booking=${booking}&limit=100`)).body.sessions.map(
        (s: { id: string }) => s.id,
      );
    expect(await listed('booked')).toContain(sessionId);
    expect(await listed('walk-in')).not.toContain(sessionId);
  });

  it('ended early by the client: what was not used goes back to the wallet', async () => {
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 30 });
    const sessionId = await joinAndStart(client, reader, id);
    for (let minute = 2; minute <= 5; minute++) await driver.nextMinute(sessionId);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId })).status).toBe(200);
    // 30 × 299 = 8970 held; 5 minutes (1495) used; 7475 back.
    expect(await moneyOf(client, reader)).toEqual({
      walletCents: 1030 + 7475,
      holdCents: 0,
      readerEarningsCents: 1046,
    });
  });

  it('the first-3-minute refund gives every charge back, and the whole price is released', async () => {
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15 });
    const sessionId = await joinAndStart(client, reader, id);
    await driver.nextMinute(sessionId);
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId, refundRequested: true });
    expect(ended.status).toBe(200);
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 10_000, holdCents: 0, readerEarningsCents: 0 });
    expect((await http(app, client.cookie).get('/api/appointments')).body.appointments[0]).toMatchObject({
      status: 'completed',
    });
  });

  it('keeps the reader busy for walk-in requests while its slot runs', async () => {
    const { reader, client, id } = await acceptedAtItsStart();
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const walkIn = await createClient(app, { balanceCents: 10_000 });
    const refused = await http(app, walkIn.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/has a booked reading now/);
    await joinAndStart(client, reader, id);
  });

  it('warns the reader of a walk-in request that could run into their next booked reading', async () => {
    const reader = await newReader();
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const client = await createClient(app, { balanceCents: 20_000 });
    const booked = (await book(client, reader, { startsAt: hoursAhead(2), minutes: 15 })).body;
    expect((await act(reader, booked.id, 'accept')).status).toBe(200);
    const socket = await app.connectSocket(reader.cookie);
    const walkIn = await createClient(app, { balanceCents: 10_000 });
    const request = () =>
      http(app, walkIn.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' });
    // Over an hour ahead: no warning.
    let heard = nextEvent(socket, 'session_request');
    const first = await request();
    expect(first.status).toBe(201);
    expect(await heard).not.toHaveProperty('nextAppointmentAt');
    expect((await http(app, walkIn.cookie).post('/api/sessions/end', { sessionId: first.body.id })).status).toBe(200);
    clock.advance(Date.parse(booked.startsAt) - 40 * MINUTE - clock.now());
    heard = nextEvent(socket, 'session_request');
    expect((await request()).status).toBe(201);
    expect(await heard).toMatchObject({ clientId: walkIn.id, nextAppointmentAt: booked.startsAt });
    socket.disconnect();
  });

  it('a client who did not join: half the price to the reader as a no-show fee, the rest released', async () => {
    const { reader, client, id, startsAt } = await acceptedAtItsStart({ minutes: 15 });
    expect((await act(reader, id, 'join')).status).toBe(200);
    clock.advance(startsAt + 10 * MINUTE - clock.now());
    await runDueWork(app.sessions);
    // 4485 / 2 = 2242 (rounded down): floor(70%) = 1569 to the reader, 673 to the platform, 2243 back.
    expect(await moneyOf(client, reader)).toEqual({
      walletCents: 5515 + 2243,
      holdCents: 0,
      readerEarningsCents: 1569,
    });
    expect((await http(app, reader.cookie).get('/api/appointments')).body).toMatchObject({
      missedByReaderCount: 0,
      appointments: [{ id, status: 'missed_by_client', feeCents: 2242 }],
    });
    expect((await bell(reader))[0]).toMatchObject({ kind: 'appointment_missed', title: 'Your client did not come' });
  });

  it('a reader who did not join while the client did: missed by the reader, released in full', async () => {
    const { reader, client, id, startsAt } = await acceptedAtItsStart({ minutes: 15 });
    expect((await act(client, id, 'join')).status).toBe(200);
    clock.advance(startsAt + 10 * MINUTE - clock.now());
    await runDueWork(app.sessions);
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 10_000, holdCents: 0, readerEarningsCents: 0 });
    expect((await http(app, reader.cookie).get('/api/appointments')).body).toMatchObject({ missedByReaderCount: 1 });
  });

  it('a reading room nobody entered in time is given up, and the appointment can be joined again', async () => {
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15 });
    expect((await act(client, id, 'join')).status).toBe(200);
    const first = (await act(reader, id, 'join')).body.sessionId as string;
    clock.advance(3 * MINUTE);
    await runDueWork(app.sessions);
    expect((await http(app, client.cookie).get(`/api/sessions/${first}`)).body).toMatchObject({ status: 'cancelled' });
    expect((await http(app, client.cookie).get('/api/appointments')).body.appointments[0]).toMatchObject({
      status: 'accepted',
      clientJoinedAt: null,
      readerJoinedAt: null,
    });
    expect(await moneyOf(client, reader)).toMatchObject({ holdCents: 4485 });
    const second = await joinAndStart(client, reader, id);
    expect(second).not.toBe(first);
  });
});

describe('extending the booked reading', () => {
  const extend = (user: TestUser, sessionId: string, ratePerMinuteCents: number) =>
    http(app, user.cookie).post(`/api/sessions/${sessionId}/extend`, { ratePerMinuteCents });
  const sessionOf = async (user: TestUser, sessionId: string) =>
    (await http(app, user.cookie).get(`/api/sessions/${sessionId}`)).body;

  it('once both press Extend, minutes past the booked length come from the wallet at the live rate, and pause for a top-up as any reading', async () => {
    // 15 × 299 = 4485 held; 400 left in the wallet: one extra minute at the live rate, not two.
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15, balanceCents: 4485 + 400 });
    const sessionId = await joinAndStart(client, reader, id);
    // The reader's live rate rose after the booking: the booked minutes keep theirs, an extension costs the new one.
    expect((await http(app, reader.cookie).patch('/api/readers/me', { chatRateCents: 349 })).status).toBe(200);
    expect((await sessionOf(client, sessionId)).booking).toEqual({
      appointmentId: id,
      bookedMinutes: 15,
      liveRatePerMinuteCents: 349,
      clientExtendedAt: null,
      readerExtendedAt: null,
      extensionRatePerMinuteCents: null,
    });

    // A press names the rate its button showed: the old one is refused with the new.
    const stale = await extend(client, sessionId, 299);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ message: "The reader's rate has changed", ratePerMinuteCents: 349 });
    const readerSocket = await app.connectSocket(reader.cookie);
    const heard = nextEvent(readerSocket, 'session_extension');
    const pressed = await extend(client, sessionId, 349);
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(200);
    expect(pressed.body.booking).toMatchObject({
      clientExtendedAt: new Date(clock.now()).toISOString(),
      readerExtendedAt: null,
      extensionRatePerMinuteCents: 349,
    });
    expect(await heard).toEqual({ sessionId, booking: pressed.body.booking });
    readerSocket.disconnect();
    // The reader agrees to the rate the client agreed to; pressing twice changes nothing.
    expect((await extend(reader, sessionId, 349)).body.booking).toMatchObject({
      readerExtendedAt: new Date(clock.now()).toISOString(),
      extensionRatePerMinuteCents: 349,
    });
    expect((await extend(reader, sessionId, 349)).status).toBe(200);

    for (let minute = 2; minute <= 15; minute++) await driver.nextMinute(sessionId);
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 400, holdCents: 0, readerEarningsCents: 0 });
    // Minute 16 is past the booked length: the reading goes on, paid from the wallet at 349.
    await driver.nextMinute(sessionId);
    expect(await sessionOf(client, sessionId)).toMatchObject({
      status: 'active',
      minutesCharged: 16,
      totalCostCents: 4485 + 349,
    });
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 51, holdCents: 0, readerEarningsCents: 0 });
    // Minute 17 cannot be paid: a pause for funds, then the end when its window closes unpaid.
    await driver.nextMinute(sessionId);
    expect(await sessionOf(client, sessionId)).toMatchObject({
      status: 'active',
      minutesCharged: 16,
      pauseReason: 'insufficient_funds',
    });
    for (const step of [MINUTE, MINUTE]) {
      clock.advance(step);
      await driver.heartbeat(sessionId);
    }
    await runDueWork(app.sessions);
    expect(await sessionOf(client, sessionId)).toMatchObject({
      status: 'completed',
      minutesCharged: 16,
      endReason: 'insufficient_funds',
    });
    // floor(70% of 4834) = 3383 to the reader; the hold was used to the cent and nothing came back from it.
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 51, holdCents: 0, readerEarningsCents: 3383 });
    expect((await http(app, client.cookie).get('/api/appointments')).body.appointments[0]).toMatchObject({
      id,
      status: 'completed',
    });
    const receipt = (await http(app, client.cookie).get(`/api/sessions/${sessionId}/receipt`)).body;
    expect(receipt.minutes.map((line: { amountCents: number }) => line.amountCents)).toEqual([
      ...Array(15).fill(299),
      349,
    ]);
  });

  it('a top-up lifts the pause past the booked length, as in any reading', async () => {
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15, balanceCents: 4485 });
    const sessionId = await joinAndStart(client, reader, id);
    expect((await extend(reader, sessionId, CHAT_RATE)).status).toBe(200);
    expect((await extend(client, sessionId, CHAT_RATE)).status).toBe(200);
    for (let minute = 2; minute <= 16; minute++) await driver.nextMinute(sessionId);
    expect(await sessionOf(client, sessionId)).toMatchObject({ minutesCharged: 15, pauseReason: 'insufficient_funds' });
    expect(
      (
        await http(app, client.cookie).post(
          '/api/payments/wallet-deposit',
          { amountCents: 1000, paymentMethodId: 'pm_card_visa' },
          { 'Idempotency-Key': 'top-up-past-booked' },
        )
      ).status,
    ).toBe(201);
    expect(await sessionOf(client, sessionId)).toMatchObject({
      status: 'active',
      minutesCharged: 16,
      pauseReason: null,
    });
    expect(await moneyOf(client, reader)).toEqual({
      walletCents: 1000 - CHAT_RATE,
      holdCents: 0,
      readerEarningsCents: 0,
    });
  });

  it('pressed by one side only, the reading ends at its booked length and the wallet is untouched', async () => {
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15 });
    const sessionId = await joinAndStart(client, reader, id);
    expect((await extend(client, sessionId, CHAT_RATE)).status).toBe(200);
    for (let minute = 2; minute <= 16; minute++) await driver.nextMinute(sessionId);
    expect(await sessionOf(client, sessionId)).toMatchObject({
      status: 'completed',
      minutesCharged: 15,
      totalCostCents: 4485,
      endReason: 'completed',
    });
    expect(await moneyOf(client, reader)).toEqual({ walletCents: 5515, holdCents: 0, readerEarningsCents: 3139 });
    // Over, it can no longer be extended.
    expect((await extend(reader, sessionId, CHAT_RATE)).body.error.message).toBe('This reading is not in progress');
  });

  it('is refused for a walk-in reading, a stranger, a bad rate, and once the booked time is over', async () => {
    const walkIn = await driver.startReading({ rateCents: 199, balanceCents: 1000 });
    expect((await extend(walkIn.client, walkIn.id, 199)).body.error.message).toBe(
      'Only a booked reading can be extended',
    );
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15 });
    const sessionId = await joinAndStart(client, reader, id);
    expect((await extend(await createClient(app), sessionId, CHAT_RATE)).status).toBe(403);
    for (const body of [
      {},
      { ratePerMinuteCents: 0 },
      { ratePerMinuteCents: 2.5 },
      { ratePerMinuteCents: CHAT_RATE, extra: 1 },
    ]) {
      expect(
        (await http(app, client.cookie).post(`/api/sessions/${sessionId}/extend`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await sessionOf(client, sessionId)).booking).toMatchObject({
      clientExtendedAt: null,
      readerExtendedAt: null,
    });
    for (let minute = 2; minute <= 15; minute++) await driver.nextMinute(sessionId);
    // The 16th minute's moment has come and the scheduler has not ended it yet: too late to extend.
    clock.advance(MINUTE);
    expect((await extend(client, sessionId, CHAT_RATE)).body.error.message).toBe('The booked time is over');
  });

  it('is not pressed through another spelling of its path or from a foreign page (attack)', async () => {
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15 });
    const sessionId = await joinAndStart(client, reader, id);
    const press = (url: string, origin: string) =>
      app.app.inject({
        method: 'POST',
        url,
        headers: { origin, cookie: client.cookie, 'content-type': 'application/json' },
        payload: { ratePerMinuteCents: CHAT_RATE },
      });
    // Whatever the spelling, a press from another site's page is refused before it is read.
    const spellings = [
      `/api/sessions/${sessionId}/extend`,
      `/api/sessions/${sessionId}/./extend`,
      `/api//sessions/${sessionId}/extend`,
      `/api/sessions/${sessionId}/%65xtend`,
      `/%61pi/sessions/${sessionId}/extend`,
    ];
    for (const url of spellings)
      expect((await press(url, 'https://evil.example')).statusCode, url).toBeGreaterThanOrEqual(400);
    expect((await sessionOf(client, sessionId)).booking).toMatchObject({
      clientExtendedAt: null,
      extensionRatePerMinuteCents: null,
    });
  });

  it('both sides pressing many times at once agree once, at one rate, and bill exactly (race)', async () => {
    const { reader, client, id } = await acceptedAtItsStart({ minutes: 15, balanceCents: 4485 + 1000 });
    const sessionId = await joinAndStart(client, reader, id);
    const presses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => extend(i % 2 === 0 ? client : reader, sessionId, CHAT_RATE)),
    );
    expect(presses.map((press) => press.status)).toEqual(Array(12).fill(200));
    const { booking } = await sessionOf(client, sessionId);
    expect(booking).toMatchObject({
      extensionRatePerMinuteCents: CHAT_RATE,
      clientExtendedAt: expect.any(String),
      readerExtendedAt: expect.any(String),
    });
    for (let minute = 2; minute <= 18; minute++) await driver.nextMinute(sessionId);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId })).status).toBe(200);
    // 15 minutes from the hold, 3 from the wallet; floor(70% of 18 × 299 = 5382) = 3767.
    expect(await moneyOf(client, reader)).toEqual({
      walletCents: 1000 - 3 * CHAT_RATE,
      holdCents: 0,
      readerEarningsCents: 3767,
    });
  });
});

describe('accounts with appointments', () => {
  it('are in the data export, and cannot be deleted while an appointment of theirs is open, as client or as reader', async () => {
    const reader = await newReader();
    const client = await createClient(app, { balanceCents: 8970 });
    const { id } = (await book(client, reader)).body;
    for (const user of [client, reader]) {
      const refused = await http(app, user.cookie).post('/api/account/delete', { password: user.password });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(
        'An appointment is still open. Cancel it or wait until it is over, then delete your account.',
      );
    }
    const exported = (await http(app, client.cookie).get('/api/account/export')).body;
    expect(exported.appointments).toEqual([
      expect.objectContaining({ id, as: 'client', status: 'pending', priceCents: 8970, minutes: 30, type: 'chat' }),
    ]);
    expect((await act(client, id, 'cancel')).status).toBe(200);
    // Released, the money is the client's wallet again: that rule speaks now.
    const after = await http(app, client.cookie).post('/api/account/delete', { password: client.password });
    expect(after.body.error.message).toMatch(/^Your wallet still holds \$89\.70/);
  });
});

describe('the money of any appointment', () => {
  it('is conserved: the client loses exactly the fee its ending calls for, split 70/30, and nothing stays held (property)', async () => {
    const RATES = { chat: CHAT_RATE, audio: 399, video: 499 } as const;
    const endings = [
      'decline',
      'unanswered',
      'reader-cancels',
      'client-cancels',
      'reader-misses',
      'client-misses',
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          sessionType: fc.constantFrom('chat', 'audio', 'video'),
          minutes: fc.constantFrom(15, 30, 45, 60),
          leadHours: fc.integer({ min: 2, max: 300 }),
          ending: fc.constantFrom(...endings),
          isAccepted: fc.boolean(),
          // When the client cancels: this many minutes before the start (at least 1).
          cancelLeadMinutes: fc.integer({ min: 1, max: 300 * 60 }),
        }),
        async ({ sessionType, minutes, leadHours, ending, isAccepted, cancelLeadMinutes }) => {
          const reader = await newReader();
          const client = await createClient(app, { balanceCents: 40_000 });
          const revenueBefore = await revenueTotal();
          const booked = await book(client, reader, { sessionType, minutes, startsAt: hoursAhead(leadHours) });
          expect(booked.status, JSON.stringify(booked.body)).toBe(201);
          const { id, startsAt, answerBy, priceCents } = booked.body;
          expect(priceCents).toBe(RATES[sessionType] * minutes);
          const start = Date.parse(startsAt);
          const needsAccept =
            ['reader-cancels', 'reader-misses', 'client-misses'].includes(ending) ||
            (ending === 'client-cancels' && isAccepted);
          if (needsAccept) expect((await act(reader, id, 'accept')).status).toBe(200);
          let feeCents = 0;
          if (ending === 'decline') {
            expect((await act(reader, id, 'decline')).status).toBe(200);
          } else if (ending === 'unanswered') {
            clock.advance(Date.parse(answerBy) - clock.now());
            await runDueWork(app.sessions);
          } else if (ending === 'reader-cancels') {
            expect((await act(reader, id, 'cancel')).status).toBe(200);
          } else if (ending === 'client-cancels') {
            clock.advance(Math.max(0, start - cancelLeadMinutes * MINUTE - clock.now()));
            const isLate = needsAccept && start - clock.now() <= 12 * HOUR;
            feeCents = isLate ? Math.floor(priceCents / 2) : 0;
            expect((await act(client, id, 'cancel')).body).toMatchObject({ status: 'cancelled', feeCents });
          } else {
            if (ending === 'client-misses') {
              clock.advance(start - clock.now());
              expect((await act(reader, id, 'join')).status).toBe(200);
              feeCents = Math.floor(priceCents / 2);
            }
            clock.advance(start + 10 * MINUTE - clock.now());
            await runDueWork(app.sessions);
          }
          const readerCents = Math.floor((feeCents * 70) / 100);
          expect(await moneyOf(client, reader)).toEqual({
            walletCents: 40_000 - feeCents,
            holdCents: 0,
            readerEarningsCents: readerCents,
          });
          expect((await revenueTotal()) - revenueBefore).toBe(feeCents - readerCents);
          expect(await checkLedger(app.db)).toEqual([]);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('GET /api/wallet names each hold (issue 43)', () => {
  it('lists a booked reading by its reader and time, and a written question, each with what it still holds, adding up to onHoldCents', async () => {
    // A booking accepted for 2 hours ahead, then read: its first minute has used 299 of its 4485.
    const { reader, client, id, startsAt } = await acceptedAtItsStart({ minutes: 15, balanceCents: 20_000 });
    // Before that reading: a booking 3 days ahead still waiting for its reader, and a written question.
    const later = await newReader();
    const pending = await book(client, later, { startsAt: hoursAhead(72), minutes: 30 });
    expect(pending.status, JSON.stringify(pending.body)).toBe(201);
    expect((await http(app, later.cookie).patch('/api/readers/me', { writtenReadingPriceCents: 1999 })).status).toBe(
      200,
    );
    const asked = await http(app, client.cookie).post('/api/written-readings', {
      readerId: later.id,
      question: 'Will the new job bring me closer to home?',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await joinAndStart(client, reader, id);

    const wallet = (await http(app, client.cookie).get('/api/wallet')).body;
    // The names the Appointments tab shows: each reader's profile name.
    const named = new Map<string, string>(
      (await http(app, client.cookie).get('/api/appointments')).body.appointments.map(
        (a: { readerId: string; readerName: string }) => [a.readerId, a.readerName],
      ),
    );
    const readerName = (user: TestUser) => named.get(user.id);
    expect(wallet.holds).toEqual([
      {
        kind: 'appointment',
        id,
        amountCents: 4485 - 299,
        readerId: reader.id,
        readerName: readerName(reader),
        sessionType: 'chat',
        startsAt: new Date(startsAt).toISOString(),
        minutes: 15,
        status: 'accepted',
      },
      {
        kind: 'written_reading',
        id: asked.body.id,
        amountCents: 1999,
        readerId: later.id,
        readerName: readerName(later),
        askedAt: asked.body.createdAt,
        dueAt: asked.body.dueAt,
      },
      {
        kind: 'appointment',
        id: pending.body.id,
        amountCents: 8970,
        readerId: later.id,
        readerName: readerName(later),
        sessionType: 'chat',
        startsAt: pending.body.startsAt,
        minutes: 30,
        status: 'pending',
      },
    ]);
    expect(wallet.onHoldCents).toBe(4485 - 299 + 1999 + 8970);
    expect(wallet.balanceCents).toBe(20_000 - 4485 - 1999 - 8970);
  });
});
