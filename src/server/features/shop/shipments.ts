import { randomUUID } from 'node:crypto';
import type { OrderShipment, SellerShipment, ShippingAddress } from '@shared/shipping';
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  readerProfiles,
  shippingAddresses,
  shopOrderItems,
  shopOrders,
  shopProducts,
  shopShipments,
  user,
} from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { type AdminCandidate, assertAdminPower } from '../auth';
import { readerFullName } from '../readers';
import { DAY_MS } from '@shared/time-units';

const LIST_LIMIT = 200;

export interface ShipmentDeps {
  db: Db;
  clock: Clock;
  /** SHIP_WITHIN_DAYS: paid and not shipped for this long, a shipment is flagged and its buyer may cancel. */
  shipWithinDays: number;
}

type ShipmentRow = typeof shopShipments.$inferSelect;

/** The seller's name as the shop shows it (their reader profile), null for Soul Tribe's own. */
const sellerNameSql = sql<
  string | null
>`(select ${readerFullName} from ${readerProfiles} where ${readerProfiles.userId} = ${shopShipments.sellerId})`;

export const shipByAt = (row: Pick<ShipmentRow, 'createdAt'>, shipWithinDays: number) =>
  new Date(row.createdAt.getTime() + shipWithinDays * DAY_MS);
export const isOverdue = (row: Pick<ShipmentRow, 'createdAt' | 'status'>, shipWithinDays: number, now: Date) =>
  row.status === 'paid' && now.getTime() >= shipByAt(row, shipWithinDays).getTime();

function shipmentFields(row: ShipmentRow, shipWithinDays: number, now: Date) {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    paidAt: row.createdAt.toISOString(),
    shipByAt: shipByAt(row, shipWithinDays).toISOString(),
    isOverdue: isOverdue(row, shipWithinDays, now),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    itemsCents: row.itemsCents,
    refundedCents: row.refundedCents,
  };
}

/** One shipment per seller (null: Soul Tribe) of an order's physical lines, written with the order. */
export async function openShipments(
  tx: Tx,
  input: { orderId: string; at: Date; lines: { sellerId: string | null; lineCents: number }[] },
) {
  const bySeller = new Map<string | null, number>();
  for (const line of input.lines) bySeller.set(line.sellerId, (bySeller.get(line.sellerId) ?? 0) + line.lineCents);
  if (bySeller.size === 0) return;
  await tx.insert(shopShipments).values(
    [...bySeller].map(([sellerId, itemsCents]) => ({
      id: randomUUID(),
      orderId: input.orderId,
      sellerId,
      itemsCents,
      createdAt: input.at,
    })),
  );
}

export async function saveShippingAddress(tx: Tx, userId: string, address: ShippingAddress, at: Date) {
  await tx
    .insert(shippingAddresses)
    .values({ userId, address, updatedAt: at })
    .onConflictDoUpdate({ target: shippingAddresses.userId, set: { address, updatedAt: at } });
}

export async function savedShippingAddress(db: DbOrTx, userId: string): Promise<{ address: ShippingAddress | null }> {
  const [row] = await db
    .select({ address: shippingAddresses.address })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId));
  return { address: row?.address ?? null };
}

/** The physical lines of these orders, to be matched to their shipments by seller. */
async function physicalLines(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: shopOrderItems.orderId,
      sellerId: shopOrderItems.sellerId,
      productId: shopOrderItems.productId,
      name: shopProducts.name,
      quantity: shopOrderItems.quantity,
    })
    .from(shopOrderItems)
    .innerJoin(shopProducts, eq(shopProducts.id, shopOrderItems.productId))
    .where(and(inArray(shopOrderItems.orderId, orderIds), eq(shopProducts.isDigital, false)))
    .orderBy(asc(shopProducts.name));
}
const linesOf = <L extends { orderId: string; sellerId: string | null }>(
  lines: L[],
  row: Pick<ShipmentRow, 'orderId' | 'sellerId'>,
) => lines.filter((line) => line.orderId === row.orderId && line.sellerId === row.sellerId);

/** The shipments of a buyer's orders, for My Orders. */
export async function shipmentsOfOrders(
  db: DbOrTx,
  orderIds: string[],
  shipWithinDays: number,
  now: Date,
): Promise<OrderShipment[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ shipment: shopShipments, sellerName: sellerNameSql })
    .from(shopShipments)
    .where(inArray(shopShipments.orderId, orderIds))
    .orderBy(asc(shopShipments.createdAt), asc(shopShipments.id));
  const lines = await physicalLines(db, orderIds);
  return rows.map(({ shipment, sellerName }) => ({
    ...shipmentFields(shipment, shipWithinDays, now),
    sellerName,
    productIds: linesOf(lines, shipment).map((line) => line.productId),
  }));
}

