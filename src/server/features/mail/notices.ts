import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import {
  payouts,
  readerProfiles,
  readingSessions,
  sessionMinutes,
  shopOrderItems,
  shopOrders,
  shopProducts,
  shopShipments,
  user,
} from '../../db/schema';
import { newReviewMail, orderShippedMail, payoutDecidedMail, type ReceiptLine, readingReceiptMail } from './messages';
import { formatCents } from '@shared/money';
import { isEmailOn, queuePayoutPaidPush } from '../notifications';
import { queueMail } from './queue-mail';

const BATCH = 20;

export interface NoticeDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/**
 * The messages about things that happened: a reading's receipt, a decided payout, a reader's new
 * review, an order that shipped. The code where each happens only marks its row (`*_mail_due`) in its own transaction,
 * so it never waits on mail and never loses one; here each marked row is locked (SKIP LOCKED),
 * its message queued and the mark cleared in one transaction, so two processes queue it once.
 */
export async function queueDueNotices(deps: NoticeDeps): Promise<number> {
  return (
    (await eachMarked(
      deps.db,
      () =>
        deps.db
          .select({ id: readingSessions.id })
          .from(readingSessions)
          .where(eq(readingSessions.receiptMailDue, true))
          .limit(BATCH),
      async (tx, id) => {
        const [row] = await tx
          .select()
          .from(readingSessions)
          .where(eq(readingSessions.id, id))
          .for('update', { skipLocked: true });
        if (!row?.receiptMailDue) return;
        await tx.update(readingSessions).set({ receiptMailDue: false }).where(eq(readingSessions.id, id));
        const [client] = await tx.select().from(user).where(eq(user.id, row.clientId));
        if (!client || client.deletedAt || row.minutesCharged === 0) return;
        const minuteLines: ReceiptLine[] = (
          await tx
            .select()
            .from(sessionMinutes)
            .where(eq(sessionMinutes.sessionId, id))
            .orderBy(asc(sessionMinutes.minute))
        ).map((m) => ({
          label: `Minute ${m.minute}${m.free ? ' (free)' : ''}`,
          amountCents: m.amountCents,
        }));
        const paidCents = minuteLines.reduce((sum, line) => sum + line.amountCents, 0);
        const lines =
          row.refundedCents > 0
            ? [...minuteLines, { label: 'Refunded', amountCents: -row.refundedCents }]
            : minuteLines;
        await queueMail(tx, deps.clock, {
          kind: 'reading_receipt',
          to: client.email,
          content: readingReceiptMail({
            name: client.name,
            readerName: await readerName(tx, row.readerId),
            type: row.sessionType,
            minutes: minuteLines.length,
            receiptNumber: row.id,
            // Set with receiptMailDue when the reading ended; the fallback is never taken.
            endedAt: row.endedAt ?? new Date(deps.clock.now()),
            lines,
            totalCents: paidCents - row.refundedCents,
            url: `${deps.publicUrl}/dashboard/sessions/${encodeURIComponent(id)}`,
          }),
        });
      },
    )) +
    (await eachMarked(
      deps.db,
      () =>
        deps.db
          .select({ id: readingSessions.id })
          .from(readingSessions)
          .where(eq(readingSessions.reviewMailDue, true))
          .limit(BATCH),
      async (tx, id) => {
        const [row] = await tx
          .select()
          .from(readingSessions)
          .where(eq(readingSessions.id, id))
          .for('update', { skipLocked: true });
        if (!row?.reviewMailDue) return;
        await tx.update(readingSessions).set({ reviewMailDue: false }).where(eq(readingSessions.id, id));
        const [reader] = await tx.select().from(user).where(eq(user.id, row.readerId));
        if (!reader || reader.deletedAt || row.rating === null) return;
        await queueMail(tx, deps.clock, {
          kind: 'new_review',
          to: reader.email,
          content: newReviewMail({
            name: await readerName(tx, row.readerId),
            rating: row.rating,
            comment: row.review,
            url: `${deps.publicUrl}/dashboard/sessions`,
          }),
        });
      },
    )) +
    (await eachMarked(
      deps.db,
      () => deps.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.decisionMailDue, true)).limit(BATCH),
      async (tx, id) => {
        const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update', { skipLocked: true });
        if (!row?.decisionMailDue) return;
        await tx.update(payouts).set({ decisionMailDue: false }).where(eq(payouts.id, id));
        const [reader] = await tx.select().from(user).where(eq(user.id, row.readerId));
        if (!reader || reader.deletedAt) return;
        const isPaid = row.status === 'paid';
        // A paid payout may be muted by mail (the reader keeps the push, or neither); a refused one is always told.
        if (isPaid)
          await queuePayoutPaidPush(tx, {
            readerId: row.readerId,
            payoutId: id,
            amount: formatCents(row.amountCents),
            now: new Date(deps.clock.now()),
          });
        if (isPaid && !(await isEmailOn(tx, row.readerId, 'payout_paid'))) return;
        await queueMail(tx, deps.clock, {
          kind: 'payout_decided',
          to: reader.email,
          content: payoutDecidedMail({
            name: await readerName(tx, row.readerId),
            amountCents: row.amountCents,
            isPaid,
            url: `${deps.publicUrl}/dashboard/earnings`,
          }),
        });
      },
    )) +
    (await eachMarked(
      deps.db,
      () =>
        deps.db
          .select({ id: shopShipments.id })
          .from(shopShipments)
          .where(eq(shopShipments.shippedMailDue, true))
          .limit(BATCH),
      (tx, id) => queueShippedMail(tx, deps, id),
    ))
  );
}

