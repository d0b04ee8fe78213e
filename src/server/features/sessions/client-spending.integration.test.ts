import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shared/shop';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { buyFromEverySource, PURCHASES } from '../../../../tests/integration/purchases';
import { readingDriver } from '../../../../tests/integration/readings';
import { TEST_ADDRESS } from '../../../../tests/integration/shipping-address';
import { testApp } from '../../../../tests/integration/test-app';
import { ledgerTransfers, shopProducts } from '../../db/schema';
import { checkLedger, holdAccountId, walletAccountId } from '../wallet';

// Decision 057: Luna's Total Spent said $54.77 while $99.69 had left her wallet: it counted readings
// only. One client here buys from every source, and the summary is checked against the ledger.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const clock = fakeClock(Date.parse('2026-11-10T12:00:00Z'));
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
const driver = readingDriver(app, clock, MINUTE);
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

/** The kinds of transfer that buy something, as the ledger names them. */
const BUYING_KINDS = ['session_charge', 'appointment_fee', 'written_reading', 'gift', 'stream_access', 'purchase'];

/** What left the client's wallet and hold to buy something, less what came back as a refund, per kind. */
async function ledgerSpending(clientId: string): Promise<Record<string, number>> {
  const own = [walletAccountId(clientId), holdAccountId(clientId)];
  const rows = await app.db
    .select({
      kind: ledgerTransfers.kind,
      reference: sql<string>`split_part(${ledgerTransfers.reference}, ':', 1)`,
      cents: sql<number>`sum(${ledgerTransfers.amountCents})::int`,
    })
    .from(ledgerTransfers)
    .where(
      or(
        and(inArray(ledgerTransfers.debitAccountId, own), inArray(ledgerTransfers.kind, BUYING_KINDS)),
        and(inArray(ledgerTransfers.creditAccountId, own), eq(ledgerTransfers.kind, 'refund')),
      ),
    )
    .groupBy(ledgerTransfers.kind, sql`2`);
  return Object.fromEntries(
    rows.map((row) => [row.kind === 'refund' ? `refund ${row.reference}` : row.kind, row.cents]),
  );
}

const summary = (user: TestUser) => http(app, user.cookie).get('/api/sessions/summary');

describe('Total Spent counts everything bought (issue 43)', () => {
  let client: TestUser;
  let reader: TestUser;
  const {
    gift: GIFT,
    admissionCents: ADMISSION_CENTS,
    writtenCents: WRITTEN_CENTS,
    appointmentFeeCents: APPOINTMENT_FEE_CENTS,
  } = PURCHASES;
  const PRODUCT_CENTS = 2799;
  let orderCents = 0;
  let shipmentRefundCents = 0;

  beforeAll(async () => {
    reader = await createReader(app, { firstName: 'Sol', chatRateCents: PURCHASES.rateCents });
    client = await createClient(app, { name: 'Luna', balanceCents: 50_000 });

    await buyFromEverySource(app, driver, clock, client, reader, MINUTE);
    // And a written question still awaiting its answer: on hold, not spent.
    expect(
      (
        await http(app, client.cookie).post('/api/written-readings', {
          readerId: reader.id,
          question: 'Should I move to the coast next spring?',
        })
      ).status,
    ).toBe(201);

    // Two shop orders with shipping; one is never shipped, and the client cancels it a week on.
    const productId = 'client-spending-deck';
    await app.db.insert(shopProducts).values({
      id: productId,
      sellerId: reader.id,
      name: 'Moon deck',
      priceCents: PRODUCT_CENTS,
      category: 'Tarot',
      isDigital: false,
      stock: 5,
    });
    for (const key of ['order-1', 'order-2']) {
      const order = await http(app, client.cookie).post(
        '/api/shop/orders',
        { items: [{ productId, quantity: 1 }], shippingAddress: TEST_ADDRESS },
        { 'idempotency-key': key },
      );
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      orderCents += order.body.totalCents;
    }
    clock.advance(7 * DAY);
    const orders = (await http(app, client.cookie).get<{ orders: Order[] }>('/api/shop/orders')).body.orders;
    const cancelled = await http(app, client.cookie).post(`/api/shop/shipments/${orders[0]!.shipments[0]!.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    shipmentRefundCents = cancelled.body.refundedCents;
  });

  it('adds up every source, net of refunds, exactly as the ledger moved the money', async () => {
    const response = await summary(client);
    expect(response.status).toBe(200);
    const ledger = await ledgerSpending(client.id);
    expect(ledger).toEqual({
      session_charge: 399 * 3,
      'refund session': 399,
      stream_access: ADMISSION_CENTS,
      gift: GIFT.costCents,
      written_reading: WRITTEN_CENTS,
      appointment_fee: APPOINTMENT_FEE_CENTS,
      purchase: orderCents,
      'refund shipment': shipmentRefundCents,
    });
    expect(shipmentRefundCents).toBe(PRODUCT_CENTS);
    expect(response.body.spentBySource).toEqual({
      readings: 2 * 399,
      appointmentFees: APPOINTMENT_FEE_CENTS,
      writtenReadings: WRITTEN_CENTS,
      gifts: GIFT.costCents,
      streamAdmissions: ADMISSION_CENTS,
      orders: orderCents - PRODUCT_CENTS,
    });
    const total =
      2 * 399 + APPOINTMENT_FEE_CENTS + WRITTEN_CENTS + GIFT.costCents + ADMISSION_CENTS + orderCents - PRODUCT_CENTS;
    expect(response.body).toMatchObject({
      totalSpentCents: total,
      monthSpentCents: total,
      completedSessions: 2,
      monthSessions: 2,
    });
    // What left the wallet is what was spent plus what is still on hold (the unanswered question).
    const wallet = (await http(app, client.cookie).get('/api/wallet')).body;
    expect(50_000 - wallet.balanceCents).toBe(total + WRITTEN_CENTS);
    expect(wallet.onHoldCents).toBe(WRITTEN_CENTS);
  });

  it('counts this month apart: a purchase of last month is in the total only', async () => {
    const before = (await summary(client)).body;
    clock.advance(25 * DAY);
    const nextMonth = (await summary(client)).body;
    expect(nextMonth).toMatchObject({
      totalSpentCents: before.totalSpentCents,
      spentBySource: before.spentBySource,
      monthSpentCents: 0,
      monthSessions: 0,
    });
  });
});