/** Shipments as their seller sees them (buyer, address, items), for the rows `where` picks. */
async function sellerShipments(deps: ShipmentDeps, where: SQL | undefined, limit: number): Promise<SellerShipment[]> {
  const now = new Date(deps.clock.now());
  const isToShip = sql`${shopShipments.status} = 'paid'`;
  const rows = await deps.db
    .select({
      shipment: shopShipments,
      address: shopOrders.shippingAddress,
      buyerName: user.name,
      sellerName: sellerNameSql,
    })
    .from(shopShipments)
    .innerJoin(shopOrders, eq(shopOrders.id, shopShipments.orderId))
    .innerJoin(user, eq(user.id, shopOrders.clientId))
    .where(where)
    .orderBy(
      desc(isToShip),
      sql`case when ${isToShip} then ${shopShipments.createdAt} end asc`,
      desc(shopShipments.createdAt),
      asc(shopShipments.id),
    )
    .limit(limit);
  const lines = await physicalLines(deps.db, [...new Set(rows.map((row) => row.shipment.orderId))]);
  return rows.flatMap(({ shipment, address, buyerName, sellerName }) =>
    address
      ? [
          {
            ...shipmentFields(shipment, deps.shipWithinDays, now),
            buyerName,
            sellerName,
            address,
            items: linesOf(lines, shipment).map(({ productId, name, quantity }) => ({ productId, name, quantity })),
            platformCarriedCents: shipment.platformCarriedCents,
          },
        ]
      : [],
  );
}

/**
 * What a seller ships: a reader's own sales, or (for an admin) Soul Tribe's own and every cancel
 * whose refund the platform carried. Those still to ship come first, oldest first; then the rest,
 * newest first.
 */
export async function listSellerShipments(
  deps: ShipmentDeps,
  who: { sellerId: string } | { platform: true },
): Promise<{ shipments: SellerShipment[] }> {
  const mine =
    'sellerId' in who
      ? eq(shopShipments.sellerId, who.sellerId)
      : or(isNull(shopShipments.sellerId), gt(shopShipments.platformCarriedCents, 0));
  return { shipments: await sellerShipments(deps, mine, LIST_LIMIT) };
}

/** The seller of a shipment acts on it: the reader who sold it, or an admin for Soul Tribe's own. */
async function findForSeller(db: DbOrTx, actor: AdminCandidate & { id: string }, id: string): Promise<ShipmentRow> {
  const [row] = await db.select().from(shopShipments).where(eq(shopShipments.id, id));
  if (!row) throw notFound('No such order');
  if (row.sellerId === null) assertAdminPower(actor);
  else if (row.sellerId !== actor.id) throw forbidden('Only its seller can change this order');
  return row;
}

const NOT_SHIPPABLE: Record<ShipmentRow['status'], string> = {
  paid: '',
  shipped: 'This order was already marked shipped',
  delivered: 'This order was already delivered',
  cancelled: 'The buyer cancelled this order and was refunded: do not send it',
};

/** The one shipment just changed, as its seller's list shows it (not the whole list, which stops at LIST_LIMIT). */
async function sellerView(deps: ShipmentDeps, row: ShipmentRow): Promise<SellerShipment> {
  const [found] = await sellerShipments(deps, eq(shopShipments.id, row.id), 1);
  if (!found) throw new Error(`shipment ${row.id} vanished`);
  return found;
}

/**
 * paid → shipped, with the carrier and tracking number if given; the buyer is mailed (the mail
 * worker reads `shipped_mail_due`). The update only takes a shipment still `paid`, so a buyer's
 * cancel and this cannot both win: whichever commits first, the other finds the status changed.
 */
export async function shipShipment(
  deps: ShipmentDeps,
  actor: AdminCandidate & { id: string },
  id: string,
  input: { carrier?: string | null; trackingNumber?: string | null },
) {
  await findForSeller(deps.db, actor, id);
  const now = new Date(deps.clock.now());
  const [shipped] = await deps.db
    .update(shopShipments)
    .set({
      status: 'shipped',
      carrier: input.carrier ?? null,
      trackingNumber: input.trackingNumber ?? null,
      shippedAt: now,
      shippedMailDue: true,
    })
    .where(and(eq(shopShipments.id, id), eq(shopShipments.status, 'paid')))
    .returning();
  if (!shipped) {
    const [current] = await deps.db.select().from(shopShipments).where(eq(shopShipments.id, id));
    throw conflict(NOT_SHIPPABLE[current?.status ?? 'cancelled']);
  }
  return sellerView(deps, shipped);
}

/** shipped → delivered. */
export async function deliverShipment(deps: ShipmentDeps, actor: AdminCandidate & { id: string }, id: string) {
  await findForSeller(deps.db, actor, id);
  const [delivered] = await deps.db
    .update(shopShipments)
    .set({ status: 'delivered', deliveredAt: new Date(deps.clock.now()) })
    .where(and(eq(shopShipments.id, id), eq(shopShipments.status, 'shipped')))
    .returning();
  if (!delivered) throw conflict('Only a shipped order can be marked delivered');
  return sellerView(deps, delivered);
}
