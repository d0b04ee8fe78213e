import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { ledgerTotalCents, revenueCents } from '../../../../tests/integration/ledger-sums';
import { collect, delivered } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { markSeen } from '../../realtime/presence/session-presence';
import { getEarnings, getWalletBalanceCents } from '../wallet';
import { runDueWork } from './scheduler';

const MINUTE = 60_000;

const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });

const now = () => new Date(clock.now());
const balance = (user: TestUser) => getWalletBalanceCents(app.db, user.id);
const revenue = () => revenueCents(app.db);
const session = async (id: string, as: TestUser) => (await http(app, as.cookie).get(`/api/sessions/${id}`)).body;
const heartbeat = async (id: string) => {
  for (const side of ['client', 'reader'] as const) await markSeen(app.db, [id], side, now());
};

async function onlineReader(rateCents: number, freeMinutes: number) {
  const reader = await createReader(app, { chatRateCents: rateCents });
  expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true, freeMinutes })).status).toBe(200);
  return reader;
}

/** Requests, accepts and starts a chat reading; minute 1 is billed at once. */
async function startReading(client: TestUser, reader: TestUser, rateCents: number) {
  const requested = await http(app, client.cookie).post('/api/sessions/request', {
    readerId: reader.id,
    sessionType: 'chat',
    ratePerMinuteCents: rateCents,
  });
  expect(requested.status).toBe(201);
  const id = requested.body.id as string;
  expect(
    (await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' })).status,
  ).toBe(200);
  await heartbeat(id);
  expect((await http(app, client.cookie).post('/api/sessions/start', { sessionId: id })).status).toBe(200);
  return id;
}

async function nextMinute(id: string) {
  clock.advance(MINUTE / 2);
  await heartbeat(id);
  clock.advance(MINUTE / 2);
  await heartbeat(id);
  await runDueWork(app.sessions);
}

async function endReading(id: string, client: TestUser) {
  const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
  expect(ended.status).toBe(200);
  return ended.body;
}

const freeMinutesShown = async (readerId: string, viewer?: TestUser) =>
  (await http(app, viewer?.cookie).get(`/api/readers/${readerId}`)).body.freeMinutes;

describe('free first minutes', () => {
  it("bills a first reading's offered minutes at 0, counts them in the minutes but not the cost, and the second reading pays from minute 1", async () => {
    const RATE = 399;
    const reader = await onlineReader(RATE, 3);
    const client = await createClient(app, { balanceCents: 2000 });
    expect(await freeMinutesShown(reader.id, client)).toBe(3);
    expect(await freeMinutesShown(reader.id)).toBe(3);
    const revenueBefore = await revenue();

    const socket = await app.connectSocket(client.cookie);
    const updates = collect<{
      minutesCharged: number;
      free: boolean;
      freeMinutes: number;
      totalCostCents: number;
      isFinalMinute: boolean;
    }>(socket, 'billing_update');
    const ended = collect<{ totalMinutes: number; totalCostCents: number }>(socket, 'session_ended');
    const id = await startReading(client, reader, RATE);
    expect(await session(id, client)).toMatchObject({ freeMinutes: 3, minutesCharged: 1, totalCostCents: 0 });
    expect(await balance(client)).toBe(2000);
    for (let minute = 2; minute <= 5; minute++) await nextMinute(id);
    expect(await balance(client)).toBe(2000 - 2 * RATE);
    expect(await endReading(id, client)).toMatchObject({
      minutesCharged: 5,
      totalCostCents: 2 * RATE,
      readerEarningsCents: splitCharge(2 * RATE).readerCents,
    });
    await delivered(socket);
    expect(updates.map((u) => [u.minutesCharged, u.free, u.totalCostCents])).toEqual([
      [1, true, 0],
      [2, true, 0],
      [3, true, 0],
      [4, false, RATE],
      [5, false, 2 * RATE],
    ]);
    expect(updates.every((u) => u.freeMinutes === 3)).toBe(true);
    expect(ended).toEqual([expect.objectContaining({ totalMinutes: 5, totalCostCents: 2 * RATE })]);
    // The reader earns nothing for the free minutes; the platform nothing either.
    expect(await getEarnings(app.db, reader.id)).toEqual({
      availableCents: splitCharge(2 * RATE).readerCents,
      heldCents: 0,
    });
    expect((await revenue()) - revenueBefore).toBe(2 * RATE - splitCharge(2 * RATE).readerCents);
    expect(await ledgerTotalCents(app.db)).toBe(0);

    expect(await freeMinutesShown(reader.id, client)).toBe(0);
    expect(await freeMinutesShown(reader.id)).toBe(3);
    // Minutes passed with no page of the reader beating: they went offline, and come back.
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const second = await startReading(client, reader, RATE);
    expect(await session(second, client)).toMatchObject({ freeMinutes: 0, minutesCharged: 1, totalCostCents: RATE });
    expect(await balance(client)).toBe(2000 - 3 * RATE);
    await endReading(second, client);
    socket.disconnect();
  });

  it('keeps the offer for a client whose first request was declined, and applies only the offer made when they asked', async () => {
    const RATE = 250;
    const reader = await onlineReader(RATE, 2);
    const client = await createClient(app, { balanceCents: 1000 });
    const declined = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
      ratePerMinuteCents: RATE,
    });
    expect(
      (
        await http(app, reader.cookie).post('/api/sessions/respond', {
          sessionId: declined.body.id,
          response: 'decline',
        })
      ).status,
    ).toBe(200);
    expect(await freeMinutesShown(reader.id, client)).toBe(2);

    const id = await startReading(client, reader, RATE);
    // The reader withdrawing the offer mid-reading changes nothing for this one.
    expect((await http(app, reader.cookie).patch('/api/readers/me', { freeMinutes: 0 })).status).toBe(200);
    await nextMinute(id);
    await nextMinute(id);
    expect(await session(id, client)).toMatchObject({ freeMinutes: 2, minutesCharged: 3, totalCostCents: RATE });
    await endReading(id, client);
  });

  it('cannot be taken twice by hanging up inside the free minutes and asking again (attack)', async () => {
    const RATE = 350;
    const reader = await onlineReader(RATE, 5);
    const client = await createClient(app, { balanceCents: 1000 });
    const first = await startReading(client, reader, RATE);
    await nextMinute(first);
    expect(await endReading(first, client)).toMatchObject({ minutesCharged: 2, totalCostCents: 0 });
    expect(await freeMinutesShown(reader.id, client)).toBe(0);
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const second = await startReading(client, reader, RATE);
    expect(await session(second, client)).toMatchObject({ freeMinutes: 0, minutesCharged: 1, totalCostCents: RATE });
    expect(await balance(client)).toBe(1000 - RATE);
    await endReading(second, client);
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });

  it('warns on the last paid minute after the free ones', async () => {
    const RATE = 300;
    const reader = await onlineReader(RATE, 2);
    const client = await createClient(app, { balanceCents: RATE });
    const socket = await app.connectSocket(client.cookie);
    const updates = collect<{ minutesCharged: number; isFinalMinute: boolean }>(socket, 'billing_update');
    const id = await startReading(client, reader, RATE);
    await nextMinute(id);
    await nextMinute(id);
    await delivered(socket);
    expect(updates.map((u) => [u.minutesCharged, u.isFinalMinute])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(await balance(client)).toBe(0);
    await endReading(id, client);
    socket.disconnect();
  });

  it("takes an offer of 0 to 5 whole minutes in the reader's settings, and nothing else", async () => {
    const reader = await createReader(app);
    for (const bad of [6, -1, 2.5, '3']) {
      const response = await http(app, reader.cookie).patch('/api/readers/me', { freeMinutes: bad });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBeTruthy();
    }
    expect((await http(app, reader.cookie).get('/api/readers/me')).body.freeMinutes).toBe(0);
    const saved = await http(app, reader.cookie).patch('/api/readers/me', { freeMinutes: 5 });
    expect(saved.status).toBe(200);
    expect(saved.body.freeMinutes).toBe(5);
  });
});

