import { SERVER_EVENTS } from '@shared/realtime';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { shopOrderItems, shopOrders, shopProducts, shopShipments } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import type { Realtime } from '../../realtime/realtime';
import {
  creditAccountId,
  earningsAccountId,
  getWalletBalanceCents,
  lockAccounts,
  returnCredit,
  REVENUE_ACCOUNT_IDS,
  revenueAccountFor,
  transfer,
  walletAccountId,
} from '../wallet';
import { orderCreditReference } from './place-order';
import { isOverdue, type ShipmentDeps, shipByAt, shipmentsOfOrders } from './shipments';

/** The refund of a cancelled shipment: its transfers are keyed `<this>:seller`, `:platform` (`:platform:<revenue account>` beyond the buyer's shard), `:carried:<revenue account>`. */
export const shipmentRefundKey = (shipmentId: string) => `shipment-cancel:${shipmentId}`;
export const shipmentReference = (shipmentId: string) => `shipment:${shipmentId}`;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

type ShipmentRow = typeof shopShipments.$inferSelect;

/** What each side got of the shipment's lines when paid: the part that comes back. */
async function paidParts(tx: Tx, shipment: ShipmentRow) {
  const sellerMatch =
    shipment.sellerId === null
      ? sql`${shopOrderItems.sellerId} is null`
      : eq(shopOrderItems.sellerId, shipment.sellerId);
  const lines = await tx
    .select({
      productId: shopOrderItems.productId,
      quantity: shopOrderItems.quantity,
      sellerCents: shopOrderItems.sellerCents,
      platformCents: shopOrderItems.platformCents,
    })
    .from(shopOrderItems)
    .innerJoin(shopProducts, eq(shopProducts.id, shopOrderItems.productId))
    .where(and(eq(shopOrderItems.orderId, shipment.orderId), sellerMatch, eq(shopProducts.isDigital, false)))
    .orderBy(asc(shopOrderItems.productId));
  const sellerCents = lines.reduce((sum, line) => sum + line.sellerCents, 0);
  const platformCents = lines.reduce((sum, line) => sum + line.platformCents, 0);
  if (sellerCents + platformCents !== shipment.itemsCents)
    throw new Error(
      `shipment ${shipment.id}: its lines add up to ${sellerCents + platformCents}, not ${shipment.itemsCents}`,
    );
  return { lines, sellerCents, platformCents };
}

/**
 * What the platform gives back, from its revenue: the shards are one account split for
 * concurrency, so any of them may pay. The platform's part of the items comes from the shard the
 * buyer's payment went to first (`<key>` there), then from the fullest others (`<key>:<shard>`);
 * the seller's share it carries from the fullest others first and the buyer's own shard last,
 * which still holds that buyer's payments that may yet be refunded. Another refund's carry may have
 * emptied a buyer's shard (a property test found one taking the platform's part of a second
 * buyer's pending cancel): the part then comes from the other shards. The caller has locked every
 * shard. Revenue too small to pay it refuses the cancel (409), and nothing moves.
 */
async function payFromRevenue(
  tx: Tx,
  balances: Map<string, number>,
  input: { buyerId: string; cents: number; key: string; reference: string; ownShard: 'first' | 'last' },
) {
  const own = revenueAccountFor(input.buyerId);
  const others = REVENUE_ACCOUNT_IDS.filter((id) => id !== own).sort(
    (a, b) => (balances.get(b) ?? 0) - (balances.get(a) ?? 0),
  );
  const shards = input.ownShard === 'first' ? [own, ...others] : [...others, own];
  let left = input.cents;
  for (const shard of shards) {
    if (left === 0) break;
    const cents = Math.min(left, balances.get(shard) ?? 0);
    if (cents <= 0) continue;
    const idempotencyKey = input.ownShard === 'first' && shard === own ? input.key : `${input.key}:${shard}`;
    await transfer(tx, {
      debitAccountId: shard,
      creditAccountId: walletAccountId(input.buyerId),
      amountCents: cents,
      kind: 'refund',
      reference: input.reference,
      idempotencyKey,
    });
    balances.set(shard, (balances.get(shard) ?? 0) - cents);
    left -= cents;
  }
  if (left > 0) throw new AppError('CONFLICT', 'This refund cannot be made right now. Please contact support.');
}

/**
 * The buyer cancels a shipment its seller did not ship within SHIP_WITHIN_DAYS, for a full refund
 * (docs/decisions/043). One transaction, in the order every order takes its locks: the
 * shipment row (taken by the update that cancels it, which only a `paid` shipment passes, so a
 * second cancel or the seller's ship waits and then finds it changed), the products' stock (given
 * back, in id order as an order takes it), then the ledger accounts in the ledger's order. The
 * buyer gets back exactly what the items cost: the platform's part from revenue, the shard it went
 * to first (payFromRevenue); the seller's part from their earnings as far as those hold it, and what was already paid
 * out from the platform's revenue (`platform_carried_cents`, listed to admins).
 */
