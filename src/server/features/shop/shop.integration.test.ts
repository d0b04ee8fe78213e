import { randomUUID } from 'node:crypto';
import type { MyProduct, Order, Product } from '@shared/shop';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createClient,
  createReader,
  fundWallet,
  type TestUser,
} from '../../../../tests/integration/factories';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { ledgerReadings } from '../../../../tests/integration/ledger-readings';
import { TEST_ADDRESS } from '../../../../tests/integration/shipping-address';
import { testApp } from '../../../../tests/integration/test-app';
import { shopProducts } from '../../db/schema';
import { getUserBalances } from '../wallet';

const clock = fakeClock(Date.parse('2026-11-20T12:00:00Z'));
let seller: TestUser;
let course: Product;
let deck: Product;
let amethyst: string;
const app = await testApp({ clock, runScheduler: false });
beforeAll(async () => {
  seller = await createReader(app, { firstName: 'Rowan', lastName: 'Ash' });
  const listed = (input: Record<string, unknown>) =>
    http(app, seller.cookie).post<Product>('/api/shop/products', input);
  course = (
    await listed({
      name: 'Tarot Foundations Course',
      description: 'Six lessons on the Major Arcana.',
      priceCents: 4999,
      category: 'Courses',
      isDigital: true,
      digitalContent: 'https://learn.example/tarot-foundations',
    })
  ).body;
  deck = (await listed({ name: 'Rider Tarot Deck', priceCents: 2500, category: 'Tarot', isDigital: false, stock: 2 }))
    .body;
  amethyst = randomUUID();
  await app.db.insert(shopProducts).values({
    id: amethyst,
    name: 'Amethyst Cluster',
    priceCents: 3499,
    category: 'Crystals',
    isDigital: false,
    stock: 100,
    isFeatured: true,
    ratingSum: 49,
    ratingCount: 10,
  });
});

const order = (user: TestUser, items: { productId: string; quantity: number }[], key = randomUUID()) =>
  http(app, user.cookie).post('/api/shop/orders', { items, shippingAddress: TEST_ADDRESS }, { 'idempotency-key': key });
const products = async (query = '') =>
  (await http(app).get<{ products: Product[] }>(`/api/shop/products${query}`)).body.products.map((p) => p.name);
const revenue = () => revenueCents(app.db);

