import { randomUUID } from 'node:crypto';
import { splitCharge } from '@shared/money';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { noRealtime } from '../../../../tests/integration/no-realtime';
import { TEST_ADDRESS } from '../../../../tests/integration/shipping-address';
import { testApp } from '../../../../tests/integration/test-app';
import { shopProducts, shopShipments } from '../../db/schema';
import { requestPayout } from '../payouts';
import { checkLedger, earningsAccountId, getBalances, revenueAccountFor, walletAccountId } from '../wallet';
import { cancelShipment } from './cancel-shipment';
import { placeOrder } from './place-order';
import { DAY_MS } from '@shared/time-units';

/**
 * The revenue shards are one account split for concurrency: a refund may take from any of them.
 * Found by cancel-shipment-property (stop 32): one buyer's cancel carried its paid-out seller's
 * share from the fullest other shard, which was a second buyer's; that buyer's cancel then could
 * not take the platform's part back from its own shard and failed with a 402 from the ledger.
 */
const clock = fakeClock(Date.parse('2026-11-20T12:00:00Z'));
const app = await testApp({ clock, runScheduler: false, runMailWorker: false });
const deps = { db: app.db, clock, realtime: noRealtime, shipWithinDays: 7 };

let seller: TestUser;
let x: TestUser;
let y: TestUser;
const crystal = { id: randomUUID(), priceCents: 2999 };
const platformCandle = { id: randomUUID(), priceCents: 1250 };

beforeAll(async () => {
  seller = await createReader(app);
  x = await createClient(app, { balanceCents: 10_000 });
  y = await createClient(app, { balanceCents: 10_000 });
  // Two buyers whose payments go to different shards (the shard is a hash of the id).
  while (revenueAccountFor(y.id) === revenueAccountFor(x.id)) y = await createClient(app, { balanceCents: 10_000 });
  await app.db.insert(shopProducts).values([
    {
      id: crystal.id,
      sellerId: seller.id,
      name: 'Crystal',
      priceCents: crystal.priceCents,
      category: 'Crystals',
      isDigital: false,
      stock: 10,
    },
    {
      id: platformCandle.id,
      sellerId: null,
      name: 'Candle',
      priceCents: platformCandle.priceCents,
      category: 'Crystals',
      isDigital: false,
      stock: 10,
    },
  ]);
});

const buy = (buyer: TestUser, productId: string, quantity: number) =>
  placeOrder(deps, buyer.id, { items: [{ productId, quantity }], shippingAddress: TEST_ADDRESS }, randomUUID());
const shipmentOf = async (orderId: string) =>
  (await app.db.select().from(shopShipments).where(eq(shopShipments.orderId, orderId)))[0]!;

describe('cancelling shipments when another refund emptied the buyer’s revenue shard', () => {
  it('takes the platform’s part from the other shards, and every cent adds up', async () => {
    const { platformCents, readerCents } = splitCharge(crystal.priceCents);
    const fromY = await buy(y, crystal.id, 1);
    const fromX = await buy(x, crystal.id, 1);
    // X's shard also holds four candles of X's that stay sold: revenue enough for both refunds.
    await buy(x, platformCandle.id, 4);
    await requestPayout({ db: app.db, realtime: noRealtime, payoutMinimumCents: 1 }, seller.id, {
      amountCents: 2 * readerCents,
    });
    const shards = [revenueAccountFor(x.id), revenueAccountFor(y.id)];
    expect(Object.fromEntries(await getBalances(app.db, shards))).toEqual({
      [shards[0]!]: platformCents + 4 * platformCandle.priceCents,
      [shards[1]!]: platformCents,
    });
    const revenueBefore = await revenueCents(app.db);

    clock.advance(7 * DAY_MS);
    // X's seller share is paid out: the platform carries it, from Y's shard (the fullest other) first.
    await cancelShipment(deps, x.id, (await shipmentOf(fromX.result.id)).id);
    expect((await getBalances(app.db, [shards[1]!])).get(shards[1]!)).toBe(0);
    const { refundedCents, balanceCents } = await cancelShipment(deps, y.id, (await shipmentOf(fromY.result.id)).id);

    expect(refundedCents).toBe(crystal.priceCents);
    expect(balanceCents).toBe(10_000);
    expect((await getBalances(app.db, [walletAccountId(x.id)])).get(walletAccountId(x.id))).toBe(
      10_000 - 4 * platformCandle.priceCents,
    );
    expect((await getBalances(app.db, [earningsAccountId(seller.id)])).get(earningsAccountId(seller.id)) ?? 0).toBe(0);
    expect(await revenueCents(app.db)).toBe(revenueBefore - 2 * crystal.priceCents);
    expect(await shipmentOf(fromY.result.id)).toMatchObject({
      status: 'cancelled',
      sellerRefundedCents: 0,
      platformCarriedCents: readerCents,
    });
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
