import { randomUUID } from 'node:crypto';
import { splitCharge } from '@shared/money';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createReader, fundWallet, type TestUser } from '../../../../tests/integration/factories';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { noRealtime } from '../../../../tests/integration/no-realtime';
import { TEST_ADDRESS } from '../../../../tests/integration/shipping-address';
import { testApp } from '../../../../tests/integration/test-app';
import { shopProducts } from '../../db/schema';
import { AppError } from '../../errors';
import { checkLedger, earningsAccountId, getBalances, walletAccountId } from '../wallet';
import { placeOrder } from './place-order';

/** Four products: two of a reader (one digital), one of another reader, one of the platform; stock on the physical ones. */
interface Item {
  id: string;
  sellerIndex: number | null;
  priceCents: number;
  stock: number | null;
}

let buyers: TestUser[];
let sellers: TestUser[];
let items: Item[];
const app = await testApp({ runScheduler: false });
beforeAll(async () => {
  buyers = [await createClient(app), await createClient(app)];
  sellers = [await createReader(app), await createReader(app)];
  items = [
    { id: randomUUID(), sellerIndex: 0, priceCents: 1999, stock: null },
    { id: randomUUID(), sellerIndex: 0, priceCents: 733, stock: 6 },
    { id: randomUUID(), sellerIndex: 1, priceCents: 4501, stock: 4 },
    { id: randomUUID(), sellerIndex: null, priceCents: 1250, stock: 8 },
  ];
  for (const [i, item] of items.entries()) {
    await app.db.insert(shopProducts).values({
      id: item.id,
      sellerId: item.sellerIndex === null ? null : sellers[item.sellerIndex]!.id,
      name: `Product ${i}`,
      priceCents: item.priceCents,
      category: 'Crystals',
      isDigital: item.stock === null,
      digitalContent: item.stock === null ? 'https://example.test/content' : null,
      stock: item.stock,
    });
  }
});

const lineArbitrary = fc.record({ product: fc.nat(3), quantity: fc.integer({ min: 1, max: 3 }) });
const orderArbitrary = fc.record({
  buyer: fc.nat(1),
  lines: fc.uniqueArray(lineArbitrary, { minLength: 1, maxLength: 4, selector: (l) => l.product }),
});

async function snapshot() {
  const ids = [...buyers.map((b) => walletAccountId(b.id)), ...sellers.map((s) => earningsAccountId(s.id))];
  const found = await getBalances(app.db, ids);
  return [...ids.map((id) => found.get(id) ?? 0), await revenueCents(app.db)];
}
const stocks = async () =>
  Promise.all(
    items.map(
      async (item) =>
        (await app.db.select({ stock: shopProducts.stock }).from(shopProducts).where(eq(shopProducts.id, item.id)))[0]!
          .stock,
    ),
  );

describe('orders against a model', () => {
  it('over random orders: buyers pay exactly what sellers earn plus what the platform takes, stock and wallets never go below zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 15_000 }), { minLength: 2, maxLength: 2 }),
        fc.array(orderArbitrary, { maxLength: 12 }),
        async (fundings, orders) => {
          for (const [i, cents] of fundings.entries()) if (cents > 0) await fundWallet(app, buyers[i]!.id, cents);
          const before = await snapshot();
          const wallets = before.slice(0, buyers.length);
          const earned = [0, 0];
          let platform = 0;
          const stock = await stocks();

          for (const { buyer, lines } of orders) {
            const total = lines.reduce((sum, l) => sum + items[l.product]!.priceCents * l.quantity, 0);
            const placed = placeOrder(
              { db: app.db, clock: app.clock, realtime: noRealtime },
              buyers[buyer]!.id,
              {
                items: lines.map((l) => ({ productId: items[l.product]!.id, quantity: l.quantity })),
                shippingAddress: TEST_ADDRESS,
              },
              randomUUID(),
            );
            const short = lines.some((l) => stock[l.product] !== null && stock[l.product]! < l.quantity);
            if (short) {
              await expect(placed).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'CONFLICT');
              continue;
            }
            if (wallets[buyer]! < total) {
              await expect(placed).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'INSUFFICIENT_FUNDS');
              continue;
            }
            const { result } = await placed;
            expect(result.totalCents).toBe(total);
            wallets[buyer]! -= total;
            for (const l of lines) {
              const item = items[l.product]!;
              if (stock[l.product] !== null) stock[l.product]! -= l.quantity;
              const lineCents = item.priceCents * l.quantity;
              if (item.sellerIndex === null) platform += lineCents;
              else {
                const { readerCents, platformCents } = splitCharge(lineCents);
                earned[item.sellerIndex]! += readerCents;
                platform += platformCents;
              }
            }
            expect(result.balanceCents).toBe(wallets[buyer]);
          }

          const after = await snapshot();
          expect(after.slice(0, buyers.length)).toEqual(wallets);
          expect(after.slice(buyers.length, -1).map((cents, i) => cents - before[buyers.length + i]!)).toEqual(earned);
          expect(after.at(-1)! - before.at(-1)!).toBe(platform);
          expect(await stocks()).toEqual(stock);
          for (const cents of [...after, ...stock]) expect(cents ?? 0).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 20 },
    );
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
