import { randomUUID } from 'node:crypto';
import { eq, like, or } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { GIFTS } from '@shared/constants';
import { type GiftId, sentGiftSchema, streamGiftSummarySchema } from '@shared/live';
import { SERVER_EVENTS, type StreamGiftEvent } from '@shared/realtime';
import { createClient, createReader, fundWallet, type TestUser } from '../../../../../tests/integration/factories';
import { http } from '../../../../../tests/integration/http';
import { endStream, insertStream } from '../../../../../tests/integration/live-stream-rows';
import { collect, nextEvent } from '../../../../../tests/integration/socket-helpers';
import { fakeClock } from '../../../../../tests/integration/fake-clock';
import { testApp } from '../../../../../tests/integration/test-app';
import { ledgerTransfers, streamGifts, user } from '../../../db/schema';
import {
  checkLedger,
  earningsAccountId,
  escrowAccountId,
  getBalances,
  revenueAccountFor,
  walletAccountId,
} from '../../wallet';
import { streamRoom } from '../deps';

const INSUFFICIENT = 'Insufficient balance. Please add funds to your wallet.';

// Gifts are stamped by the app's clock: each test moves it on, so every gift has its own instant.
const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false });
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const giftUrl = (streamId: string) => `/api/live/streams/${streamId}/gifts`;

function sendGift(user: TestUser, streamId: string, giftId: string, key: string | null = randomUUID()) {
  clock.advance(1000);
  return http(app, user.cookie).post(giftUrl(streamId), { giftId }, key === null ? {} : { 'idempotency-key': key });
}

/** Every balance a gift touches, with the platform's revenue. */
async function balances(senderId: string, readerId: string) {
  const ids = [
    walletAccountId(senderId),
    walletAccountId(readerId),
    escrowAccountId(readerId),
    earningsAccountId(readerId),
    revenueAccountFor(senderId),
  ];
  const found = await getBalances(app.db, ids);
  const [sender, readerWallet, readerEscrow, readerEarnings, revenue] = ids.map((id) => found.get(id) ?? 0) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { sender, readerWallet, readerEscrow, readerEarnings, revenue };
}

/** A reader live now and a viewer with money. */
async function liveStream(viewerBalanceCents = 100_000) {
  const reader = await createReader(app);
  const viewer = await createClient(app, { balanceCents: viewerBalanceCents });
  const streamId = await insertStream(app, reader.id);
  return { reader, viewer, streamId };
}

