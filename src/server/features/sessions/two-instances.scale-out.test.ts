import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { ledgerTransfers } from '../../db/schema';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { ledgerTotalCents } from '../../../../tests/integration/ledger-sums';
import { emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { timePasser } from '../../../../tests/integration/pass-time';
import { testApp } from '../../../../tests/integration/test-app';
import { openTestDatabase } from '../../../../tests/integration/test-database';

/**
 * Two app instances (as two processes would be) share one PostgreSQL database and one Redis:
 * each reading has its client on one instance and its reader on the other. Both instances run the
 * billing scheduler, so every due minute is raced for, and must still be charged exactly once.
 * Time is the test's (issue 51): both read one fake clock, and at each step the test runs both
 * schedulers' passes at once; it waits for events, never for seconds to go by.
 */
const MINUTE = 60_000;
const SESSIONS = 4;
const RATE = 333;
/** How far the clock moves between two rounds of passes. */
const STEP = MINUTE / 4;

if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error('The scale-out test needs DATABASE_URL (PostgreSQL) and REDIS_URL: run it through `npm run test:pg`');
}

const clock = fakeClock();
const database = await openTestDatabase({ poolSize: 10 });
afterAll(() => database.close());
const env = { BILLING_MINUTE_MS: String(MINUTE), REDIS_URL: process.env.REDIS_URL };
const a = await testApp({ database, clock, runScheduler: false, env });
const b = await testApp({ database, clock, runScheduler: false, env });
// Each process's lease beats on a real timer with the fake clock's time, and could write a time older
// than the test's own beat (pause.integration.test.ts): the test beats both leases, in step with the clock.
for (const app of [a, b]) app.lease.stop();

/** Moves the clock on a step at a time; after each step the leases beat and both schedulers pass at once. */
const passTime = timePasser(clock, [a, b], STEP);

/** A reading with its client on `a` and its reader on `b`, started (minute 1 paid) and talking. */
async function readingAcrossInstances(index: number) {
  const client = await createClient(a, { balanceCents: 10_000, name: `Client ${index}` });
  const reader = await createReader(b, { audioRateCents: RATE });
  const readerSocket = await b.connectSocket(reader.cookie);
  await http(b, reader.cookie).patch('/api/readers/me', { isOnline: true });
  const clientSocket = await a.connectSocket(client.cookie);

  const incoming = nextEvent(readerSocket, 'session_request');
  const requested = await http(a, client.cookie).post('/api/sessions/request', {
    readerId: reader.id,
    sessionType: 'audio',
  });
  const id = requested.body.id as string;
  await incoming;
  const accepted = nextEvent(clientSocket, 'session_response');
  await http(b, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' });
  await accepted;

  await emitAck(clientSocket, 'join_session_room', { sessionId: id });
  const started = nextEvent(clientSocket, 'session_started');
  await emitAck(readerSocket, 'join_session_room', { sessionId: id });
  await started;

  const signal = nextEvent(readerSocket, 'webrtc_signal');
  await emitAck(clientSocket, 'webrtc_signal', {
    sessionId: id,
    signal: { type: 'offer', data: { sdp: `offer ${index}` } },
  });
  expect(await signal).toMatchObject({ signal: { data: { sdp: `offer ${index}` } } });
  const message = nextEvent(clientSocket, 'new_message');
  await emitAck(readerSocket, 'session_message', { sessionId: id, content: `hello ${index}`, type: 'text' });
  expect(await message).toMatchObject({ content: `hello ${index}`, senderId: reader.id });
  return { id, client, reader, clientSocket };
}

describe('two instances on one PostgreSQL with the Redis adapter', () => {
  it('charges every minute exactly once while messages and signals cross instances', async () => {
    const started = await Promise.all(Array.from({ length: SESSIONS }, (_, i) => readingAcrossInstances(i)));
    // Three more minutes, each raced for by both schedulers; the client hears the fourth from
    // whichever instance charged it (through Redis).
    const minutes = 4;
    const heardLast = started.map(({ clientSocket }) =>
      nextEvent(clientSocket, 'billing_update', (u: { minutesCharged: number }) => u.minutesCharged === minutes),
    );
    await passTime((minutes - 1) * MINUTE);
    await Promise.all(heardLast);
    for (const { id, client, reader } of started) {
      const end = await http(b, reader.cookie).post('/api/sessions/end', { sessionId: id });
      expect(end.body).toMatchObject({ status: 'completed', minutesCharged: minutes });
      const [legs] = await a.db
        .select({ n: count() })
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idempotencyKey, `session:${id}:minute:%`));
      expect(legs!.n).toBe(minutes * 2);
      const charged = await a.db
        .select({ key: ledgerTransfers.idempotencyKey })
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.reference, `session:${id}`), eq(ledgerTransfers.kind, 'session_charge')));
      expect(new Set(charged.map((c) => c.key)).size).toBe(minutes * 2);
      expect((await http(a, client.cookie).get('/api/auth/profile')).body.walletBalanceCents).toBe(
        10_000 - minutes * RATE,
      );
      expect((await http(b, reader.cookie).get('/api/wallet')).body.earnings).toEqual({
        availableCents: minutes * splitCharge(RATE).readerCents,
        heldCents: 0,
      });
    }
    expect(await ledgerTotalCents(a.db)).toBe(0);
  });
});
