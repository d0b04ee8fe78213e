import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionDetails } from '@shared/sessions';
import { ledgerTransfers } from '../../db/schema';
import { createAdmin, createClient, createReader } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { createTestApp, type TestApp } from '../../../../tests/integration/test-app';

// Issue 8: a past reading's receipt, every charged minute from the ledger, for its participants only.
const MINUTE = 60_000;
const RATE = 299;
const clock = fakeClock(Date.now());
let app: TestApp;
let reading: ReturnType<typeof readingDriver>;
beforeAll(async () => {
  app = await createTestApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
  reading = readingDriver(app, clock, MINUTE);
});
afterAll(() => app.close());

const details = (id: string, cookie?: string) => http(app, cookie).get<SessionDetails & { error: { code: string } }>(`/api/sessions/${id}/details`);

/** What the ledger took from the client for a session, straight from its rows. */
async function chargedCents(sessionId: string) {
  const [row] = await app.db
    .select({ cents: sql<number>`coalesce(sum(${ledgerTransfers.amountCents}), 0)::int`, legs: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, `session:${sessionId}`), eq(ledgerTransfers.kind, 'session_charge')));
  return row!;
}

describe('GET /api/sessions/:id/details', () => {
  it('lists a 3-minute chat reading’s messages and each charged minute, matching the ledger and the total', async () => {
    const { client, reader, id } = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    expect((await http(app, client.cookie).post('/api/sessions/message', { sessionId: id, content: 'Hello, Selene' })).status).toBe(201);
    clock.advance(1000);
    expect((await http(app, reader.cookie).post('/api/sessions/message', { sessionId: id, content: 'Welcome, seeker' })).status).toBe(201);
    await reading.nextMinute(id);
    await reading.nextMinute(id);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);

    const response = await details(id, client.cookie);
    expect(response.status).toBe(200);
    const { session, messages, charges } = response.body;
    expect(session).toMatchObject({ id, status: 'completed', sessionType: 'chat', minutesCharged: 3, totalCostCents: 3 * RATE, refundedCents: 0 });
    expect(messages.map((m) => m.content)).toEqual(['Hello, Selene', 'Welcome, seeker']);
    expect(charges.map((c) => [c.minute, c.amountCents, c.refundedCents])).toEqual([
      [1, RATE, 0],
      [2, RATE, 0],
      [3, RATE, 0],
    ]);
    // Each minute is one charge of two legs (reader's and platform's share); together they are the total.
    const ledger = await chargedCents(id);
    expect(ledger).toEqual({ cents: 3 * RATE, legs: 6 });
    expect(charges.reduce((sum, c) => sum + c.amountCents, 0)).toBe(session.totalCostCents);
    // Listed in the order they were charged.
    const times = charges.map((c) => Date.parse(c.chargedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shows a refunded reading’s minutes as given back', async () => {
    const { client, id } = await reading.startReading({ rateCents: 450, balanceCents: 5000 });
    clock.advance(MINUTE / 2);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    const { body } = await details(id, client.cookie);
    expect(body.session).toMatchObject({ totalCostCents: 450, refundedCents: 450 });
    expect(body.charges.map((c) => [c.minute, c.amountCents, c.refundedCents])).toEqual([[1, 450, 450]]);
  });

  it('leaves messages out of audio and video readings', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const reader = await createReader(app);
    await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true });
    const requested = await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'audio' });
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: requested.body.id, response: 'decline' });
    const { body } = await details(requested.body.id, client.cookie);
    expect(body).toMatchObject({ session: { sessionType: 'audio', status: 'declined' }, messages: [], charges: [] });
  });

  it('answers the client, the reader and admins; 404 to anyone else and for unknown ids, 401 signed out', async () => {
    const { client, reader, id } = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    const admin = await createAdmin(app);
    const otherClient = await createClient(app);
    const otherReader = await createReader(app);

    for (const viewer of [client, reader, admin]) expect((await details(id, viewer.cookie)).status, viewer.role).toBe(200);
    for (const stranger of [otherClient, otherReader]) {
      const response = await details(id, stranger.cookie);
      expect(response.status, stranger.role).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
      // The same answer as an id that does not exist: nothing tells the two apart.
      expect((await details('no-such-session', stranger.cookie)).body).toEqual(response.body);
    }
    expect((await details(id)).status).toBe(401);
  });
});