describe('POST /api/live/streams/:id/gifts', () => {
  it.each(GIFTS.map((gift) => [gift.name, gift.id, gift.costCents] as const))(
    '%s: the sender pays its price, the reader earns floor(70 percent) withdrawable at once, the platform the rest',
    async (_name, giftId, costCents) => {
      const { reader, viewer, streamId } = await liveStream();
      const before = await balances(viewer.id, reader.id);

      const sent = await sendGift(viewer, streamId, giftId);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const body = sentGiftSchema.parse(sent.body);
      const readerCents = Math.floor((costCents * 70) / 100);
      expect(body).toEqual({
        id: expect.any(String),
        giftId,
        amountCents: costCents,
        balanceCents: 100_000 - costCents,
      });

      const after = await balances(viewer.id, reader.id);
      expect(after).toEqual({
        sender: before.sender - costCents,
        readerWallet: 0,
        readerEscrow: 0,
        readerEarnings: readerCents,
        revenue: before.revenue + costCents - readerCents,
      });
      const legs = await app.db
        .select()
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idempotencyKey, `gift:${body.id}:%`));
      expect(
        legs
          .map((t) => ({
            key: t.idempotencyKey,
            from: t.debitAccountId,
            to: t.creditAccountId,
            cents: t.amountCents,
            kind: t.kind,
          }))
          .sort((a, b) => a.key.localeCompare(b.key)),
      ).toEqual([
        {
          key: `gift:${body.id}:platform`,
          from: walletAccountId(viewer.id),
          to: revenueAccountFor(viewer.id),
          cents: costCents - readerCents,
          kind: 'gift',
        },
        {
          key: `gift:${body.id}:reader`,
          from: walletAccountId(viewer.id),
          to: earningsAccountId(reader.id),
          cents: readerCents,
          kind: 'gift',
        },
      ]);
      const [row] = await app.db.select().from(streamGifts).where(eq(streamGifts.id, body.id));
      expect(row).toMatchObject({
        streamId,
        senderId: viewer.id,
        giftId,
        amountCents: costCents,
        readerCents,
        platformCents: costCents - readerCents,
      });
    },
  );

  it('splits a Crystal of 199 cents as 139 to the reader and 60 to the platform', async () => {
    const { reader, viewer, streamId } = await liveStream();
    const before = await balances(viewer.id, reader.id);
    expect((await sendGift(viewer, streamId, 'crystal')).status).toBe(201);
    const after = await balances(viewer.id, reader.id);
    expect([before.sender - after.sender, after.readerEarnings, after.revenue - before.revenue]).toEqual([
      199, 139, 60,
    ]);
  });

  it("puts the reader's share where a payout takes it at once, and the dashboard's Wallet Balance grows by exactly that share", async () => {
    const { reader, viewer, streamId } = await liveStream();
    const statsBefore = (await http(app, reader.cookie).get('/api/readers/me/stats')).body;
    expect((await sendGift(viewer, streamId, 'sacred-blessing')).status).toBe(201);

    const stats = (await http(app, reader.cookie).get('/api/readers/me/stats')).body;
    expect(stats.availableCents - statsBefore.availableCents).toBe(3499);
    expect(stats.heldCents).toBe(0);
    expect(stats.today.earningsCents - statsBefore.today.earningsCents).toBe(3499);
    expect(stats.allTime.earningsCents - statsBefore.allTime.earningsCents).toBe(3499);
    // A gift is income, not a reading.
    expect(stats.today.sessions).toBe(statsBefore.today.sessions);
    const earnings = (await http(app, reader.cookie).get('/api/readers/me/earnings')).body;
    expect(earnings.todayCents).toBe(3499);
    expect(earnings.daily.at(-1)).toEqual({ date: expect.any(String), earningsCents: 3499, sessions: 0 });

    const payout = await http(app, reader.cookie).post('/api/payouts', {});
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    expect(payout.body).toMatchObject({ payout: { amountCents: 3499, status: 'pending' }, availableCents: 0 });
  });

  it("shows on the sender's wallet as a gift to the reader", async () => {
    const { reader, viewer, streamId } = await liveStream();
    expect((await sendGift(viewer, streamId, 'rose')).status).toBe(201);
    const wallet = (await http(app, viewer.cookie).get('/api/wallet')).body;
    expect(wallet.transactions[0]).toMatchObject({
      kind: 'gift',
      amountCents: -499,
      counterpart: { type: 'reader', id: reader.id },
    });
  });

  it('refuses a gift the wallet cannot pay with 402 and changes nothing', async () => {
    const { reader, viewer, streamId } = await liveStream(198);
    const before = await balances(viewer.id, reader.id);
    const transfersBefore = await app.db
      .select()
      .from(ledgerTransfers)
      .where(
        or(
          eq(ledgerTransfers.debitAccountId, walletAccountId(viewer.id)),
          eq(ledgerTransfers.creditAccountId, earningsAccountId(reader.id)),
        ),
      );

    const refused = await sendGift(viewer, streamId, 'crystal', 'refused-key');
    expect(refused.status).toBe(402);
    expect(refused.body.error).toEqual({ code: 'INSUFFICIENT_FUNDS', message: INSUFFICIENT });
    expect(await balances(viewer.id, reader.id)).toEqual(before);
    expect(await app.db.select().from(streamGifts).where(eq(streamGifts.streamId, streamId))).toEqual([]);
    const transfersAfter = await app.db
      .select()
      .from(ledgerTransfers)
      .where(
        or(
          eq(ledgerTransfers.debitAccountId, walletAccountId(viewer.id)),
          eq(ledgerTransfers.creditAccountId, earningsAccountId(reader.id)),
        ),
      );
    expect(transfersAfter).toEqual(transfersBefore);

    // The key was not spent on the refusal: with funds, the same key sends the gift.
    await fundWallet(app, viewer.id, 1);
    const retried = await sendGift(viewer, streamId, 'crystal', 'refused-key');
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.body.balanceCents).toBe(0);
  });

  it('charges a replayed key once and answers the first gift again; the key for another gift or stream is a conflict', async () => {
    const { reader, viewer, streamId } = await liveStream(10_000);
    const key = randomUUID();
    const first = await sendGift(viewer, streamId, 'candle', key);
    expect(first.status).toBe(201);
    const replay = await sendGift(viewer, streamId, 'candle', key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await balances(viewer.id, reader.id)).sender).toBe(10_000 - 299);
    expect(await app.db.select().from(streamGifts).where(eq(streamGifts.senderId, viewer.id))).toHaveLength(1);

    const otherGift = await sendGift(viewer, streamId, 'rose', key);
    expect(otherGift.status).toBe(409);
    expect(otherGift.body.error.code).toBe('CONFLICT');
    const otherReader = await createReader(app);
    const otherStream = await insertStream(app, otherReader.id);
    expect((await sendGift(viewer, otherStream, 'candle', key)).status).toBe(409);
    expect((await balances(viewer.id, reader.id)).sender).toBe(10_000 - 299);

    // Keys are the sender's own: another viewer may use the same one.
    const other = await createClient(app, { balanceCents: 1_000 });
    expect((await sendGift(other, streamId, 'candle', key)).status).toBe(201);
  });

  it('answers a replay as before after the stream has ended', async () => {
    const { viewer, streamId } = await liveStream();
    const first = await sendGift(viewer, streamId, 'star', 'before-the-end');
    await endStream(app, streamId);
    const replay = await sendGift(viewer, streamId, 'star', 'before-the-end');
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    expect((await sendGift(viewer, streamId, 'star')).status).toBe(409);
  });

  it('20 gifts at once with distinct keys from a wallet that pays for 7: exactly 7 succeed, to the cent', async () => {
    const { reader, viewer, streamId } = await liveStream(7 * 199 + 150);
    const revenueBefore = (await balances(viewer.id, reader.id)).revenue;
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendGift(viewer, streamId, 'crystal')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 402)).toHaveLength(13);
    expect(await balances(viewer.id, reader.id)).toEqual({
      sender: 150,
      readerWallet: 0,
      readerEscrow: 0,
      readerEarnings: 7 * 139,
      revenue: revenueBefore + 7 * 60,
    });
    expect(await app.db.select().from(streamGifts).where(eq(streamGifts.streamId, streamId))).toHaveLength(7);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('10 concurrent requests with one key send one gift', async () => {
    const { reader, viewer, streamId } = await liveStream(10_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendGift(viewer, streamId, 'golden-aura', 'one-key')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await balances(viewer.id, reader.id)).sender).toBe(10_000 - 1999);
  });

  it('refuses bad requests before moving money', async () => {
    const { reader, viewer, streamId } = await liveStream();
    const noKey = await sendGift(viewer, streamId, 'crystal', null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.message).toMatch(/Idempotency-Key/);
    expect((await http(app).post(giftUrl(streamId), { giftId: 'crystal' }, { 'idempotency-key': 'k' })).status).toBe(
      401,
    );
    expect((await sendGift(viewer, streamId, 'diamond')).status).toBe(400);
    expect((await sendGift(viewer, 'no-such-stream', 'crystal')).status).toBe(404);
    const own = await sendGift(reader, streamId, 'crystal');
    expect(own.status).toBe(403);

    const scheduledReader = await createReader(app);
    const scheduled = await insertStream(app, scheduledReader.id, { status: 'scheduled' });
    const notLive = await sendGift(viewer, scheduled, 'crystal');
    expect(notLive.status).toBe(409);
    expect(notLive.body.error.message).toBe('This stream is not live');
    expect((await balances(viewer.id, reader.id)).sender).toBe(100_000);
  });

  it("refuses a gift to a suspended reader's stream as if it did not exist", async () => {
    const { reader, viewer, streamId } = await liveStream();
    await app.db
      .update(user)
      .set({ suspendedAt: new Date(clock.now()) })
      .where(eq(user.id, reader.id));
    expect((await sendGift(viewer, streamId, 'crystal')).status).toBe(404);
    expect((await balances(viewer.id, reader.id)).sender).toBe(100_000);
  });
});

