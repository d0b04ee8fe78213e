import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionReceipt } from '@shared/sessions';
import { ledgerTransfers, sessionMessages } from '../../db/schema';
import { createAdmin, createClient, createReader } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { minuteChargeKey } from './billing';

// Decision 019: a reading's receipt (one line per billed minute, each the ledger's) and its transcript.
const MINUTE = 60_000;
const DAY = 24 * 60 * 60 * 1000;
const clock = fakeClock(Date.parse('2026-11-21T12:00:00Z'));
let reading: ReturnType<typeof readingDriver>;
const app = await testApp({
  clock,
  runScheduler: false,
  runMessageRetention: false,
  env: { BILLING_MINUTE_MS: String(MINUTE) },
});
beforeAll(async () => {
  reading = readingDriver(app, clock, MINUTE);
});

type Failure = { error: { code: string } };
const receipt = (id: string, cookie?: string) =>
  http(app, cookie).get<SessionReceipt & Failure>(`/api/sessions/${id}/receipt`);
const transcript = (id: string, cookie?: string, query = '') =>
  http(app, cookie).get<string & Failure>(`/api/sessions/${id}/transcript${query}`);

/** The two legs the ledger wrote for one minute of a session, by their keys; 0 for a leg it did not write. */
async function legsOf(sessionId: string, minute: number) {
  const rows = await app.db
    .select({ key: ledgerTransfers.idempotencyKey, cents: ledgerTransfers.amountCents })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, `session:${sessionId}`), eq(ledgerTransfers.kind, 'session_charge')));
  const cents = (suffix: string) =>
    rows.find((row) => row.key === `${minuteChargeKey(sessionId, minute)}:${suffix}`)?.cents ?? 0;
  return {
    reader: cents('reader'),
    platform: cents('platform'),
    count: rows.filter((row) => row.key.startsWith(`${minuteChargeKey(sessionId, minute)}:`)).length,
  };
}

async function chatAndEnd(options: { rateCents: number; minutes: number; refund?: boolean }) {
  const started = await reading.startReading({ rateCents: options.rateCents, balanceCents: 10_000 });
  for (let minute = 2; minute <= options.minutes; minute += 1) await reading.nextMinute(started.id);
  clock.advance(MINUTE / 4);
  const ended = await http(app, started.client.cookie).post('/api/sessions/end', {
    sessionId: started.id,
    ...(options.refund && { refundRequested: true }),
  });
  expect(ended.status).toBe(200);
  return started;
}

describe('GET /api/sessions/:id/receipt', () => {
  it('lists every billed minute, each equal to its two ledger legs, and the total of the reading', async () => {
    const { client, id } = await chatAndEnd({ rateCents: 399, minutes: 4 });
    const response = await receipt(id, client.cookie);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      sessionId: id,
      readerName: expect.stringMatching(/^Test Reader /),
      type: 'chat',
      ratePerMinuteCents: 399,
      refundedCents: 0,
    });
    expect(body.minutes.map((line) => line.minute)).toEqual([1, 2, 3, 4]);
    for (const line of body.minutes) {
      const legs = await legsOf(id, line.minute);
      expect(line, `minute ${line.minute}`).toMatchObject({
        amountCents: 399,
        readerCents: legs.reader,
        platformCents: legs.platform,
        free: false,
      });
      expect(line.readerCents + line.platformCents).toBe(line.amountCents);
    }
    // Each minute starts one billing minute after the one before.
    const starts = body.minutes.map((line) => Date.parse(line.startedAt));
    expect(starts.slice(1).map((at, i) => at - starts[i]!)).toEqual([MINUTE, MINUTE, MINUTE]);
    const session = (await http(app, client.cookie).get(`/api/sessions/${id}`)).body;
    expect(body.totalCents).toBe(session.totalCostCents);
    expect(body.totalCents).toBe(4 * 399);
    // The reader's lines add up to what the reading earned them.
    expect(body.minutes.reduce((sum, line) => sum + line.readerCents, 0)).toBe(session.readerEarningsCents);
  });

  it('shows free first minutes at 0 with no ledger transfer, then the paid ones', async () => {
    const reader = await createReader(app, { chatRateCents: 250 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { freeMinutes: 2 })).status).toBe(200);
    const started = await reading.startReading({ rateCents: 250, balanceCents: 5000, reader });
    await reading.nextMinute(started.id);
    await reading.nextMinute(started.id);
    await http(app, started.client.cookie).post('/api/sessions/end', { sessionId: started.id });

    const { body } = await receipt(started.id, started.client.cookie);
    expect(
      body.minutes.map((line) => [line.minute, line.amountCents, line.readerCents, line.platformCents, line.free]),
    ).toEqual([
      [1, 0, 0, 0, true],
      [2, 0, 0, 0, true],
      [3, 250, expect.any(Number), expect.any(Number), false],
    ]);
    for (const minute of [1, 2]) expect((await legsOf(started.id, minute)).count, `minute ${minute}`).toBe(0);
    const paid = await legsOf(started.id, 3);
    expect(body.minutes[2]).toMatchObject({ readerCents: paid.reader, platformCents: paid.platform });
    expect(body.totalCents).toBe(250);
  });

  it('keeps a refunded reading’s lines and says what was given back', async () => {
    const { client, id } = await chatAndEnd({ rateCents: 450, minutes: 1, refund: true });
    const { body } = await receipt(id, client.cookie);
    expect(body.minutes).toHaveLength(1);
    expect(body).toMatchObject({ totalCents: 450, refundedCents: 450 });
  });

  it('answers the client, the reader and admins; 403 to anyone else, 404 for unknown ids, 401 signed out', async () => {
    const { client, reader, id } = await chatAndEnd({ rateCents: 299, minutes: 1 });
    const admin = await createAdmin(app);
    for (const viewer of [client, reader, admin])
      expect((await receipt(id, viewer.cookie)).status, viewer.role).toBe(200);
    for (const stranger of [await createClient(app), await createReader(app)]) {
      const response = await receipt(id, stranger.cookie);
      expect(response.status, stranger.role).toBe(403);
      expect(response.body.error.code).toBe('FORBIDDEN');
    }
    expect((await receipt('no-such-session', client.cookie)).status).toBe(404);
    expect((await receipt(id)).status).toBe(401);
  });
});

