import { randomUUID } from 'node:crypto';
import { splitCharge } from '@shared/money';
import { SERVER_EVENTS } from '@shared/realtime';
import type { createOrderSchema } from '@shared/shop';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { shopCartItems, shopOrderItems, shopOrders, shopProducts } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Realtime } from '../../realtime/realtime';
import { SHIPPING_ADDRESS_REQUIRED_MESSAGE } from '@shared/shipping';
import { openShipments, saveShippingAddress } from './shipments';
import {
  assertWalletMaySpend,
  chargeWithSplit,
  spendCreditBeforePayment,
  earningsAccountId,
  getWalletBalanceCents,
  lockAccounts,
  revenueAccountFor,
  transfer,
  walletAccountId,
} from '../wallet';

type OrderInput = z.output<typeof createOrderSchema>;

export interface OrderDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
}

export interface PlacedOrder {
  result: { id: string; totalCents: number; balanceCents: number };
  isReplay: boolean;
}

const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different order. Use a new key for a new order.';
/** An order's ledger movements are keyed by the order and the seller (or the platform). */
export const orderReference = (orderId: string, sellerId: string | null) =>
  `order:${orderId}:${sellerId ?? 'platform'}`;
/** What promotional credit paid of a whole order is spent under, and a cancelled shipment gives back by. */
export const orderCreditReference = (orderId: string) => `order:${orderId}`;

const sameItems = (a: OrderInput['items'], b: { productId: string; quantity: number }[]) =>
  a.length === b.length &&
  a.every((item) => b.some((line) => line.productId === item.productId && line.quantity === item.quantity));

async function findByKey(tx: Tx, clientId: string, key: string) {
  const [order] = await tx
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.clientId, clientId), eq(shopOrders.idempotencyKey, key)));
  if (!order) return null;
  const lines = await tx
    .select({ productId: shopOrderItems.productId, quantity: shopOrderItems.quantity })
    .from(shopOrderItems)
    .where(eq(shopOrderItems.orderId, order.id));
  return { order, lines };
}

/**
 * POST /api/shop/orders: one transaction (docs/decisions/027). Stock is taken with
 * `stock >= quantity` in the update itself (products in id order), so two buyers of the last one
 * cannot both have it; every ledger account the order touches is locked up front in the ledger's
 * lock order, so an order never deadlocks with a reading's charge or another order. Each reader
 * seller is charged once for their lines, floor(70%) of each line to their earnings: a sale is
 * earned when paid (escrow holds open readings only, a ledger invariant); a physical order that
 * is cancelled for not shipping takes it back from there (cancel-shipment.ts). The platform's own
 * lines go whole to revenue. The (client, key) index makes a
 * replay, or two requests racing with one key, pay once. 402 leaves everything as it was.
 * Physical items need a shipping address (400 otherwise): each seller's physical lines become one
 * shipment to ship (decision 043), and the address is saved to the account for its next checkout.
 */