describe('the room hears a gift', () => {
  it('sends stream_gift to every socket in the stream room, and wallet_updated to the sender and the reader', async () => {
    const { reader, viewer, streamId } = await liveStream(5_000);
    const otherViewer = await createClient(app);
    const outsider = await createClient(app);
    const watcher = await app.connectSocket(otherViewer.cookie);
    const senderSocket = await app.connectSocket(viewer.cookie);
    const readerSocket = await app.connectSocket(reader.cookie);
    const outsiderSocket = await app.connectSocket(outsider.cookie);
    // join_stream belongs to the streams feature; here the server puts the sockets in the room.
    for (const socket of [watcher, senderSocket, readerSocket]) app.io.in(socket.id!).socketsJoin(streamRoom(streamId));
    const outsiderHeard = collect(outsiderSocket, SERVER_EVENTS.streamGift);

    const heard = nextEvent<StreamGiftEvent>(watcher, SERVER_EVENTS.streamGift);
    const senderWallet = nextEvent(senderSocket, SERVER_EVENTS.walletUpdated);
    const readerWallet = nextEvent(readerSocket, SERVER_EVENTS.walletUpdated);
    const sent = await sendGift(viewer, streamId, 'crystal');
    expect(sent.status).toBe(201);

    expect(await heard).toEqual({
      id: sent.body.id,
      streamId,
      giftId: 'crystal',
      fromName: 'Test',
      amountCents: 199,
      at: expect.any(String),
    });
    expect(await senderWallet).toEqual({ balanceCents: 5_000 - 199 });
    expect(await readerWallet).toEqual({ balanceCents: 0 });
    expect(outsiderHeard).toEqual([]);
  });
});

