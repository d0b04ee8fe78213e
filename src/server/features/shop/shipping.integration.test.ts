import { randomUUID } from 'node:crypto';
import type { SellerShipment } from '@shared/shipping';
import type { AccountCart, Order, Product } from '@shared/shop';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { latestMail } from '../../../../tests/integration/mailbox';
import { TEST_ADDRESS } from '../../../../tests/integration/shipping-address';
import { testApp } from '../../../../tests/integration/test-app';
import { shopProducts } from '../../db/schema';
import { checkLedger, getUsableCredit, getUserBalances, grantCredit } from '../wallet';
import { DAY_MS } from '@shared/time-units';

const clock = fakeClock(Date.parse('2026-11-20T12:00:00Z'));
const app = await testApp({ clock, runScheduler: false, runMailWorker: false });
const address = TEST_ADDRESS;

let seller: TestUser;
let deck: Product;
let course: Product;
let platformCrystal: string;
beforeAll(async () => {
  seller = await createReader(app, { firstName: 'Rowan', lastName: 'Ash' });
  const listed = (input: Record<string, unknown>) =>
    http(app, seller.cookie).post<Product>('/api/shop/products', input);
  deck = (await listed({ name: 'Angel Oracle Deck', priceCents: 4000, category: 'Tarot', isDigital: false, stock: 50 }))
    .body;
  course = (
    await listed({
      name: 'Moon Course',
      priceCents: 1500,
      category: 'Courses',
      isDigital: true,
      digitalContent: 'https://learn.example/moon',
    })
  ).body;
  platformCrystal = randomUUID();
  await app.db.insert(shopProducts).values({
    id: platformCrystal,
    name: 'Rose Quartz Heart',
    priceCents: 1899,
    category: 'Crystals',
    isDigital: false,
    stock: 10,
  });
});

const buyer = () => createClient(app, { name: 'Luna Moon', balanceCents: 20_000 });
const order = (user: TestUser, items: { productId: string; quantity: number }[], shippingAddress?: unknown) =>
  http(app, user.cookie).post(
    '/api/shop/orders',
    { items, ...(shippingAddress !== undefined && { shippingAddress }) },
    { 'idempotency-key': randomUUID() },
  );
const ordersOf = async (user: TestUser) =>
  (await http(app, user.cookie).get<{ orders: Order[] }>('/api/shop/orders')).body.orders;
const salesOf = async (user: TestUser, path = '/api/shop/shipments') =>
  (await http(app, user.cookie).get<{ shipments: SellerShipment[] }>(path)).body.shipments;
const stockOf = async (id: string) =>
  (await app.db.select({ stock: shopProducts.stock }).from(shopProducts).where(eq(shopProducts.id, id)))[0]!.stock;

