import type { Order } from '@shared/shop';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopOrderItems, shopOrders, shopProducts } from '../../db/schema';
import { shipmentsOfOrders } from './shipments';

/**
 * GET /api/shop/orders: the client's orders, newest first; a digital product's content is theirs to
 * see here only; physical items with their address, status and tracking (decision 043).
 */
export async function listOrders(
  db: DbOrTx,
  clientId: string,
  shipping: { shipWithinDays: number; now: Date },
): Promise<{ orders: Order[] }> {
  const orders = await db
    .select()
    .from(shopOrders)
    .where(eq(shopOrders.clientId, clientId))
    .orderBy(desc(shopOrders.createdAt), desc(shopOrders.id));
  if (orders.length === 0) return { orders: [] };
  const lines = await db
    .select({
      orderId: shopOrderItems.orderId,
      productId: shopOrderItems.productId,
      name: shopProducts.name,
      quantity: shopOrderItems.quantity,
      unitPriceCents: shopOrderItems.unitPriceCents,
      isDigital: shopProducts.isDigital,
      digitalContent: shopProducts.digitalContent,
    })
    .from(shopOrderItems)
    .innerJoin(shopProducts, eq(shopProducts.id, shopOrderItems.productId))
    .where(
      inArray(
        shopOrderItems.orderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(shopProducts.name));
  const shipments = await shipmentsOfOrders(
    db,
    orders.map((o) => o.id),
    shipping.shipWithinDays,
    shipping.now,
  );
  return {
    orders: orders.map((order) => ({
      id: order.id,
      totalCents: order.totalCents,
      createdAt: order.createdAt.toISOString(),
      shippingAddress: order.shippingAddress,
      shipments: shipments.filter((shipment) => shipment.orderId === order.id),
      items: lines
        .filter((line) => line.orderId === order.id)
        .map(({ orderId: _orderId, ...line }) => ({
          ...line,
          digitalContent: line.isDigital ? line.digitalContent : null,
        })),
    })),
  };
}