describe('GET /api/sessions/:id/transcript', () => {
  it('is a text file with a header and one line per message, "[time] Name: text", in the asked time zone', async () => {
    const clientUser = await createClient(app, { name: 'Maya Stone', balanceCents: 5000 });
    const started = await reading.startReading({ rateCents: 299, balanceCents: 0, client: clientUser });
    await http(app, clientUser.cookie).post('/api/sessions/message', {
      sessionId: started.id,
      content: 'Will I find my way?',
    });
    clock.advance(5_000);
    await http(app, started.reader.cookie).post('/api/sessions/message', {
      sessionId: started.id,
      content: 'The cards say yes.',
    });
    await http(app, clientUser.cookie).post('/api/sessions/end', { sessionId: started.id });
    const readerName = (await receipt(started.id, clientUser.cookie)).body.readerName;

    const response = await transcript(started.id, clientUser.cookie);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="soul-tribe-reading-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.txt"$/,
    );
    const lines = response.body.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Soul Tribe reading transcript',
      `Reader: ${readerName}`,
      'Client: Maya Stone',
      expect.stringMatching(/^Date: \w+ \d+, \d{4} at \d+:\d{2} [AP]M \(UTC\)$/),
      'Type: Chat',
    ]);
    const sentAt = new Date(clock.now() - 5_000).toISOString().slice(11, 19);
    const answeredAt = new Date(clock.now()).toISOString().slice(11, 19);
    expect(lines.filter((line) => line.startsWith('['))).toEqual([
      `[${sentAt}] Maya Stone: Will I find my way?`,
      `[${answeredAt}] ${readerName}: The cards say yes.`,
    ]);

    // The same for the reader; times in a zone the browser names.
    const forReader = await transcript(started.id, started.reader.cookie, '?timeZone=America/New_York');
    expect(forReader.status).toBe(200);
    expect(forReader.body).toContain('(America/New_York)');
    // A reader knows a client by first name only.
    expect(forReader.body).toContain('\nClient: Maya\n');
    const newYork = new Date(clock.now() - 5_000).toLocaleTimeString('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
    });
    expect(forReader.body).toContain(`[${newYork}] Maya: Will I find my way?`);
    expect((await transcript(started.id, clientUser.cookie, '?timeZone=Mars/Olympus')).status).toBe(400);
  });

  it('is for the two participants only: 403 for admins and strangers, 404 unknown, 401 signed out', async () => {
    const { client, reader, id } = await chatAndEnd({ rateCents: 299, minutes: 1 });
    for (const viewer of [client, reader]) expect((await transcript(id, viewer.cookie)).status).toBe(200);
    for (const stranger of [await createAdmin(app), await createClient(app), await createReader(app)]) {
      expect((await transcript(id, stranger.cookie)).status, stranger.role).toBe(403);
    }
    expect((await transcript('no-such-session', client.cookie)).status).toBe(404);
    expect((await transcript(id)).status).toBe(401);
  });

  it('says so when the retention has deleted a reading’s messages, in the transcript and in its details', async () => {
    const { client, id } = await reading.startReading({ rateCents: 299, balanceCents: 5000 });
    await http(app, client.cookie).post('/api/sessions/message', { sessionId: id, content: 'Remember me?' });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    const fresh = (await http(app, client.cookie).get(`/api/sessions/${id}/details`)).body;
    expect(fresh).toMatchObject({
      messages: [{ content: 'Remember me?' }],
      messageRetention: { retentionDays: 30, messagesDeleted: false },
    });

    clock.advance(31 * DAY);
    // Past the promise, nothing shows the message even before the sweep removes it.
    expect(await app.db.select().from(sessionMessages).where(eq(sessionMessages.sessionId, id))).toHaveLength(1);
    const old = (await http(app, client.cookie).get(`/api/sessions/${id}/details`)).body;
    expect(old).toMatchObject({ messages: [], messageRetention: { retentionDays: 30, messagesDeleted: true } });
    const text = (await transcript(id, client.cookie)).body;
    expect(text).not.toContain('Remember me?');
    expect(text).toContain('Messages are deleted after 30 days');
    // The receipt is a money record: it stays.
    expect((await receipt(id, client.cookie)).body.minutes).toHaveLength(1);
  });
});

describe('GET /api/sessions/message-retention', () => {
  it('tells anyone, signed in or not, how many days messages are kept', async () => {
    expect((await http(app).get('/api/sessions/message-retention')).body).toEqual({ retentionDays: 30 });
  });
});
