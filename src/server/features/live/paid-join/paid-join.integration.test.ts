import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { joinStreamResultSchema } from '@shared/live';
import { SERVER_EVENTS } from '@shared/realtime';
import { createAdmin, createClient, createReader } from '../../../../../tests/integration/factories';
import { fakeClock } from '../../../../../tests/integration/fake-clock';
import { http } from '../../../../../tests/integration/http';
import { endStream, insertStream, openReaderPage } from '../../../../../tests/integration/live-stream-rows';
import { nextEvent } from '../../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../../tests/integration/test-app';
import { ledgerTransfers, streamJoins } from '../../../db/schema';
import {
  checkLedger,
  earningsAccountId,
  escrowAccountId,
  getBalances,
  revenueAccountFor,
  walletAccountId,
} from '../../wallet';

const INSUFFICIENT = 'Insufficient balance. Please add funds to your wallet.';

const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false });
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const join = (cookie: string | undefined, streamId: string) =>
  http(app, cookie).post(`/api/live/streams/${streamId}/join`);

async function balances(viewerId: string, readerId: string) {
  const ids = [
    walletAccountId(viewerId),
    escrowAccountId(readerId),
    earningsAccountId(readerId),
    revenueAccountFor(viewerId),
  ];
  const found = await getBalances(app.db, ids);
  const [viewer, readerEscrow, readerEarnings, revenue] = ids.map((id) => found.get(id) ?? 0) as [
    number,
    number,
    number,
    number,
  ];
  return { viewer, readerEscrow, readerEarnings, revenue };
}

const joinsOf = (streamId: string) => app.db.select().from(streamJoins).where(eq(streamJoins.streamId, streamId));

describe('POST /api/live/streams/:id/join', () => {
  it('admits a viewer to a free stream without a charge', async () => {
    const reader = await createReader(app);
    const viewer = await createClient(app, { balanceCents: 500 });
    const streamId = await insertStream(app, reader.id);
    const joined = await join(viewer.cookie, streamId);
    expect(joined.status).toBe(200);
    expect(joinStreamResultSchema.parse(joined.body)).toEqual({ paidCents: 0, balanceCents: 500 });
    expect(await joinsOf(streamId)).toEqual([expect.objectContaining({ userId: viewer.id, paidCents: 0 })]);
  });

  it('charges a priced stream once, 70/30 with the reader’s share final at once; joining again charges nothing', async () => {
    const reader = await createReader(app);
    const viewer = await createClient(app, { balanceCents: 1_000 });
    const streamId = await insertStream(app, reader.id, { priceCents: 499 });
    const before = await balances(viewer.id, reader.id);
    const viewerSocket = await app.connectSocket(viewer.cookie);
    const readerSocket = await openReaderPage(app, reader);
    const viewerWallet = nextEvent(viewerSocket, SERVER_EVENTS.walletUpdated);
    const readerWallet = nextEvent(readerSocket, SERVER_EVENTS.walletUpdated);

    const first = await join(viewer.cookie, streamId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ paidCents: 499, balanceCents: 501 });
    expect(await viewerWallet).toEqual({ balanceCents: 501 });
    expect(await readerWallet).toEqual({ balanceCents: 0 });
    expect(await balances(viewer.id, reader.id)).toEqual({
      viewer: 501,
      readerEscrow: 0,
      readerEarnings: 349,
      revenue: before.revenue + 150,
    });

    const again = await join(viewer.cookie, streamId);
    expect(again.body).toEqual({ paidCents: 499, balanceCents: 501 });
    expect((await balances(viewer.id, reader.id)).viewer).toBe(501);
    const legs = await app.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `stream-access:${streamId}:${viewer.id}:%`));
    expect(legs.map((t) => [t.creditAccountId, t.amountCents, t.kind]).sort()).toEqual([
      [earningsAccountId(reader.id), 349, 'stream_access'],
      [revenueAccountFor(viewer.id), 150, 'stream_access'],
    ]);

    const wallet = (await http(app, viewer.cookie).get('/api/wallet')).body;
    expect(wallet.transactions[0]).toMatchObject({
      kind: 'stream_access',
      amountCents: -499,
      counterpart: { type: 'reader', id: reader.id },
    });
    const stats = (await http(app, reader.cookie).get('/api/readers/me/stats')).body;
    expect(stats).toMatchObject({ availableCents: 349, heldCents: 0, today: { earningsCents: 349, sessions: 0 } });
  });

  it('two joins at once charge the price once', async () => {
    const reader = await createReader(app);
    const viewer = await createClient(app, { balanceCents: 5_000 });
    const streamId = await insertStream(app, reader.id, { priceCents: 999 });
    await openReaderPage(app, reader);
    const answers = await Promise.all([join(viewer.cookie, streamId), join(viewer.cookie, streamId)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.paidCents)).toEqual([999, 999]);
    expect(await balances(viewer.id, reader.id)).toMatchObject({ viewer: 4_001, readerEarnings: 699 });
    expect(await joinsOf(streamId)).toHaveLength(1);
  });

  it('refuses a viewer who cannot pay with 402 and admits nothing', async () => {
    const reader = await createReader(app);
    const viewer = await createClient(app, { balanceCents: 98 });
    const streamId = await insertStream(app, reader.id, { priceCents: 99 });
    await openReaderPage(app, reader);
    const before = await balances(viewer.id, reader.id);
    const refused = await join(viewer.cookie, streamId);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toEqual({ code: 'INSUFFICIENT_FUNDS', message: INSUFFICIENT });
    expect(await balances(viewer.id, reader.id)).toEqual(before);
    expect(await joinsOf(streamId)).toEqual([]);
  });

  it("never charges the stream's own reader", async () => {
    const reader = await createReader(app);
    const streamId = await insertStream(app, reader.id, { priceCents: 2_500 });
    const own = await join(reader.cookie, streamId);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ paidCents: 0, balanceCents: 0 });
    expect(await joinsOf(streamId)).toEqual([]);
  });

  it('charges an admin or another reader like any viewer', async () => {
    const reader = await createReader(app);
    const otherReader = await createReader(app);
    const admin = await createAdmin(app);
    const streamId = await insertStream(app, reader.id, { priceCents: 199 });
    await openReaderPage(app, reader);
    expect((await join(otherReader.cookie, streamId)).status).toBe(402);
    expect((await join(admin.cookie, streamId)).status).toBe(402);
  });

  it('answers 401 signed out, 404 for no stream, 409 for a stream not live', async () => {
    const reader = await createReader(app);
    const viewer = await createClient(app, { balanceCents: 1_000 });
    expect((await join(undefined, 'whatever')).status).toBe(401);
    expect((await join(viewer.cookie, 'no-such-stream')).status).toBe(404);
    const scheduled = await insertStream(app, reader.id, { status: 'scheduled', priceCents: 299 });
    const notLive = await join(viewer.cookie, scheduled);
    expect(notLive.status).toBe(409);
    expect(notLive.body.error.message).toBe('This stream is not live');
    const live = await insertStream(app, reader.id, { priceCents: 299 });
    await openReaderPage(app, reader);
    expect((await join(viewer.cookie, live)).status).toBe(200);
    await endStream(app, live);
    expect((await join(viewer.cookie, live)).status).toBe(409);
    expect(
      await app.db
        .select()
        .from(streamJoins)
        .where(and(eq(streamJoins.streamId, scheduled), eq(streamJoins.userId, viewer.id))),
    ).toEqual([]);
    expect((await balances(viewer.id, reader.id)).viewer).toBe(701);
  });
});
