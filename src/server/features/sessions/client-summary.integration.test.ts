import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readingSessions } from '../../db/schema';
import { createClient } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';

// Decision 012: the client dashboard's Total Spent and This Month count a reading once it completed, net of
// its refund (every other source: client-spending.integration.test.ts).
const MINUTE = 60_000;
const clock = fakeClock();
let driver: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  driver = readingDriver(app, clock, MINUTE);
});

const summary = (cookie?: string) => http(app, cookie).get('/api/sessions/summary');

describe('GET /api/sessions/summary', () => {
  it('answers 401 when signed out', async () => {
    expect((await summary()).status).toBe(401);
  });

  it('is all zeros for a client without readings', async () => {
    const client = await createClient(app, { balanceCents: 1000 });
    expect((await summary(client.cookie)).body).toEqual({
      totalSpentCents: 0,
      spentBySource: { readings: 0, appointmentFees: 0, writtenReadings: 0, gifts: 0, streamAdmissions: 0, orders: 0 },
      completedSessions: 0,
      monthSpentCents: 0,
      monthSessions: 0,
      monthAverageMinutes: null,
    });
  });

  it('sums completed readings net of refunds, and this month apart', async () => {
    const client = await createClient(app, { balanceCents: 10_000 });

    // Three paid minutes at $2.99, ended this month.
    const first = await driver.startReading({ rateCents: 299, balanceCents: 0, client });
    await driver.nextMinute(first.id);
    await driver.nextMinute(first.id);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: first.id });

    // One minute at $4.49, refunded in full: counts as a session, spends nothing.
    const refunded = await driver.startReading({ rateCents: 449, balanceCents: 0, client });
    clock.advance(MINUTE / 2);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: refunded.id, refundRequested: true });

    // Two minutes at $5.00, moved into last month.
    const older = await driver.startReading({ rateCents: 500, balanceCents: 0, client });
    await driver.nextMinute(older.id);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: older.id });
    const now = new Date(clock.now());
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    await app.db
      .update(readingSessions)
      .set({ startedAt: lastMonth, endedAt: lastMonth })
      .where(eq(readingSessions.id, older.id));

    // An open reading counts toward nothing until it completes.
    await driver.startReading({ rateCents: 700, balanceCents: 0, client });

    const rows = await app.db.select().from(readingSessions).where(eq(readingSessions.clientId, client.id));
    const completed = rows.filter((row) => row.status === 'completed');
    expect(completed.map((row) => [row.minutesCharged, row.totalCostCents, row.refundedCents]).sort()).toEqual([
      [1, 449, 449],
      [2, 1000, 0],
      [3, 897, 0],
    ]);

    expect((await summary(client.cookie)).body).toEqual({
      totalSpentCents: 897 + 1000,
      spentBySource: {
        readings: 897 + 1000,
        appointmentFees: 0,
        writtenReadings: 0,
        gifts: 0,
        streamAdmissions: 0,
        orders: 0,
      },
      completedSessions: 3,
      monthSpentCents: 897,
      monthSessions: 2,
      monthAverageMinutes: 2,
    });
  });
});
