import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import type { AdminReader, TopReader } from '@shared/admin';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { buyFromEverySource, PURCHASES } from '../../../../tests/integration/purchases';
import { readingDriver } from '../../../../tests/integration/readings';
import { TEST_ADDRESS } from '../../../../tests/integration/shipping-address';
import { testApp } from '../../../../tests/integration/test-app';
import { ledgerTransfers, shopProducts } from '../../db/schema';
import { checkLedger, earningsAccountId } from '../wallet';

// Decision 040: Kai's Total Earnings counted a gift the admin's Readers tab did not, and Seraphina's a
// shop sale her wallet held but her dashboard did not. One reader here earns from all four sources,
// and every screen's figure is checked against what the ledger moved into their earnings.
const MINUTE = 60_000;
const clock = fakeClock(Date.parse('2026-11-20T12:00:00Z'));
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
const driver = readingDriver(app, clock, MINUTE);
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

/** What the ledger moved into the reader's earnings, per transfer kind. */
async function ledgerIntoEarnings(readerId: string): Promise<Record<string, number>> {
  const rows = await app.db
    .select({ kind: ledgerTransfers.kind, cents: sql<number>`sum(${ledgerTransfers.amountCents})::int` })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.creditAccountId, earningsAccountId(readerId)))
    .groupBy(ledgerTransfers.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, row.cents]));
}

describe('earnings by source', () => {
  let reader: TestUser;
  const {
    gift: GIFT,
    admissionCents: ADMISSION_CENTS,
    writtenCents: WRITTEN_CENTS,
    appointmentFeeCents: APPOINTMENT_FEE_CENTS,
  } = PURCHASES;
  const PRODUCT_CENTS = 2799;

  beforeAll(async () => {
    reader = await createReader(app, { firstName: 'Seraphina', chatRateCents: PURCHASES.rateCents });
    const client = await createClient(app, { balanceCents: 50_000 });

    // Two readings (one refunded, earning nothing), a stream's price and a gift, an answered
    // question and a late-cancellation fee (decisions 047 and 048).
    await buyFromEverySource(app, driver, clock, client, reader, MINUTE);

    // Two of the reader's own products in one order.
    const productId = 'earnings-by-source-deck';
    await app.db.insert(shopProducts).values({
      id: productId,
      sellerId: reader.id,
      name: 'Moon deck',
      priceCents: PRODUCT_CENTS,
      category: 'Tarot',
      isDigital: false,
      stock: 5,
    });
    const order = await http(app, client.cookie).post(
      '/api/shop/orders',
      { items: [{ productId, quantity: 2 }], shippingAddress: TEST_ADDRESS },
      { 'idempotency-key': 'order-1' },
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);
  });

  it('adds up readings, gifts, paid admissions and shop sales exactly as the ledger moved them into earnings', async () => {
    const earnings = await http(app, reader.cookie).get('/api/readers/me/earnings');
    expect(earnings.status).toBe(200);
    const ledger = await ledgerIntoEarnings(reader.id);
    expect(earnings.body.bySource).toEqual({
      readingsCents: ledger.earnings_release,
      giftsCents: ledger.gift,
      streamAdmissionsCents: ledger.stream_access,
      shopSalesCents: ledger.purchase,
      writtenReadingsCents: ledger.written_reading,
      appointmentFeesCents: ledger.appointment_fee,
    });
    // And what the split gives each, so a ledger that moved the wrong amount fails too.
    expect(earnings.body.bySource).toEqual({
      readingsCents: splitCharge(2 * 399).readerCents,
      giftsCents: splitCharge(GIFT.costCents).readerCents,
      streamAdmissionsCents: splitCharge(ADMISSION_CENTS).readerCents,
      shopSalesCents: splitCharge(2 * PRODUCT_CENTS).readerCents,
      writtenReadingsCents: splitCharge(WRITTEN_CENTS).readerCents,
      appointmentFeesCents: splitCharge(APPOINTMENT_FEE_CENTS).readerCents,
    });
    const total = Object.values(ledger).reduce((sum, cents) => sum + cents, 0);
    expect(earnings.body.allTimeCents).toBe(total);
    expect(earnings.body.todayCents).toBe(total);
    expect(earnings.body.daily.at(-1)).toEqual({ date: '2026-11-20', earningsCents: total, sessions: 2 });
  });

  it('is the same figure on every screen: stat cards, wallet card, admin Readers tab and Analytics', async () => {
    const total = Object.values(await ledgerIntoEarnings(reader.id)).reduce((sum, cents) => sum + cents, 0);
    const stats = (await http(app, reader.cookie).get('/api/readers/me/stats')).body;
    expect(stats.allTime.earningsCents).toBe(total);
    expect(stats.today.earningsCents).toBe(total);
    // No payout and no open reading: everything earned is available.
    expect(stats.availableCents).toBe(total);
    expect((await http(app, reader.cookie).get('/api/wallet')).body.earnings).toEqual({
      availableCents: total,
      heldCents: 0,
    });

    const admin = await createAdmin(app);
    const readers = (await http(app, admin.cookie).get('/api/admin/readers?limit=100')).body.readers as AdminReader[];
    expect(readers.find((row) => row.id === reader.id)?.totalEarningsCents).toBe(total);
    const analytics = (await http(app, admin.cookie).get('/api/admin/analytics')).body.topReaders as TopReader[];
    expect(analytics.find((row) => row.id === reader.id)).toMatchObject({ earningsCents: total, completedSessions: 2 });
  });

  it('counts a reader with no income at zero on every line', async () => {
    const newcomer = await createReader(app);
    const earnings = await http(app, newcomer.cookie).get('/api/readers/me/earnings');
    expect(earnings.body).toMatchObject({
      allTimeCents: 0,
      bySource: {
        readingsCents: 0,
        giftsCents: 0,
        streamAdmissionsCents: 0,
        shopSalesCents: 0,
        writtenReadingsCents: 0,
        appointmentFeesCents: 0,
      },
    });
    expect(
      await app.db
        .select()
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.creditAccountId, earningsAccountId(newcomer.id)))),
    ).toEqual([]);
  });
});
