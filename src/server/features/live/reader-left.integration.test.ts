import { EVENT_WAIT_LIMIT_MS } from '../../../../tests/integration/timeouts';
import { randomUUID } from 'node:crypto';
import { eq, like, ne } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LiveStream } from '@shared/live';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { closeReaderPage, openReaderPage } from '../../../../tests/integration/live-stream-rows';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { collect, emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { appNodes, ledgerTransfers, streamJoins } from '../../db/schema';
import { beatNode } from '../../realtime/presence/node-lease';
import { markReadersSeen } from '../../realtime/presence/reader-presence';
import { runDueWork } from '../sessions';
import {
  checkLedger,
  earningsAccountId,
  getBalances,
  getUsableCredit,
  getWalletBalanceCents,
  grantCredit,
} from '../wallet';

// Decision 034: a reader who went live and closed the page left the stream live until
// someone pressed End, and a viewer paid 199 ¢ to join it minutes after the reader had gone.
const MINUTE = 60_000;
const clock = fakeClock();
const app = await testApp({
  clock,
  runScheduler: false,
  runMailWorker: false,
  env: { BILLING_MINUTE_MS: String(MINUTE) },
});
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const now = () => new Date(clock.now());
/** This app's process beats, as its heartbeat timer would on a real clock: what it holds stays present. */
async function beat() {
  const nodes = await app.db.select({ id: appNodes.id }).from(appNodes).where(ne(appNodes.id, 'dead-process'));
  for (const { id } of nodes) await beatNode(app.db, id, now());
}
/** Time passes with this process alive, beat after beat, and the scheduler runs its full pass. */
async function pass(ms: number) {
  const { heartbeatMs } = app.sessions.timing;
  for (let left = ms; left > 0; left -= heartbeatMs) {
    clock.advance(Math.min(heartbeatMs, left));
    await beat();
  }
  await runDueWork(app.sessions);
}

const openPage = (reader: TestUser) => openReaderPage(app, reader);
const closePage = (reader: TestUser, page: Socket) => closeReaderPage(app, reader, page);

async function goLive(reader: TestUser, priceCents = 0): Promise<string> {
  const created = await http(app, reader.cookie).post('/api/live/streams', {
    title: 'Full moon tarot',
    category: 'Tarot Reading',
    priceCents,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}
const getStream = async (id: string) => (await http(app).get(`/api/live/streams/${id}`)).body as LiveStream;
const liveIds = async () => ((await http(app).get('/api/live/streams')).body.streams as LiveStream[]).map((s) => s.id);
const join = (viewer: TestUser, streamId: string) =>
  http(app, viewer.cookie).post(`/api/live/streams/${streamId}/join`);
async function watch(viewer: TestUser, streamId: string): Promise<Socket> {
  const socket = await app.connectSocket(viewer.cookie);
  expect(await emitAck(socket, 'join_stream', { streamId })).toMatchObject({ ok: true });
  return socket;
}

describe('a live stream whose reader has no page connected', () => {
  it('ends by itself one billing minute after the reader’s last page closed: its viewers hear why, and it leaves the live list', async () => {
    const reader = await createReader(app);
    const page = await openPage(reader);
    const streamId = await goLive(reader);
    const viewer = await watch(await createClient(app), streamId);
    expect(await liveIds()).toContain(streamId);

    await closePage(reader, page);
    const leftAt = clock.now();
    await pass(MINUTE - 1_000);
    expect((await getStream(streamId)).status).toBe('live');
    expect(await liveIds()).toContain(streamId);

    const ended = nextEvent(viewer, 'stream_ended', (e) => e.streamId === streamId);
    await pass(1_000);
    const endedAt = new Date(leftAt + MINUTE).toISOString();
    expect(await ended).toEqual({ streamId, endedAt, reason: 'reader_left' });
    expect(await getStream(streamId)).toMatchObject({
      status: 'ended',
      endedAt,
      endReason: 'reader_left',
      viewerCount: 0,
    });
    expect(await liveIds()).not.toContain(streamId);
    expect(await emitAck(viewer, 'join_stream', { streamId })).toMatchObject({
      ok: false,
      error: { message: 'This stream has ended' },
    });
  });

  it('stays live when the reader comes back within the minute, and while a page of theirs is open', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    // Live from an API call with no page yet: the minute runs from the go-live.
    await pass(MINUTE / 2);
    const page = await openPage(reader);
    await closePage(reader, page);
    await pass(MINUTE - 5_000);
    await openPage(reader);
    await pass(3 * MINUTE);
    expect((await getStream(streamId)).status).toBe('live');
    expect(await liveIds()).toContain(streamId);
  });

  it('ends when the process holding the reader’s page dies, a minute after its last beat', async () => {
    const reader = await createReader(app);
    const streamId = await goLive(reader);
    // The reader's page is held by another process, which then stops beating (it died).
    await beatNode(app.db, 'dead-process', now());
    await markReadersSeen(app.db, [reader.id], now(), { nodeId: 'dead-process' });
    const lastBeat = clock.now();
    await pass(MINUTE / 2);
    expect((await getStream(streamId)).status).toBe('live');
    await pass(lastBeat + MINUTE - clock.now());
    expect(await getStream(streamId)).toMatchObject({
      status: 'ended',
      endReason: 'reader_left',
      endedAt: new Date(lastBeat + MINUTE).toISOString(),
    });
  });
});

describe('joining a priced stream whose reader is not connected', () => {
  it('answers 409 and charges nothing; once the reader is back it charges as before', async () => {
    const reader = await createReader(app);
    const page = await openPage(reader);
    const streamId = await goLive(reader, 199);
    await closePage(reader, page);
    const viewer = await createClient(app, { balanceCents: 1_000 });
    const revenueBefore = await revenueCents(app.db);

    const refused = await join(viewer, streamId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'CONFLICT',
      message: 'The reader is away right now, so you have not been charged. Try again in a minute.',
    });
    expect(await getWalletBalanceCents(app.db, viewer.id)).toBe(1_000);
    expect(await app.db.select().from(streamJoins).where(eq(streamJoins.streamId, streamId))).toEqual([]);
    expect(await revenueCents(app.db)).toBe(revenueBefore);

    await openPage(reader);
    expect((await join(viewer, streamId)).body).toEqual({ paidCents: 199, balanceCents: 801 });
  });
});

describe('a viewer who paid to join a stream whose reader left', () => {
  it('pays with promotional credit first, and gets back as credit what credit paid (issue 48)', async () => {
    const reader = await createReader(app);
    const page = await openPage(reader);
    const streamId = await goLive(reader, 199);
    const viewer = await createClient(app, { balanceCents: 100 });
    const expiresAt = new Date(clock.now() + 30 * 24 * 60 * MINUTE);
    await app.db.transaction((tx) =>
      grantCredit(tx, {
        id: randomUUID(),
        userId: viewer.id,
        amountCents: 150,
        source: 'goodwill',
        expiresAt,
        now: now(),
      }),
    );
    // 150 of credit and 49 of cash.
    expect((await join(viewer, streamId)).body).toEqual({ paidCents: 199, balanceCents: 51 });
    expect(await getUsableCredit(app.db, viewer.id, now())).toEqual({ creditCents: 0, nextCreditExpiry: null });
    await pass(30_000);
    await closePage(reader, page);
    clock.advance(MINUTE);
    await beat();
    await runDueWork(app.sessions);
    expect((await getStream(streamId)).endReason).toBe('reader_left');
    expect(await getWalletBalanceCents(app.db, viewer.id)).toBe(100);
    expect(await getUsableCredit(app.db, viewer.id, now())).toEqual({
      creditCents: 150,
      nextCreditExpiry: { amountCents: 150, expiresAt: expiresAt.toISOString() },
    });
  });

  it('gets the price back once when they paid within 5 billing minutes of the end, and not when they paid earlier', async () => {
    const reader = await createReader(app);
    const page = await openPage(reader);
    const streamId = await goLive(reader, 199);
    const early = await createClient(app, { balanceCents: 1_000 });
    const late = await createClient(app, { balanceCents: 1_000 });
    const revenueBefore = await revenueCents(app.db);

    expect((await join(early, streamId)).status).toBe(200);
    await pass(4 * MINUTE + 1_000);
    expect((await join(late, streamId)).status).toBe(200);
    const lateSocket = await watch(late, streamId);
    const wallets = collect<{ balanceCents: number }>(lateSocket, 'wallet_updated');
    await pass(30_000);
    await closePage(reader, page);
    // The end is a minute after the page closed: 5 min 31 s after the early payment, 1 min 30 s after the late one.
    clock.advance(MINUTE);
    await beat();
    // Two passes at once (two processes) and one more: the stream ends once, each refund is made once.
    await Promise.all([runDueWork(app.sessions), runDueWork(app.sessions)]);
    await runDueWork(app.sessions);

    expect((await getStream(streamId)).endReason).toBe('reader_left');
    expect(await getWalletBalanceCents(app.db, early.id)).toBe(801);
    expect(await getWalletBalanceCents(app.db, late.id)).toBe(1_000);
    await vi.waitFor(() => expect(wallets).toEqual([{ balanceCents: 1_000 }]), { timeout: EVENT_WAIT_LIMIT_MS });
    // The reader keeps the early viewer's share only; the platform its part of it.
    expect((await getBalances(app.db, [earningsAccountId(reader.id)])).get(earningsAccountId(reader.id))).toBe(139);
    expect(await revenueCents(app.db)).toBe(revenueBefore + 60);
    const refunds = await app.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `stream-refund:${streamId}:%`));
    expect(refunds.map((t) => [t.idempotencyKey, t.amountCents, t.kind]).sort()).toEqual([
      [`stream-refund:${streamId}:${late.id}:platform`, 60, 'refund'],
      [`stream-refund:${streamId}:${late.id}:reader`, 139, 'refund'],
    ]);

    const wallet = (await http(app, late.cookie).get('/api/wallet')).body;
    expect(wallet.transactions.slice(0, 2)).toMatchObject([
      { kind: 'refund', amountCents: 199, counterpart: { type: 'reader', id: reader.id } },
      { kind: 'stream_access', amountCents: -199, counterpart: { type: 'reader', id: reader.id } },
    ]);
    const stats = (await http(app, reader.cookie).get('/api/readers/me/stats')).body;
    expect(stats).toMatchObject({ availableCents: 139, today: { earningsCents: 139 } });
  });

  it('when the reader’s earnings were paid out meanwhile, refunds what they still cover and ends the stream all the same', async () => {
    const reader = await createReader(app);
    const page = await openPage(reader);
    const streamId = await goLive(reader, 2_999);
    const first = await createClient(app, { balanceCents: 5_000 });
    const second = await createClient(app, { balanceCents: 5_000 });
    expect((await join(first, streamId)).status).toBe(200);
    await pass(1_000);
    expect((await join(second, streamId)).status).toBe(200);
    // 2 × 2,099 ¢ of shares; 2,000 ¢ of it leaves for a payout, so the rest covers one share back.
    expect((await http(app, reader.cookie).post('/api/payouts', { amountCents: 2_000 })).status).toBe(201);
    await closePage(reader, page);
    clock.advance(MINUTE);
    await beat();
    await runDueWork(app.sessions);

    expect((await getStream(streamId)).endReason).toBe('reader_left');
    expect(await getWalletBalanceCents(app.db, first.id)).toBe(5_000);
    expect(await getWalletBalanceCents(app.db, second.id)).toBe(2_001);
    const joins = await app.db.select().from(streamJoins).where(eq(streamJoins.streamId, streamId));
    expect(Object.fromEntries(joins.map((j) => [j.userId, j.refundedAt !== null]))).toEqual({
      [first.id]: true,
      [second.id]: false,
    });
    expect((await getBalances(app.db, [earningsAccountId(reader.id)])).get(earningsAccountId(reader.id))).toBe(99);
  });
});