describe('fair rounding on the session total', () => {
  it('pays the reader $27.93 for 10 minutes at $3.99, not $27.90', async () => {
    const RATE = 399;
    const reader = await onlineReader(RATE, 0);
    const client = await createClient(app, { balanceCents: 5000 });
    const id = await startReading(client, reader, RATE);
    for (let minute = 2; minute <= 10; minute++) await nextMinute(id);
    expect(await getEarnings(app.db, reader.id)).toEqual({ availableCents: 0, heldCents: 2793 });
    expect(await endReading(id, client)).toMatchObject({ totalCostCents: 3990, readerEarningsCents: 2793 });
    expect(await getEarnings(app.db, reader.id)).toEqual({ availableCents: 2793, heldCents: 0 });
  });

  it('leaves the reader floor(70%) of the session total after every minute, for any rate, offer and length (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 99, max: 9999 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 20 }),
        async (rate, freeMinutes, minutes) => {
          const reader = await onlineReader(rate, freeMinutes);
          const client = await createClient(app, { balanceCents: rate * minutes });
          const revenueBefore = await revenue();
          const id = await startReading(client, reader, rate);
          for (let minute = 1; minute <= minutes; minute++) {
            if (minute > 1) await nextMinute(id);
            const paid = Math.max(0, minute - freeMinutes) * rate;
            expect(await session(id, client)).toMatchObject({
              minutesCharged: minute,
              totalCostCents: paid,
              readerEarningsCents: splitCharge(paid).readerCents,
            });
            expect((await getEarnings(app.db, reader.id)).heldCents).toBe(splitCharge(paid).readerCents);
            expect((await revenue()) - revenueBefore).toBe(paid - splitCharge(paid).readerCents);
          }
          await endReading(id, client);
          expect(await ledgerTotalCents(app.db)).toBe(0);
        },
      ),
      { numRuns: 6 },
    );
  });
});
