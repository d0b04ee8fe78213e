import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QueuePlace } from '@shared/queue';
import type { QueueClosedEvent, QueueOfferEvent } from '@shared/realtime';
import { readerProfiles, readerQueue } from '../../db/schema';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { collect, nextEvent } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { markReadersSeen } from '../../realtime/presence/reader-presence';
import { runDueWork } from '../sessions';

const MINUTE = 60_000;
const clock = fakeClock(Date.now());
let reading: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  reading = readingDriver(app, clock, MINUTE);
});

const queueUrl = (readerId: string) => `/api/readers/${readerId}/queue`;
const join = (client: TestUser, readerId: string, sessionType = 'chat') =>
  http(app, client.cookie).post(queueUrl(readerId), { sessionType });
const leave = (client: TestUser, readerId: string) => http(app, client.cookie).delete(queueUrl(readerId));
const placeOf = async (client: TestUser) => {
  const response = await http(app, client.cookie).get('/api/queue');
  expect(response.status).toBe(200);
  return response.body.place as QueuePlace | null;
};
const request = (client: TestUser, readerId: string) =>
  http(app, client.cookie).post('/api/sessions/request', { readerId, sessionType: 'chat' });

/** A reader in an active reading with a client of their own: busy, so a queue can form. */
async function busyReader() {
  const { reader, client, id } = await reading.startReading({ rateCents: 299, balanceCents: 10_000 });
  return { reader, readingClient: client, sessionId: id };
}

/** `count` funded clients who joined the reader's line in this order (a second apart), each with a socket. */
async function line(readerId: string, count: number) {
  const clients: { user: TestUser; socket: Socket }[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = await createClient(app, { balanceCents: 5_000 });
    const socket = await app.connectSocket(user.cookie);
    clock.advance(1_000);
    const joined = await join(user, readerId);
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body.position).toBe(i + 1);
    clients.push({ user, socket });
  }
  return clients;
}

/** A scheduler pass with the reader's page open (an unseen reader would go offline). */
async function schedulerPass(reader: TestUser) {
  await markReadersSeen(app.db, [reader.id], new Date(clock.now()));
  await runDueWork(app.sessions);
}

/** Ends the reader's reading as the client would, then lets the scheduler pass that makes the offer run. */
async function endReading(reader: TestUser, client: TestUser, sessionId: string) {
  expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId })).status).toBe(200);
  await schedulerPass(reader);
}

describe('joining, the position and leaving', () => {
  it('gives each client their place, tells those behind when someone leaves, and leaving twice is fine', async () => {
    const { reader } = await busyReader();
    const [first, second, third] = await line(reader.id, 3);
    expect(await placeOf(second!.user)).toMatchObject({
      readerId: reader.id,
      position: 2,
      sessionType: 'chat',
      ratePerMinuteCents: 299,
      offerExpiresAt: null,
    });

    const secondMoves = nextEvent(second!.socket, 'queue_position');
    const thirdMoves = nextEvent(third!.socket, 'queue_position');
    const firstHears = collect(first!.socket, 'queue_position');
    expect((await leave(first!.user, reader.id)).status).toBe(204);
    expect(await secondMoves).toEqual({ readerId: reader.id, position: 1 });
    expect(await thirdMoves).toEqual({ readerId: reader.id, position: 2 });
    expect(firstHears).toEqual([]);
    expect(await placeOf(first!.user)).toBeNull();
    expect((await placeOf(third!.user))?.position).toBe(2);

    // Idempotent: leaving a line you are not in changes nothing.
    const thirdHears = collect(third!.socket, 'queue_position');
    expect((await leave(first!.user, reader.id)).status).toBe(204);
    expect(thirdHears).toEqual([]);
    expect((await placeOf(third!.user))?.position).toBe(2);
  });

  it('keeps one place per client: the same line again answers that place, another line is refused', async () => {
    const { reader } = await busyReader();
    const { reader: otherReader } = await busyReader();
    const [client] = await line(reader.id, 1);
    const again = await join(client!.user, reader.id, 'video');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ readerId: reader.id, position: 1, sessionType: 'chat' });
    expect(await app.db.select().from(readerQueue).where(eq(readerQueue.clientId, client!.user.id))).toHaveLength(1);

    const elsewhere = await join(client!.user, otherReader.id);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error).toMatchObject({ code: 'CONFLICT', reason: 'in_another_queue' });
    expect(elsewhere.body.error.message).toMatch(/already in .+'s queue/);
    expect((await placeOf(client!.user))?.readerId).toBe(reader.id);
  });
});