/** The buyer of a shipment that shipped: what was sent, by whom, and its tracking number. */
async function queueShippedMail(tx: Tx, deps: NoticeDeps, id: string) {
  const [row] = await tx
    .select()
    .from(shopShipments)
    .where(eq(shopShipments.id, id))
    .for('update', { skipLocked: true });
  if (!row?.shippedMailDue) return;
  await tx.update(shopShipments).set({ shippedMailDue: false }).where(eq(shopShipments.id, id));
  const [buyer] = await tx
    .select({ email: user.email, name: user.name, deletedAt: user.deletedAt })
    .from(shopOrders)
    .innerJoin(user, eq(user.id, shopOrders.clientId))
    .where(eq(shopOrders.id, row.orderId));
  if (!buyer || buyer.deletedAt) return;
  const sellerMatch =
    row.sellerId === null ? isNull(shopOrderItems.sellerId) : eq(shopOrderItems.sellerId, row.sellerId);
  const items = await tx
    .select({ name: shopProducts.name, quantity: shopOrderItems.quantity })
    .from(shopOrderItems)
    .innerJoin(shopProducts, eq(shopProducts.id, shopOrderItems.productId))
    .where(and(eq(shopOrderItems.orderId, row.orderId), sellerMatch, eq(shopProducts.isDigital, false)))
    .orderBy(asc(shopProducts.name));
  await queueMail(tx, deps.clock, {
    kind: 'order_shipped',
    to: buyer.email,
    content: orderShippedMail({
      name: buyer.name,
      items: items.map((item) => (item.quantity > 1 ? `${item.quantity} × ${item.name}` : item.name)),
      sellerName: row.sellerId === null ? 'Soul Tribe' : await readerName(tx, row.sellerId),
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      url: `${deps.publicUrl}/shop/orders`,
    }),
  });
}

async function eachMarked(
  db: Db,
  findMarked: () => Promise<{ id: string }[]>,
  handle: (tx: Tx, id: string) => Promise<void>,
): Promise<number> {
  const marked = await findMarked();
  for (const { id } of marked) await db.transaction((tx) => handle(tx, id));
  return marked.length;
}

/** A reader's name as clients see it (their profile's), else the account's. */
async function readerName(tx: Tx, readerId: string): Promise<string> {
  const [row] = await tx
    .select({ first: readerProfiles.firstName, last: readerProfiles.lastName, name: user.name })
    .from(user)
    .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
    .where(eq(user.id, readerId));
  return row?.first ? `${row.first} ${row.last ?? ''}`.trim() : (row?.name ?? 'your reader');
}
