import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFTS } from '@shared/constants';
import { splitCharge } from '@shared/money';
import type { AdminReader, TopReader } from '@shared/admin';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { closeReaderPage, insertStream, openReaderPage } from '../../../../tests/integration/live-stream-rows';
import { readingDriver } from '../../../../tests/integration/readings';
import { TEST_ADDRESS } from '../../../../tests/integration/shipping-address';
import { testApp } from '../../../../tests/integration/test-app';
import { ledgerTransfers, shopProducts } from '../../db/schema';
import { checkLedger, earningsAccountId } from '../wallet';

// Issue 30: Kai's Total Earnings counted a gift the admin's Readers tab did not, and Seraphina's a
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
  const GIFT = GIFTS[2]!;
  const ADMISSION_CENTS = 500;
  const PRODUCT_CENTS = 2799;
  const WRITTEN_CENTS = 1499;
  // 15 minutes at 399: 5985, half of it (rounded down) the late-cancellation fee.
  const APPOINTMENT_MINUTES = 15;
  const APPOINTMENT_FEE_CENTS = Math.floor((APPOINTMENT_MINUTES * 399) / 2);

  beforeAll(async () => {
    reader = await createReader(app, { firstName: 'Seraphina', chatRateCents: 399 });
    const client = await createClient(app, { balanceCents: 50_000 });

    // A reading of two minutes, and a refunded one that earned nothing.
    const { id } = await driver.startReading({ rateCents: 399, balanceCents: 0, client, reader });
    await driver.nextMinute(id);
    clock.advance(MINUTE / 2);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
    const refunded = await driver.startReading({ rateCents: 399, balanceCents: 0, client, reader });
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: refunded.id, refundRequested: true })).status).toBe(200);

    // The price of a priced stream, and a gift in it.
    const page = await openReaderPage(app, reader);
    const stream = await insertStream(app, reader.id, { priceCents: ADMISSION_CENTS });
    expect((await http(app, client.cookie).post(`/api/live/streams/${stream}/join`)).status).toBe(200);
    expect((await http(app, client.cookie).post(`/api/live/streams/${stream}/gifts`, { giftId: GIFT.id }, { 'idempotency-key': 'gift-1' })).status).toBe(201);
    await closeReaderPage(app, reader, page);

    // Two of the reader's own products in one order.
    const productId = 'earnings-by-source-deck';
    await app.db.insert(shopProducts).values({ id: productId, sellerId: reader.id, name: 'Moon deck', priceCents: PRODUCT_CENTS, category: 'Tarot', isDigital: false, stock: 5 });
    const order = await http(app, client.cookie).post('/api/shop/orders', { items: [{ productId, quantity: 2 }], shippingAddress: TEST_ADDRESS }, { 'idempotency-key': 'order-1' });
    expect(order.status, JSON.stringify(order.body)).toBe(201);

    // A written question, answered (issue 31).
    expect((await http(app, reader.cookie).patch('/api/readers/me', { writtenReadingPriceCents: WRITTEN_CENTS })).status).toBe(200);
    const asked = await http(app, client.cookie).post('/api/written-readings', { readerId: reader.id, question: 'Will the new job bring me closer to home?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect((await http(app, reader.cookie).post(`/api/written-readings/${asked.body.id}/answer`, { answer: 'Yes: the cards show a road that bends back toward the people you love.' })).status).toBe(200);

    // An appointment the client cancels 2 hours ahead: half its price is the reader's fee (issue 31).
    const allDay = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
    expect((await http(app, reader.cookie).put('/api/readers/me/availability', { timeZone: 'UTC', slots: allDay })).status).toBe(200);
    const booked = await http(app, client.cookie).post('/api/appointments', { readerId: reader.id, sessionType: 'chat', startsAt: new Date(Math.ceil((clock.now() + 2 * 60 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE).toISOString(), minutes: APPOINTMENT_MINUTES });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await http(app, reader.cookie).post(`/api/appointments/${booked.body.id}/accept`)).status).toBe(200);
    expect((await http(app, client.cookie).post(`/api/appointments/${booked.body.id}/cancel`)).body.feeCents).toBe(APPOINTMENT_FEE_CENTS);
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
    expect((await http(app, reader.cookie).get('/api/wallet')).body.earnings).toEqual({ availableCents: total, heldCents: 0 });

    const admin = await createAdmin(app);
    const readers = (await http(app, admin.cookie).get('/api/admin/readers?limit=100')).body.readers as AdminReader[];
    expect(readers.find((row) => row.id === reader.id)?.totalEarningsCents).toBe(total);
    const analytics = (await http(app, admin.cookie).get('/api/admin/analytics')).body.topReaders as TopReader[];
    expect(analytics.find((row) => row.id === reader.id)).toMatchObject({ earningsCents: total, completedSessions: 2 });
  });

  it('counts a reader with no income at zero on every line', async () => {
    const newcomer = await createReader(app);
    const earnings = await http(app, newcomer.cookie).get('/api/readers/me/earnings');
    expect(earnings.body).toMatchObject({ allTimeCents: 0, bySource: { readingsCents: 0, giftsCents: 0, streamAdmissionsCents: 0, shopSalesCents: 0, writtenReadingsCents: 0, appointmentFeesCents: 0 } });
    expect(await app.db.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.creditAccountId, earningsAccountId(newcomer.id))))).toEqual([]);
  });
});
