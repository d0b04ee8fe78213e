import { randomUUID } from 'node:crypto';
import { splitCharge } from '@shared/money';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createReader, fundWallet, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { noRealtime } from '../../../../tests/integration/no-realtime';
import { TEST_ADDRESS } from '../../../../tests/integration/shipping-address';
import { testApp } from '../../../../tests/integration/test-app';
import { shopProducts, shopShipments } from '../../db/schema';
import { AppError } from '../../errors';
import { requestPayout } from '../payouts';
import { checkLedger, earningsAccountId, getBalances, walletAccountId } from '../wallet';
import { cancelShipment } from './cancel-shipment';
import { placeOrder } from './place-order';
import { shipShipment } from './shipments';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '@shared/time-units';

const clock = fakeClock(Date.parse('2026-11-20T12:00:00Z'));
const app = await testApp({ clock, runScheduler: false, runMailWorker: false });
const deps = { db: app.db, clock, realtime: noRealtime, shipWithinDays: 7 };

/** Physical products of two readers and of the platform, plus a digital one of the first reader. */
let buyers: TestUser[];
let sellers: TestUser[];
let products: { id: string; sellerIndex: number | null; priceCents: number; isDigital: boolean }[];
beforeAll(async () => {
  buyers = [await createClient(app), await createClient(app)];
  sellers = [await createReader(app), await createReader(app)];
  products = [
    { id: randomUUID(), sellerIndex: 0, priceCents: 2999, isDigital: false },
    { id: randomUUID(), sellerIndex: 0, priceCents: 1001, isDigital: true },
    { id: randomUUID(), sellerIndex: 1, priceCents: 4507, isDigital: false },
    { id: randomUUID(), sellerIndex: null, priceCents: 1250, isDigital: false },
  ];
  for (const [i, p] of products.entries()) {
    await app.db.insert(shopProducts).values({
      id: p.id,
      sellerId: p.sellerIndex === null ? null : sellers[p.sellerIndex]!.id,
      name: `Product ${i}`,
      priceCents: p.priceCents,
      category: 'Crystals',
      isDigital: p.isDigital,
      digitalContent: p.isDigital ? 'https://example.test/content' : null,
      stock: p.isDigital ? null : 100_000,
    });
  }
  patron = await createClient(app);
});

let patron: TestUser;
/** The platform's revenue from elsewhere, enough to carry any share a run makes it carry. */
async function revenueFromElsewhere() {
  await fundWallet(app, patron.id, 123_750);
  await placeOrder(
    deps,
    patron.id,
    { items: [{ productId: products[3]!.id, quantity: 99 }], shippingAddress: TEST_ADDRESS },
    randomUUID(),
  );
}

async function balances() {
  const ids = [...buyers.map((b) => walletAccountId(b.id)), ...sellers.map((s) => earningsAccountId(s.id))];
  const found = await getBalances(app.db, ids);
  return {
    wallets: buyers.map((b) => found.get(walletAccountId(b.id)) ?? 0),
    earnings: sellers.map((s) => found.get(earningsAccountId(s.id)) ?? 0),
    revenue: await revenueCents(app.db),
  };
}
const shipmentsOf = (orderId: string) => app.db.select().from(shopShipments).where(eq(shopShipments.orderId, orderId));
const order = (buyerIndex: number, lines: { product: number; quantity: number }[]) =>
  placeOrder(
    deps,
    buyers[buyerIndex]!.id,
    {
      items: lines.map((l) => ({ productId: products[l.product]!.id, quantity: l.quantity })),
      shippingAddress: TEST_ADDRESS,
    },
    randomUUID(),
  );

const lineArbitrary = fc.record({ product: fc.nat(3), quantity: fc.integer({ min: 1, max: 3 }) });
const scenarioArbitrary = fc.array(
  fc.record({
    buyer: fc.nat(1),
    lines: fc.uniqueArray(lineArbitrary, { minLength: 1, maxLength: 4, selector: (l) => l.product }),
    /** How much of each seller's earnings is paid out before the cancels, in cents. */
    payouts: fc.array(fc.nat(20_000), { minLength: 2, maxLength: 2 }),
    cancel: fc.boolean(),
  }),
  { minLength: 1, maxLength: 5 },
);