describe('checkout of a physical item', () => {
  it('asks for a shipping address, field by field, and changes nothing without one', async () => {
    const luna = await buyer();
    const none = await order(luna, [{ productId: deck.id, quantity: 1 }]);
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ shippingAddress: 'Physical items need a shipping address' });
    const bad = await order(luna, [{ productId: deck.id, quantity: 1 }], {
      ...address,
      city: ' ',
      postalCode: '97201!',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      'shippingAddress.city': 'City is required',
      'shippingAddress.postalCode': 'Postal code may hold only letters, digits, spaces and dashes',
    });
    expect((await getUserBalances(app.db, luna.id)).walletCents).toBe(20_000);
    expect(await stockOf(deck.id)).toBe(50);
    expect(await ordersOf(luna)).toEqual([]);
    // Digital items alone need none, and open no shipment.
    expect((await order(luna, [{ productId: course.id, quantity: 1 }])).status).toBe(201);
    expect(await ordersOf(luna)).toEqual([expect.objectContaining({ shippingAddress: null, shipments: [] })]);
  });

  it('keeps the address with the order and the account; the seller sees it, ships with tracking, the buyer is mailed and sees it, then delivered', async () => {
    const luna = await buyer();
    expect((await http(app, luna.cookie).get('/api/shop/shipping-address')).body).toEqual({ address: null });
    const placed = await order(
      luna,
      [
        { productId: deck.id, quantity: 2 },
        { productId: course.id, quantity: 1 },
      ],
      address,
    );
    expect(placed.status).toBe(201);
    expect((await http(app, luna.cookie).get('/api/shop/shipping-address')).body).toEqual({ address });

    const [mine] = await ordersOf(luna);
    expect(mine).toMatchObject({
      shippingAddress: address,
      shipments: [
        {
          status: 'paid',
          sellerName: 'Rowan Ash',
          itemsCents: 8000,
          productIds: [deck.id],
          isOverdue: false,
          trackingNumber: null,
        },
      ],
    });
    const shipmentId = mine!.shipments[0]!.id;
    const sale = (await salesOf(seller)).find((s) => s.id === shipmentId);
    expect(sale).toMatchObject({
      buyerName: 'Luna Moon',
      address,
      status: 'paid',
      items: [{ name: 'Angel Oracle Deck', quantity: 2 }],
      isOverdue: false,
    });

    const other = await createReader(app);
    expect((await salesOf(other)).map((s) => s.id)).not.toContain(shipmentId);
    expect((await http(app, other.cookie).post(`/api/shop/shipments/${shipmentId}/ship`, {})).status).toBe(403);
    expect((await http(app, luna.cookie).post(`/api/shop/shipments/${shipmentId}/ship`, {})).status).toBe(403);
    expect((await http(app, seller.cookie).post(`/api/shop/shipments/${shipmentId}/deliver`, {})).status).toBe(409);
    const badTracking = await http(app, seller.cookie).post(`/api/shop/shipments/${shipmentId}/ship`, {
      trackingNumber: 'x'.repeat(61),
    });
    expect(badTracking.body.error.fields).toEqual({ trackingNumber: 'Tracking number must be at most 60 characters' });

    const shipped = await http(app, seller.cookie).post<SellerShipment>(`/api/shop/shipments/${shipmentId}/ship`, {
      carrier: 'USPS',
      trackingNumber: '9400 1000 0000',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000 0000' });
    expect((await http(app, seller.cookie).post(`/api/shop/shipments/${shipmentId}/ship`, {})).body.error.message).toBe(
      'This order was already marked shipped',
    );
    expect((await ordersOf(luna))[0]!.shipments[0]).toMatchObject({
      status: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400 1000 0000',
    });

    const mail = await latestMail(app, luna.email, 'order_shipped');
    expect(mail.subject).toBe('Your order has shipped');
    expect(mail.text).toContain('Rowan Ash sent your 2 × Angel Oracle Deck.');
    expect(mail.text).toContain('Tracking number: 9400 1000 0000 (USPS).');

    expect((await http(app, seller.cookie).post(`/api/shop/shipments/${shipmentId}/deliver`, {})).body.status).toBe(
      'delivered',
    );
    expect((await ordersOf(luna))[0]!.shipments[0]!.status).toBe('delivered');
  });

  it("Soul Tribe's own physical items are shipped by an admin, never by a reader", async () => {
    const luna = await buyer();
    await order(luna, [{ productId: platformCrystal, quantity: 1 }], address);
    const [shipment] = (await ordersOf(luna))[0]!.shipments;
    expect(shipment).toMatchObject({ sellerName: null, itemsCents: 1899 });
    expect((await http(app, seller.cookie).post(`/api/shop/shipments/${shipment!.id}/ship`, {})).status).toBe(403);
    const admin = await createAdmin(app);
    expect((await salesOf(admin, '/api/admin/shop/shipments')).map((s) => s.id)).toContain(shipment!.id);
    expect(
      (await http(app, admin.cookie).post(`/api/shop/shipments/${shipment!.id}/ship`, { carrier: 'DHL' })).body,
    ).toMatchObject({ status: 'shipped', carrier: 'DHL', trackingNumber: null });
  });
});