export async function placeOrder(
  deps: OrderDeps,
  clientId: string,
  input: OrderInput,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  const { db, clock } = deps;
  const outcome = await db.transaction(async (tx) => {
    const used = await findByKey(tx, clientId, idempotencyKey);
    if (used) {
      if (!sameItems(input.items, used.lines)) throw conflict(KEY_REUSED_MESSAGE);
      return { order: used.order, isReplay: true as const };
    }
    const items = [...input.items].sort((a, b) => (a.productId < b.productId ? -1 : 1));
    const products = await tx
      .select()
      .from(shopProducts)
      .where(
        and(
          inArray(
            shopProducts.id,
            items.map((i) => i.productId),
          ),
          isNull(shopProducts.hiddenAt),
        ),
      );
    const byId = new Map(products.map((p) => [p.id, p]));
    const lines = items.map((item) => {
      const product = byId.get(item.productId);
      if (!product) throw notFound('A product in your cart is no longer for sale');
      if (product.sellerId === clientId) throw forbidden('You cannot buy your own product');
      const lineCents = product.priceCents * item.quantity;
      const split = product.sellerId ? splitCharge(lineCents) : { readerCents: 0, platformCents: lineCents };
      return {
        product,
        quantity: item.quantity,
        lineCents,
        sellerCents: split.readerCents,
        platformCents: split.platformCents,
      };
    });
    const totalCents = lines.reduce((sum, line) => sum + line.lineCents, 0);
    const hasPhysical = lines.some((line) => !line.product.isDigital);
    if (hasPhysical && !input.shippingAddress)
      throw badRequest(SHIPPING_ADDRESS_REQUIRED_MESSAGE, { shippingAddress: SHIPPING_ADDRESS_REQUIRED_MESSAGE });
    const shippingAddress = hasPhysical ? (input.shippingAddress ?? null) : null;

    const id = randomUUID();
    const [order] = await tx
      .insert(shopOrders)
      .values({ id, clientId, totalCents, idempotencyKey, shippingAddress, createdAt: new Date(clock.now()) })
      .onConflictDoNothing({ target: [shopOrders.clientId, shopOrders.idempotencyKey] })
      .returning();
    if (!order) {
      // A concurrent request with this key committed first: its order is the answer.
      const first = await findByKey(tx, clientId, idempotencyKey);
      if (!first) throw new Error(`order key ${idempotencyKey} of ${clientId} vanished`);
      if (!sameItems(input.items, first.lines)) throw conflict(KEY_REUSED_MESSAGE);
      return { order: first.order, isReplay: true as const };
    }

    for (const line of lines) {
      if (line.product.isDigital) continue;
      const taken = await tx
        .update(shopProducts)
        .set({ stock: sql`${shopProducts.stock} - ${line.quantity}` })
        .where(and(eq(shopProducts.id, line.product.id), gte(shopProducts.stock, line.quantity)))
        .returning({ id: shopProducts.id });
      if (taken.length === 0) throw conflict(`Not enough of "${line.product.name}" in stock`);
    }
    await tx.insert(shopOrderItems).values(
      lines.map((line) => ({
        orderId: id,
        productId: line.product.id,
        sellerId: line.product.sellerId,
        quantity: line.quantity,
        unitPriceCents: line.product.priceCents,
        sellerCents: line.sellerCents,
        platformCents: line.platformCents,
      })),
    );

    const sellers = [...new Set(lines.flatMap((line) => (line.product.sellerId ? [line.product.sellerId] : [])))];
    const revenue = revenueAccountFor(clientId);
    await assertWalletMaySpend(tx, clientId, order.createdAt);
    // Promotional credit pays first for the whole order (docs/decisions/066); a cancelled shipment gives its part back.
    await spendCreditBeforePayment(tx, {
      userId: clientId,
      amountCents: totalCents,
      reference: orderCreditReference(id),
      key: orderCreditReference(id),
      accounts: [...sellers.map(earningsAccountId), revenue],
      now: order.createdAt,
    });
    await lockAccounts(tx, [walletAccountId(clientId), ...sellers.map(earningsAccountId), revenue]);
    for (const sellerId of sellers) {
      const own = lines.filter((line) => line.product.sellerId === sellerId);
      await chargeWithSplit(tx, {
        payerUserId: clientId,
        readerUserId: sellerId,
        amountCents: own.reduce((sum, line) => sum + line.lineCents, 0),
        readerCents: own.reduce((sum, line) => sum + line.sellerCents, 0),
        readerAccount: 'earnings',
        kind: 'purchase',
        reference: orderReference(id, sellerId),
        idempotencyKey: orderReference(id, sellerId),
      });
    }
    const platformCents = lines.filter((line) => !line.product.sellerId).reduce((sum, line) => sum + line.lineCents, 0);
    if (platformCents > 0) {
      await transfer(tx, {
        debitAccountId: walletAccountId(clientId),
        creditAccountId: revenue,
        amountCents: platformCents,
        kind: 'purchase',
        reference: orderReference(id, null),
        idempotencyKey: orderReference(id, null),
      });
    }
    if (shippingAddress) {
      await openShipments(tx, {
        orderId: id,
        at: order.createdAt,
        lines: lines
          .filter((line) => !line.product.isDigital)
          .map((line) => ({ sellerId: line.product.sellerId, lineCents: line.lineCents })),
      });
      await saveShippingAddress(tx, clientId, shippingAddress, order.createdAt);
    }
    // The account's cart held what was just bought (decision 043): those lines are done.
    await tx.delete(shopCartItems).where(
      and(
        eq(shopCartItems.userId, clientId),
        inArray(
          shopCartItems.productId,
          lines.map((line) => line.product.id),
        ),
      ),
    );
    return { order, isReplay: false as const };
  });

  const balanceCents = await getWalletBalanceCents(db, clientId);
  if (!outcome.isReplay) deps.realtime.toUser(clientId, SERVER_EVENTS.walletUpdated, { balanceCents });
  return {
    result: { id: outcome.order.id, totalCents: outcome.order.totalCents, balanceCents },
    isReplay: outcome.isReplay,
  };
}