describe('cancelling a shipment against a model', () => {
  it('gives the buyer exactly what the items cost; the seller gives back what their earnings hold, the platform the rest', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        for (const buyer of buyers) await fundWallet(app, buyer.id, 100_000);
        await revenueFromElsewhere();
        const model = await balances();
        const toCancel: {
          shipmentId: string;
          buyer: number;
          itemsCents: number;
          sellerIndex: number | null;
          sellerCents: number;
          platformCents: number;
        }[] = [];
        for (const step of scenario) {
          const { result } = await order(step.buyer, step.lines);
          model.wallets[step.buyer]! -= result.totalCents;
          for (const l of step.lines) {
            const p = products[l.product]!;
            const lineCents = p.priceCents * l.quantity;
            const split =
              p.sellerIndex === null ? { readerCents: 0, platformCents: lineCents } : splitCharge(lineCents);
            if (p.sellerIndex !== null) model.earnings[p.sellerIndex]! += split.readerCents;
            model.revenue += split.platformCents;
          }
          for (const [sellerIndex, cents] of step.payouts.entries()) {
            const amountCents = Math.min(cents, model.earnings[sellerIndex]!);
            if (amountCents === 0) continue;
            await requestPayout({ db: app.db, realtime: noRealtime, payoutMinimumCents: 1 }, sellers[sellerIndex]!.id, {
              amountCents,
            });
            model.earnings[sellerIndex]! -= amountCents;
          }
          if (!step.cancel) continue;
          for (const shipment of await shipmentsOf(result.id)) {
            const sellerIndex =
              shipment.sellerId === null ? null : sellers.findIndex((s) => s.id === shipment.sellerId);
            const physical = step.lines.filter(
              (l) => !products[l.product]!.isDigital && products[l.product]!.sellerIndex === sellerIndex,
            );
            const parts = physical.map((l) =>
              sellerIndex === null
                ? { readerCents: 0, platformCents: products[l.product]!.priceCents * l.quantity }
                : splitCharge(products[l.product]!.priceCents * l.quantity),
            );
            const sellerCents = parts.reduce((sum, part) => sum + part.readerCents, 0);
            const platformCents = parts.reduce((sum, part) => sum + part.platformCents, 0);
            expect(shipment.itemsCents).toBe(sellerCents + platformCents);
            toCancel.push({
              shipmentId: shipment.id,
              buyer: step.buyer,
              itemsCents: shipment.itemsCents,
              sellerIndex,
              sellerCents,
              platformCents,
            });
          }
        }

        clock.advance(7 * DAY_MS);
        for (const c of toCancel) {
          const fromSeller = c.sellerIndex === null ? 0 : Math.min(c.sellerCents, model.earnings[c.sellerIndex]!);
          const { refundedCents, balanceCents } = await cancelShipment(deps, buyers[c.buyer]!.id, c.shipmentId);
          expect(refundedCents).toBe(c.itemsCents);
          model.wallets[c.buyer]! += c.itemsCents;
          expect(balanceCents).toBe(model.wallets[c.buyer]);
          if (c.sellerIndex !== null) model.earnings[c.sellerIndex]! -= fromSeller;
          model.revenue -= c.platformCents + (c.sellerCents - fromSeller);
          const [row] = await app.db.select().from(shopShipments).where(eq(shopShipments.id, c.shipmentId));
          expect(row).toMatchObject({
            status: 'cancelled',
            refundedCents: c.itemsCents,
            sellerRefundedCents: fromSeller,
            platformCarriedCents: c.sellerCents - fromSeller,
          });
        }
        expect(await balances()).toEqual(model);
      }),
      { numRuns: 15 },
    );
    expect(await checkLedger(app.db)).toEqual([]);
  });
});

describe('races', () => {
  const overdueShipment = async (buyerIndex: number) => {
    await fundWallet(app, buyers[buyerIndex]!.id, 10_000);
    const { result } = await order(buyerIndex, [{ product: 0, quantity: 1 }]);
    clock.advance(7 * DAY_MS);
    return (await shipmentsOf(result.id))[0]!;
  };
  const isConflict = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === 'rejected' && outcome.reason instanceof AppError && outcome.reason.code === 'CONFLICT';

  it('two cancels at once refund once', async () => {
    const shipment = await overdueShipment(0);
    const before = await balances();
    const outcomes = await Promise.allSettled([
      cancelShipment(deps, buyers[0]!.id, shipment.id),
      cancelShipment(deps, buyers[0]!.id, shipment.id),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter(isConflict)).toHaveLength(1);
    const after = await balances();
    expect(after.wallets[0]).toBe(before.wallets[0]! + 2999);
    expect(after.earnings[0]).toBe(before.earnings[0]! - splitCharge(2999).readerCents);
    expect(after.revenue).toBe(before.revenue - splitCharge(2999).platformCents);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('a cancel racing the seller shipping: exactly one wins, and money moves only if the cancel did', async () => {
    for (let round = 0; round < 4; round++) {
      const shipment = await overdueShipment(1);
      const before = await balances();
      const [cancelled, shipped] = await Promise.allSettled([
        cancelShipment(deps, buyers[1]!.id, shipment.id),
        shipShipment(deps, { id: sellers[0]!.id, role: 'reader', isAdminLocked: false }, shipment.id, {
          carrier: 'USPS',
          trackingNumber: null,
        }),
      ]);
      expect([cancelled.status, shipped.status].sort()).toEqual(['fulfilled', 'rejected']);
      expect(isConflict(cancelled.status === 'rejected' ? cancelled : shipped)).toBe(true);
      const [row] = await app.db.select().from(shopShipments).where(eq(shopShipments.id, shipment.id));
      const after = await balances();
      if (cancelled.status === 'fulfilled') {
        expect(row!.status).toBe('cancelled');
        expect(after.wallets[1]).toBe(before.wallets[1]! + 2999);
      } else {
        expect(row).toMatchObject({ status: 'shipped', refundedCents: 0 });
        expect(after).toEqual(before);
      }
    }
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