describe('products', () => {
  it('filters by search, category, price and digital, and sorts four ways', async () => {
    expect(await products('?sort=price_asc')).toEqual([
      'Rider Tarot Deck',
      'Amethyst Cluster',
      'Tarot Foundations Course',
    ]);
    expect(await products('?sort=price_desc')).toEqual([
      'Tarot Foundations Course',
      'Amethyst Cluster',
      'Rider Tarot Deck',
    ]);
    expect((await products('?sort=featured'))[0]).toBe('Amethyst Cluster');
    expect((await products('?sort=rating'))[0]).toBe('Amethyst Cluster');
    expect(await products('?search=TAROT&category=Tarot')).toEqual(['Rider Tarot Deck']);
    expect(await products('?search=major%20arcana')).toEqual(['Tarot Foundations Course']);
    expect(await products('?minCents=3000&maxCents=4000')).toEqual(['Amethyst Cluster']);
    expect(await products('?digital=true')).toEqual(['Tarot Foundations Course']);
    const badSort = await http(app).get('/api/shop/products?sort=cheapest');
    expect(badSort.body.error.fields).toEqual({ sort: 'Unknown sort' });
    const badRange = await http(app).get('/api/shop/products?minCents=500&maxCents=100');
    expect(badRange.body.error.fields).toEqual({ minCents: 'minCents must not exceed maxCents' });
  });

  it('shows the seller and never the digital content in the list; only readers list products, field errors beside the fields', async () => {
    const listed = (await http(app).get<{ products: Product[] }>('/api/shop/products?digital=true')).body.products[0]!;
    expect(listed.seller).toMatchObject({ name: 'Rowan Ash' });
    expect(JSON.stringify(listed)).not.toContain('learn.example');
    const { body: mine } = await http(app, seller.cookie).get<{ products: MyProduct[] }>('/api/shop/products/mine');
    expect(mine.products.find((p) => p.id === course.id)?.digitalContent).toBe(
      'https://learn.example/tarot-foundations',
    );
    expect(mine.products.find((p) => p.id === deck.id)).toMatchObject({ digitalContent: null, stock: 2 });
    const client = await createClient(app);
    expect(
      (
        await http(app, client.cookie).post('/api/shop/products', {
          name: 'Mine',
          priceCents: 100,
          category: 'Tarot',
          isDigital: true,
        })
      ).status,
    ).toBe(403);
    const bad = await http(app, seller.cookie).post('/api/shop/products', {
      name: 'Oracle cards',
      priceCents: 50,
      category: 'Tarot',
      isDigital: false,
    });
    expect(bad.body.error.fields).toMatchObject({
      priceCents: 'Price must be at least $1',
      stock: 'A physical product needs its stock',
    });
  });
  it('lists hidden products to admins only, marked hidden, until they are shown again', async () => {
    const { body: listed } = await http(app, seller.cookie).post<Product>('/api/shop/products', {
      name: 'Moonstone Pendulum',
      priceCents: 1200,
      category: 'Crystals',
      isDigital: false,
      stock: 3,
    });
    const admin = await createAdmin(app);
    const client = await createClient(app);
    const seen = async (cookie?: string) =>
      (await http(app, cookie).get<{ products: Product[] }>('/api/shop/products?search=moonstone')).body.products;
    await http(app, admin.cookie).patch(`/api/admin/shop/products/${listed.id}`, {
      isHidden: true,
      reason: 'Sold as silver, it is plated',
    });
    expect(await seen()).toEqual([]);
    expect(await seen(client.cookie)).toEqual([]);
    expect(await seen(seller.cookie)).toEqual([]);
    expect(await seen(admin.cookie)).toEqual([expect.objectContaining({ id: listed.id, isHidden: true })]);
    await http(app, admin.cookie).patch(`/api/admin/shop/products/${listed.id}`, { isHidden: false });
    expect(await seen()).toEqual([expect.objectContaining({ id: listed.id, isHidden: false })]);
    await http(app, admin.cookie).patch(`/api/admin/shop/products/${listed.id}`, {
      isHidden: true,
      reason: 'Sold as silver, it is plated',
    });
  });

  it('hides a product only with a reason, which its seller alone sees, until it is shown again', async () => {
    const { body: listed } = await http(app, seller.cookie).post<Product>('/api/shop/products', {
      name: 'Labradorite Sphere',
      priceCents: 2400,
      category: 'Crystals',
      isDigital: false,
      stock: 1,
    });
    const admin = await createAdmin(app);
    const mine = async () =>
      (await http(app, seller.cookie).get<{ products: MyProduct[] }>('/api/shop/products/mine')).body.products.find(
        (p) => p.id === listed.id,
      );

    for (const body of [
      { isHidden: true },
      { isHidden: true, reason: '  ' },
      { isHidden: true, reason: 'x'.repeat(501) },
    ]) {
      const refused = await http(app, admin.cookie).patch(`/api/admin/shop/products/${listed.id}`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toHaveProperty('reason');
    }
    expect(await mine()).toMatchObject({ isHidden: false, moderationReason: null });

    const hidden = await http(app, admin.cookie).patch<Product>(`/api/admin/shop/products/${listed.id}`, {
      isHidden: true,
      reason: '  Photos taken from another shop  ',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).not.toHaveProperty('moderationReason');
    expect(await mine()).toMatchObject({ isHidden: true, moderationReason: 'Photos taken from another shop' });
    const [row] = await app.db
      .select({ moderatedBy: shopProducts.moderatedBy })
      .from(shopProducts)
      .where(eq(shopProducts.id, listed.id));
    expect(row?.moderatedBy).toBe(admin.id);

    await http(app, admin.cookie).patch(`/api/admin/shop/products/${listed.id}`, { isHidden: false });
    expect(await mine()).toMatchObject({ isHidden: false, moderationReason: null });
  });
});

describe('orders', () => {
  it("pays from the wallet: the reader earns 70% of their lines, the platform's products go to revenue, to the cent", async () => {
    const client = await createClient(app);
    await fundWallet(app, client.id, 20_000);
    const revenueBefore = await revenue();
    const placed = await order(client, [
      { productId: course.id, quantity: 1 },
      { productId: amethyst, quantity: 2 },
    ]);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ totalCents: 4999 + 2 * 3499, balanceCents: 20_000 - 4999 - 6998 });
    expect(await getUserBalances(app.db, seller.id)).toMatchObject({ heldCents: 0, availableCents: 3499 });
    expect((await revenue()) - revenueBefore).toBe(4999 - 3499 + 6998);
  });

  it('answers 402 and changes nothing without the funds; refuses more than the stock', async () => {
    const client = await createClient(app);
    await fundWallet(app, client.id, 3000);
    const poor = await order(client, [{ productId: course.id, quantity: 1 }]);
    expect(poor.status).toBe(402);
    expect(poor.body.error.message).toBe('Insufficient balance. Please add funds to your wallet.');
    expect((await getUserBalances(app.db, client.id)).walletCents).toBe(3000);
    expect((await http(app, client.cookie).get<{ orders: Order[] }>('/api/shop/orders')).body.orders).toEqual([]);
    const tooMany = await order(client, [{ productId: deck.id, quantity: 3 }]);
    expect(tooMany.status).toBe(409);
    expect(
      (await http(app).get<{ products: Product[] }>('/api/shop/products?category=Tarot')).body.products[0]?.stock,
    ).toBe(2);
  });

  it('charges a replayed key once, and two racing requests with one key once', async () => {
    const client = await createClient(app);
    await fundWallet(app, client.id, 10_000);
    const key = randomUUID();
    const first = await order(client, [{ productId: amethyst, quantity: 1 }], key);
    const replay = await order(client, [{ productId: amethyst, quantity: 1 }], key);
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await order(client, [{ productId: amethyst, quantity: 2 }], key)).status).toBe(409);
    const raceKey = randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => order(client, [{ productId: amethyst, quantity: 1 }], raceKey)),
    );
    expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);
    expect((await getUserBalances(app.db, client.id)).walletCents).toBe(10_000 - 2 * 3499);
  });

  it('sells the last items once when buyers race for them', async () => {
    const { body: few } = await http(app, seller.cookie).post<Product>('/api/shop/products', {
      name: 'Moonstone Palm Stone',
      priceCents: 1200,
      category: 'Crystals',
      isDigital: false,
      stock: 3,
    });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const buyer = await createClient(app);
        await fundWallet(app, buyer.id, 5000);
        return buyer;
      }),
    );
    const results = await Promise.all(buyers.map((buyer) => order(buyer, [{ productId: few.id, quantity: 1 }])));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const wallets = await Promise.all(buyers.map(async (b) => (await getUserBalances(app.db, b.id)).walletCents));
    expect(wallets.reduce((sum, cents) => sum + cents, 0)).toBe(6 * 5000 - 3 * 1200);
  });

  it("racing a reading's minute charges on the same wallet, pays exactly what both took and never goes below zero", async () => {
    const client = await createClient(app);
    const reader = await createReader(app);
    await fundWallet(app, client.id, 5000);
    const readings = ledgerReadings(app);
    const reading = await readings.open(client.id, reader.id, 299);
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, (_, minute) =>
        readings.charge(reading, minute + 1).then(
          () => 'minute',
          () => 'refused',
        ),
      ),
      order(client, [{ productId: amethyst, quantity: 1 }]).then((r) =>
        r.status === 201 ? 'order' : `order ${r.status}`,
      ),
    ]);
    const wallet = (await getUserBalances(app.db, client.id)).walletCents;
    const minutes = outcomes.filter((o) => o === 'minute').length;
    const paidOrder = outcomes.includes('order') ? 3499 : 0;
    expect(wallet).toBe(5000 - minutes * 299 - paidOrder);
    expect(wallet).toBeGreaterThanOrEqual(0);
  });

  it("lists the client's orders with a digital product's content for its buyer only", async () => {
    const buyer = await createClient(app);
    const stranger = await createClient(app);
    await fundWallet(app, buyer.id, 10_000);
    await order(buyer, [{ productId: course.id, quantity: 1 }]);
    const { orders } = (await http(app, buyer.cookie).get<{ orders: Order[] }>('/api/shop/orders')).body;
    expect(orders[0]?.items).toEqual([
      expect.objectContaining({
        name: 'Tarot Foundations Course',
        quantity: 1,
        unitPriceCents: 4999,
        digitalContent: 'https://learn.example/tarot-foundations',
      }),
    ]);
    expect((await http(app, stranger.cookie).get<{ orders: Order[] }>('/api/shop/orders')).body.orders).toEqual([]);
    expect((await http(app).get('/api/shop/orders')).status).toBe(401);
  });

  it('refuses an empty cart, a hidden product and a seller buying their own', async () => {
    const client = await createClient(app);
    await fundWallet(app, client.id, 10_000);
    expect((await order(client, [])).body.error.fields).toEqual({ items: 'Your cart is empty' });
    expect((await order(seller, [{ productId: deck.id, quantity: 1 }])).status).toBe(403);
    expect((await order(client, [{ productId: 'gone', quantity: 1 }])).status).toBe(404);
    const { body: pulled } = await http(app, seller.cookie).post<Product>('/api/shop/products', {
      name: 'Counterfeit Deck',
      priceCents: 900,
      category: 'Tarot',
      isDigital: false,
      stock: 5,
    });
    const admin = await createAdmin(app);
    expect(
      (await http(app, seller.cookie).patch(`/api/admin/shop/products/${pulled.id}`, { isHidden: true })).status,
    ).toBe(403);
    expect(
      (
        await http(app, admin.cookie).patch<Product>(`/api/admin/shop/products/${pulled.id}`, {
          isHidden: true,
          reason: 'Counterfeit goods',
        })
      ).body.isHidden,
    ).toBe(true);
    expect(await products('?search=counterfeit')).toEqual([]);
    expect((await order(client, [{ productId: pulled.id, quantity: 1 }])).status).toBe(404);
    expect((await getUserBalances(app.db, client.id)).walletCents).toBe(10_000);
  });
});