describe('an order not shipped in time', () => {
  it('is flagged to the seller after SHIP_WITHIN_DAYS; then, not before, the buyer cancels for a full refund from the seller and the platform', async () => {
    const luna = await buyer();
    await order(
      luna,
      [
        { productId: deck.id, quantity: 1 },
        { productId: course.id, quantity: 1 },
      ],
      address,
    );
    const shipmentId = (await ordersOf(luna))[0]!.shipments[0]!.id;
    const early = await http(app, luna.cookie).post(`/api/shop/shipments/${shipmentId}/cancel`);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('You can cancel if it has not shipped by Nov 27, 2026');

    clock.advance(7 * DAY_MS);
    expect((await salesOf(seller)).find((s) => s.id === shipmentId)).toMatchObject({ isOverdue: true });
    const before = {
      luna: await getUserBalances(app.db, luna.id),
      seller: await getUserBalances(app.db, seller.id),
      revenue: await revenueCents(app.db),
      stock: await stockOf(deck.id),
    };
    expect((await http(app, seller.cookie).post(`/api/shop/shipments/${shipmentId}/cancel`)).status).toBe(403);
    const cancelled = await http(app, luna.cookie).post(`/api/shop/shipments/${shipmentId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      refundedCents: 4000,
      balanceCents: before.luna.walletCents + 4000,
      shipment: { status: 'cancelled', refundedCents: 4000, isOverdue: false },
    });
    expect((await getUserBalances(app.db, luna.id)).walletCents).toBe(before.luna.walletCents + 4000);
    expect((await getUserBalances(app.db, seller.id)).availableCents).toBe(before.seller.availableCents - 2800);
    expect(await revenueCents(app.db)).toBe(before.revenue - 1200);
    expect(await stockOf(deck.id)).toBe(before.stock! + 1);
    // The digital course stays bought; the seller can no longer ship it, and a second cancel moves nothing.
    expect((await ordersOf(luna))[0]!.items.find((i) => i.productId === course.id)?.digitalContent).toBe(
      'https://learn.example/moon',
    );
    expect((await http(app, seller.cookie).post(`/api/shop/shipments/${shipmentId}/ship`, {})).body.error.message).toBe(
      'The buyer cancelled this order and was refunded: do not send it',
    );
    expect((await http(app, luna.cookie).post(`/api/shop/shipments/${shipmentId}/cancel`)).body.error.message).toBe(
      'This order was already cancelled and refunded',
    );
    expect((await getUserBalances(app.db, luna.id)).walletCents).toBe(before.luna.walletCents + 4000);
    // The buyer's wallet shows the refund as one line, from the seller.
    const { transactions } = (await http(app, luna.cookie).get('/api/wallet')).body;
    expect(transactions[0]).toMatchObject({
      kind: 'refund',
      amountCents: 4000,
      counterpart: { type: 'reader', name: 'Rowan Ash' },
    });
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it("when the seller's earnings were paid out, the platform carries their share and the admin sees it", async () => {
    const luna = await buyer();
    const poor = await createReader(app, { firstName: 'Iris', lastName: 'Vale' });
    const { body: lamp } = await http(app, poor.cookie).post<Product>('/api/shop/products', {
      name: 'Salt Lamp',
      priceCents: 3000,
      category: 'Crystals',
      isDigital: false,
      stock: 3,
    });
    // Revenue from elsewhere, so the platform has money to carry the share with.
    const other = await buyer();
    await order(other, [{ productId: platformCrystal, quantity: 2 }], address);
    await order(luna, [{ productId: lamp.id, quantity: 1 }], address);
    expect((await http(app, poor.cookie).post('/api/payouts', {})).status).toBe(201);
    expect((await getUserBalances(app.db, poor.id)).availableCents).toBe(0);

    clock.advance(8 * DAY_MS);
    const shipmentId = (await ordersOf(luna))[0]!.shipments[0]!.id;
    const revenueBefore = await revenueCents(app.db);
    const walletBefore = (await getUserBalances(app.db, luna.id)).walletCents;
    expect((await http(app, luna.cookie).post(`/api/shop/shipments/${shipmentId}/cancel`)).status).toBe(200);
    expect((await getUserBalances(app.db, luna.id)).walletCents).toBe(walletBefore + 3000);
    expect(await revenueCents(app.db)).toBe(revenueBefore - 3000);
    const admin = await createAdmin(app);
    expect((await salesOf(admin, '/api/admin/shop/shipments')).find((s) => s.id === shipmentId)).toMatchObject({
      status: 'cancelled',
      sellerName: 'Iris Vale',
      platformCarriedCents: 2100,
      refundedCents: 3000,
    });
    // What the seller earned stays what the ledger says: the share the platform carried is still theirs.
    expect((await http(app, poor.cookie).get('/api/readers/me/earnings')).body.bySource).toMatchObject({
      shopSalesCents: 2100,
    });
    expect(await checkLedger(app.db)).toEqual([]);
  });
});

describe('the account cart', () => {
  it('spends promotional credit first on an order, and a cancelled shipment gives the credit back first (issue 48)', async () => {
    const sol = await createClient(app, { balanceCents: 2000 });
    const expiresAt = new Date(clock.now() + 60 * DAY_MS);
    await app.db.transaction((tx) =>
      grantCredit(tx, {
        id: randomUUID(),
        userId: sol.id,
        amountCents: 3000,
        source: 'goodwill',
        expiresAt,
        now: new Date(clock.now()),
      }),
    );
    // $55.00 is more than $30.00 of credit and $20.00 of cash: refused, and nothing moves.
    const tooMuch = await order(
      sol,
      [
        { productId: deck.id, quantity: 1 },
        { productId: course.id, quantity: 1 },
      ],
      address,
    );
    expect(tooMuch.status).toBe(402);
    expect(await getUsableCredit(app.db, sol.id, new Date(clock.now()))).toMatchObject({ creditCents: 3000 });
    // $40.00: $30.00 of credit and $10.00 of cash.
    expect((await order(sol, [{ productId: deck.id, quantity: 1 }], address)).status).toBe(201);
    expect(await getUserBalances(app.db, sol.id)).toMatchObject({ walletCents: 1000 });
    expect(await getUsableCredit(app.db, sol.id, new Date(clock.now()))).toMatchObject({ creditCents: 0 });
    const shipmentId = (await ordersOf(sol))[0]!.shipments[0]!.id;
    clock.advance(7 * DAY_MS);
    expect((await http(app, sol.cookie).post(`/api/shop/shipments/${shipmentId}/cancel`)).status).toBe(200);
    expect(await getUserBalances(app.db, sol.id)).toMatchObject({ walletCents: 2000 });
    expect(await getUsableCredit(app.db, sol.id, new Date(clock.now()))).toEqual({
      creditCents: 3000,
      nextCreditExpiry: { amountCents: 3000, expiresAt: expiresAt.toISOString() },
    });
    // The activity: the order and its refund, each one line saying what credit paid and got back.
    const activity = (await http(app, sol.cookie).get('/api/wallet')).body.transactions;
    expect(activity.slice(0, 2)).toMatchObject([
      { kind: 'refund', amountCents: 4000, creditCents: -3000 },
      { amountCents: -4000, creditCents: 3000 },
    ]);
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('keeps the cart on the server, merges the browser cart by the larger quantity, and drops what was ordered', async () => {
    const luna = await buyer();
    const cart = () => http(app, luna.cookie);
    expect((await cart().get<AccountCart>('/api/shop/cart')).body).toEqual({ items: [] });
    const put = await cart().put<AccountCart>('/api/shop/cart', { items: [{ productId: deck.id, quantity: 2 }] });
    expect(put.body.items).toEqual([
      {
        productId: deck.id,
        quantity: 2,
        product: expect.objectContaining({ name: 'Angel Oracle Deck', priceCents: 4000, isDigital: false }),
      },
    ]);
    const merged = await cart().post<AccountCart>('/api/shop/cart/merge', {
      items: [
        { productId: deck.id, quantity: 1 },
        { productId: course.id, quantity: 1 },
        { productId: 'gone', quantity: 1 },
      ],
    });
    expect(merged.body.items.map((i) => [i.productId, i.quantity])).toEqual([
      [deck.id, 2],
      [course.id, 1],
    ]);
    // The same browser cart merged again changes nothing.
    const again = await cart().post<AccountCart>('/api/shop/cart/merge', {
      items: [{ productId: deck.id, quantity: 1 }],
    });
    expect(again.body.items.map((i) => i.quantity)).toEqual([2, 1]);
    expect(
      (await cart().put('/api/shop/cart', { items: [{ productId: deck.id, quantity: 0 }] })).body.error.fields,
    ).toEqual({ 'items.0.quantity': 'Quantity must be at least 1' });
    expect((await http(app).get('/api/shop/cart')).status).toBe(401);

    await order(luna, [{ productId: course.id, quantity: 1 }]);
    expect((await cart().get<AccountCart>('/api/shop/cart')).body.items.map((i) => i.productId)).toEqual([deck.id]);
  });
});