export async function cancelShipment(deps: ShipmentDeps & { realtime: Realtime }, buyerId: string, shipmentId: string) {
  const now = new Date(deps.clock.now());
  const outbox = new Outbox();
  const { orderId, refundedCents } = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ shipment: shopShipments, clientId: shopOrders.clientId })
      .from(shopShipments)
      .innerJoin(shopOrders, eq(shopOrders.id, shopShipments.orderId))
      .where(eq(shopShipments.id, shipmentId));
    if (!found) throw notFound('No such order');
    if (found.clientId !== buyerId) throw forbidden('Only its buyer can cancel this order');
    const [shipment] = await tx
      .update(shopShipments)
      .set({ status: 'cancelled', cancelledAt: now, refundedCents: sql`${shopShipments.itemsCents}` })
      .where(and(eq(shopShipments.id, shipmentId), eq(shopShipments.status, 'paid')))
      .returning();
    if (!shipment) {
      // Read again: a racing cancel or ship that committed first changed it after the read above.
      const [current] = await tx
        .select({ status: shopShipments.status })
        .from(shopShipments)
        .where(eq(shopShipments.id, shipmentId));
      throw conflict(
        current?.status === 'cancelled'
          ? 'This order was already cancelled and refunded'
          : 'This order has already shipped',
      );
    }
    // Judged as it was before this update: paid, and past its ship-by time.
    if (!isOverdue({ ...shipment, status: 'paid' }, deps.shipWithinDays, now)) {
      throw conflict(
        `You can cancel if it has not shipped by ${dateFormat.format(shipByAt(shipment, deps.shipWithinDays))}`,
      );
    }

    const { lines, sellerCents, platformCents } = await paidParts(tx, shipment);
    for (const line of lines) {
      await tx
        .update(shopProducts)
        .set({ stock: sql`${shopProducts.stock} + ${line.quantity}` })
        .where(eq(shopProducts.id, line.productId));
    }

    const wallet = walletAccountId(buyerId);
    const earnings = shipment.sellerId === null ? null : earningsAccountId(shipment.sellerId);
    const held = await lockAccounts(tx, [wallet, ...(earnings ? [earnings] : [])]);
    const sellerRefundedCents = earnings ? Math.min(sellerCents, held.get(earnings) ?? 0) : 0;
    const platformCarriedCents = sellerCents - sellerRefundedCents;
    // Revenue accounts come last in the lock order, all of them: any shard may have to pay
    // (payFromRevenue). Cancels are rare and short, so a charge waiting on a shard meanwhile is too.
    const balances = await lockAccounts(tx, [creditAccountId(buyerId), ...REVENUE_ACCOUNT_IDS]);
    const keyBase = shipmentRefundKey(shipment.id);
    const reference = shipmentReference(shipment.id);
    if (earnings && sellerRefundedCents > 0) {
      await transfer(tx, {
        debitAccountId: earnings,
        creditAccountId: wallet,
        amountCents: sellerRefundedCents,
        kind: 'refund',
        reference,
        idempotencyKey: `${keyBase}:seller`,
      });
    }
    await payFromRevenue(tx, balances, {
      buyerId,
      cents: platformCents,
      key: `${keyBase}:platform`,
      reference,
      ownShard: 'first',
    });
    await payFromRevenue(tx, balances, {
      buyerId,
      cents: platformCarriedCents,
      key: `${keyBase}:carried`,
      reference,
      ownShard: 'last',
    });
    await tx
      .update(shopShipments)
      .set({ sellerRefundedCents, platformCarriedCents })
      .where(eq(shopShipments.id, shipment.id));
    // What promotional credit paid of the order comes back as credit first (docs/decisions/066).
    await returnCredit(tx, {
      userId: buyerId,
      reference: orderCreditReference(shipment.orderId),
      refundedCents: shipment.itemsCents,
      idempotencyKey: keyBase,
      now,
    });

    outbox.toUser(buyerId, SERVER_EVENTS.walletUpdated, { balanceCents: await getWalletBalanceCents(tx, buyerId) });
    // The seller's wallet is unchanged; the event tells their dashboard to fetch its figures again.
    if (shipment.sellerId)
      outbox.toUser(shipment.sellerId, SERVER_EVENTS.walletUpdated, {
        balanceCents: await getWalletBalanceCents(tx, shipment.sellerId),
      });
    return { orderId: shipment.orderId, refundedCents: shipment.itemsCents };
  });
  outbox.flush(deps.realtime);
  const shipment = (await shipmentsOfOrders(deps.db, [orderId], deps.shipWithinDays, now)).find(
    (s) => s.id === shipmentId,
  );
  if (!shipment) throw new Error(`shipment ${shipmentId} vanished`);
  return { shipment, refundedCents, balanceCents: await getWalletBalanceCents(deps.db, buyerId) };
}