describe('refusals', () => {
  it('answers 401 signed out, 403 to readers and admins, 400 for a bad type, 404 for an unknown reader', async () => {
    const { reader } = await busyReader();
    expect((await http(app).post(queueUrl(reader.id), { sessionType: 'chat' })).status).toBe(401);
    expect((await http(app).delete(queueUrl(reader.id))).status).toBe(401);
    expect((await http(app).get('/api/queue')).status).toBe(401);
    for (const user of [await createReader(app), await createAdmin(app)]) {
      expect((await join(user, reader.id)).status, user.role).toBe(403);
      expect((await leave(user, reader.id)).status, user.role).toBe(403);
      expect((await http(app, user.cookie).get('/api/queue')).status, user.role).toBe(403);
    }
    const client = await createClient(app, { balanceCents: 5_000 });
    const badType = await join(client, reader.id, 'telepathy');
    expect(badType.status).toBe(400);
    expect(badType.body.error.code).toBe('BAD_REQUEST');
    expect((await http(app, client.cookie).post(queueUrl(reader.id), {})).status).toBe(400);
    expect((await join(client, 'no-such-reader')).status).toBe(404);
    expect((await join(client, client.id)).status).toBe(404);
    expect(await placeOf(client)).toBeNull();
  });

  it('answers 409 when the reader is offline or free, or the client is in a reading; 402 without the funds a request needs', async () => {
    const client = await createClient(app, { balanceCents: 5_000 });
    const offline = await createReader(app, { firstName: 'Luna' });
    const refusedOffline = await join(client, offline.id);
    expect(refusedOffline.status).toBe(409);
    expect(refusedOffline.body.error).toMatchObject({ reason: 'reader_offline', message: 'Luna is offline right now' });

    const free = await createReader(app, { firstName: 'Sol' });
    expect((await http(app, free.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const refusedFree = await join(client, free.id);
    expect(refusedFree.status).toBe(409);
    expect(refusedFree.body.error).toMatchObject({
      reason: 'reader_free',
      message: 'Sol is free right now. Request a reading instead.',
    });

    const { reader } = await busyReader();
    const poor = await createClient(app, { balanceCents: 298 });
    const refusedPoor = await join(poor, reader.id);
    expect(refusedPoor.status).toBe(402);
    expect(refusedPoor.body.error).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Your balance of $2.98 does not cover one minute at $2.99. Please add funds.',
    });
    // The rate of the kind asked for counts: video is $4.99 with this reader.
    const chatOnly = await createClient(app, { balanceCents: 300 });
    expect((await join(chatOnly, reader.id, 'video')).status).toBe(402);

    const { readingClient } = await busyReader();
    const refusedInReading = await join(readingClient, reader.id);
    expect(refusedInReading.status).toBe(409);
    expect(refusedInReading.body.error.reason).toBe('in_a_reading');
    expect(await app.db.select().from(readerQueue).where(eq(readerQueue.readerId, reader.id))).toEqual([]);
  });
});

describe('the offer when the reading ends', () => {
  it('goes to the first in line for one billing minute, keeps the reader for them, and their request uses it up', async () => {
    const { reader, readingClient, sessionId } = await busyReader();
    const [first, second] = await line(reader.id, 2);
    const walkIn = await createClient(app, { balanceCents: 5_000 });
    const secondOffers = collect<QueueOfferEvent>(second!.socket, 'queue_offer');
    const offer = nextEvent<QueueOfferEvent>(first!.socket, 'queue_offer');
    await endReading(reader, readingClient, sessionId);
    const endedAt = clock.now();
    expect(await offer).toEqual({
      readerId: reader.id,
      readerName: expect.stringMatching(/^Test Reader /),
      sessionType: 'chat',
      ratePerMinuteCents: 299,
      expiresAt: new Date(endedAt + MINUTE).toISOString(),
    });
    expect(secondOffers).toEqual([]);
    expect(await placeOf(first!.user)).toMatchObject({
      position: 1,
      offerExpiresAt: new Date(endedAt + MINUTE).toISOString(),
    });
    // A second pass offers nothing more.
    await schedulerPass(reader);
    expect(secondOffers).toEqual([]);

    // Kept for the first in line: a walk-in and the second in line are refused.
    const refusedWalkIn = await request(walkIn, reader.id);
    expect(refusedWalkIn.status).toBe(409);
    expect(refusedWalkIn.body.error.reason).toBe('reader_reserved');
    expect((await request(second!.user, reader.id)).status).toBe(409);

    const readerSocket = await app.connectSocket(reader.cookie);
    const incoming = nextEvent(readerSocket, 'session_request');
    const secondMoves = nextEvent(second!.socket, 'queue_position');
    clock.advance(MINUTE - 1);
    const confirmed = await request(first!.user, reader.id);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body).toMatchObject({ status: 'requested', readerId: reader.id, clientId: first!.user.id });
    expect((await incoming).sessionId).toBe(confirmed.body.id);
    expect(await placeOf(first!.user)).toBeNull();
    expect(await secondMoves).toEqual({ readerId: reader.id, position: 1 });

    // The reader declines the request: being free again, they are offered to the next in line.
    const nextOffer = nextEvent<QueueOfferEvent>(second!.socket, 'queue_offer');
    expect(
      (
        await http(app, reader.cookie).post('/api/sessions/respond', {
          sessionId: confirmed.body.id,
          response: 'decline',
        })
      ).status,
    ).toBe(200);
    await schedulerPass(reader);
    expect((await nextOffer).readerId).toBe(reader.id);
  });

  it('passes to the next in line when the offer runs out, and at once when the client says not now', async () => {
    const { reader, readingClient, sessionId } = await busyReader();
    const [first, second, third] = await line(reader.id, 3);
    await endReading(reader, readingClient, sessionId);
    expect((await placeOf(first!.user))?.offerExpiresAt).not.toBeNull();

    // Not yet: one millisecond before the minute is up the offer stands.
    clock.advance(MINUTE - 1);
    await schedulerPass(reader);
    expect(await placeOf(second!.user)).toMatchObject({ position: 2, offerExpiresAt: null });

    const closed = nextEvent<QueueClosedEvent>(first!.socket, 'queue_closed');
    const secondMoves = nextEvent(second!.socket, 'queue_position');
    const secondOffer = nextEvent<QueueOfferEvent>(second!.socket, 'queue_offer');
    const thirdMoves = nextEvent(third!.socket, 'queue_position');
    clock.advance(1);
    await schedulerPass(reader);
    expect(await closed).toEqual({ readerId: reader.id, readerName: expect.any(String), reason: 'offer_expired' });
    expect(await secondMoves).toEqual({ readerId: reader.id, position: 1 });
    expect((await secondOffer).expiresAt).toBe(new Date(clock.now() + MINUTE).toISOString());
    expect(await thirdMoves).toEqual({ readerId: reader.id, position: 2 });
    expect(await placeOf(first!.user)).toBeNull();

    // 'Not now' (leaving with the offer open) offers the next at once, without a scheduler pass.
    const thirdOffer = nextEvent<QueueOfferEvent>(third!.socket, 'queue_offer');
    expect((await leave(second!.user, reader.id)).status).toBe(204);
    expect((await thirdOffer).expiresAt).toBe(new Date(clock.now() + MINUTE).toISOString());
    expect(await placeOf(third!.user)).toMatchObject({
      position: 1,
      offerExpiresAt: new Date(clock.now() + MINUTE).toISOString(),
    });

    // The last one lets it pass too: the line is empty and the reader is anyone's again.
    clock.advance(MINUTE);
    await schedulerPass(reader);
    expect(await app.db.select().from(readerQueue).where(eq(readerQueue.readerId, reader.id))).toEqual([]);
    const walkIn = await createClient(app, { balanceCents: 5_000 });
    expect((await request(walkIn, reader.id)).status).toBe(201);
  });
});

describe('a reader going offline', () => {
  it('empties the queue with a notice to each client when the reader switches offline', async () => {
    const { reader } = await busyReader();
    const clients = await line(reader.id, 2);
    const notices = clients.map(({ socket }) => nextEvent<QueueClosedEvent>(socket, 'queue_closed'));
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: false })).status).toBe(200);
    for (const notice of notices)
      expect(await notice).toEqual({ readerId: reader.id, readerName: expect.any(String), reason: 'reader_offline' });
    for (const { user } of clients) expect(await placeOf(user)).toBeNull();
  });

  it('empties it too when the reader is turned offline for being away', async () => {
    const { reader } = await busyReader();
    const [client] = await line(reader.id, 1);
    const notice = nextEvent<QueueClosedEvent>(client!.socket, 'queue_closed');
    // No page of the reader has been seen for longer than a billing minute.
    await app.db
      .update(readerProfiles)
      .set({ seenAt: new Date(clock.now() - 2 * MINUTE) })
      .where(eq(readerProfiles.userId, reader.id));
    await runDueWork(app.sessions);
    expect(await notice).toMatchObject({ readerId: reader.id, reason: 'reader_offline' });
    expect(await placeOf(client!.user)).toBeNull();
  });
});
