import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionDetails } from '@shared/sessions';
import { createAdmin, createClient, createReader } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';

// Decision 012: a past reading and its chat, for its participants only (its minutes:
// session-receipt.integration.test.ts).
const MINUTE = 60_000;
const RATE = 299;
const clock = fakeClock(Date.now());
let reading: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  reading = readingDriver(app, clock, MINUTE);
});

const details = (id: string, cookie?: string) =>
  http(app, cookie).get<SessionDetails & { error: { code: string } }>(`/api/sessions/${id}/details`);

describe('GET /api/sessions/:id/details', () => {
  it('gives a chat reading’s messages, oldest first, and how long they are kept', async () => {
    const { client, reader, id } = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    expect(
      (await http(app, client.cookie).post('/api/sessions/message', { sessionId: id, content: 'Hello, Selene' }))
        .status,
    ).toBe(201);
    clock.advance(1000);
    expect(
      (await http(app, reader.cookie).post('/api/sessions/message', { sessionId: id, content: 'Welcome, seeker' }))
        .status,
    ).toBe(201);
    await reading.nextMinute(id);
    await reading.nextMinute(id);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);

    const response = await details(id, client.cookie);
    expect(response.status).toBe(200);
    const { session, messages, messageRetention } = response.body;
    expect(session).toMatchObject({
      id,
      status: 'completed',
      sessionType: 'chat',
      minutesCharged: 3,
      totalCostCents: 3 * RATE,
      refundedCents: 0,
    });
    expect(messages.map((m) => m.content)).toEqual(['Hello, Selene', 'Welcome, seeker']);
    expect(messageRetention).toEqual({ retentionDays: 30, messagesDeleted: false });
  });

  it('leaves messages out of audio and video readings', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const reader = await createReader(app);
    await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true });
    const requested = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'audio',
    });
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: requested.body.id, response: 'decline' });
    const { body } = await details(requested.body.id, client.cookie);
    expect(body).toMatchObject({ session: { sessionType: 'audio', status: 'declined' }, messages: [] });
  });

  it('answers the client, the reader and admins; 404 to anyone else and for unknown ids, 401 signed out', async () => {
    const { client, reader, id } = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    const admin = await createAdmin(app);
    const otherClient = await createClient(app);
    const otherReader = await createReader(app);

    for (const viewer of [client, reader, admin])
      expect((await details(id, viewer.cookie)).status, viewer.role).toBe(200);
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