describe('GET /api/live/streams/:id/gifts', () => {
  it('is public: the total, the count and the givers, most generous first, first names only', async () => {
    const { streamId } = await liveStream();
    const ada = await createClient(app, { name: 'Ada Lovelace', balanceCents: 100_000 });
    const bo = await createClient(app, { name: 'Bo Diddley', balanceCents: 100_000 });
    const cy = await createClient(app, { name: 'Cy Twombly', balanceCents: 100_000 });
    const send = async (who: TestUser, giftId: GiftId) =>
      expect((await sendGift(who, streamId, giftId)).status).toBe(201);
    await send(bo, 'crystal');
    await send(ada, 'star');
    await send(cy, 'candle');
    await send(bo, 'star');
    await send(cy, 'crystal');

    const summary = await http(app).get(giftUrl(streamId));
    expect(summary.status).toBe(200);
    expect(streamGiftSummarySchema.parse(summary.body)).toEqual({
      totalCents: 199 + 999 + 299 + 999 + 199,
      giftCount: 5,
      leaderboard: [
        { userId: bo.id, userName: 'Bo', totalCents: 1198, giftCount: 2 },
        { userId: ada.id, userName: 'Ada', totalCents: 999, giftCount: 1 },
        { userId: cy.id, userName: 'Cy', totalCents: 498, giftCount: 2 },
      ],
    });
  });

  it('keeps the ten most generous and breaks a tie by who reached the total first', async () => {
    const { streamId } = await liveStream();
    const givers: TestUser[] = [];
    for (let i = 0; i < 12; i++) {
      const giver = await createClient(app, { name: `Giver${i} Surname`, balanceCents: 1_000 });
      givers.push(giver);
      expect((await sendGift(giver, streamId, 'crystal')).status).toBe(201);
    }
    const summary = (await http(app).get(giftUrl(streamId))).body;
    expect(summary.giftCount).toBe(12);
    expect(summary.leaderboard).toHaveLength(10);
    expect(summary.leaderboard.map((g: { userName: string }) => g.userName)).toEqual(
      givers.slice(0, 10).map((_, i) => `Giver${i}`),
    );
  });

  it('answers an empty summary for a stream without gifts and 404 for no stream', async () => {
    const { streamId } = await liveStream();
    expect((await http(app).get(giftUrl(streamId))).body).toEqual({ totalCents: 0, giftCount: 0, leaderboard: [] });
    expect((await http(app).get(giftUrl('no-such-stream'))).status).toBe(404);
  });
});
