import { and, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { ledgerTransfers } from '../../db/schema';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { ledgerTotalCents } from '../../../../tests/integration/ledger-sums';
import { emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { twoTestApps } from '../../../../tests/integration/test-app';

/**
 * Two app instances (as two processes would be) share one PostgreSQL database and one Redis:
 * each reading has its client on one instance and its reader on the other. Both instances run the
 * billing scheduler, so every due minute is raced for, and must still be charged exactly once.
 */
const MINUTE = 1500;
const SESSIONS = 4;
const RATE = 333;

if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error('The scale-out test needs DATABASE_URL (PostgreSQL) and REDIS_URL: run it through `npm run test:pg`');
}

const { a, b } = await twoTestApps({ BILLING_MINUTE_MS: String(MINUTE), REDIS_URL: process.env.REDIS_URL! });

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

  await nextEvent(clientSocket, 'billing_update', (u: { minutesCharged: number }) => u.minutesCharged >= 4, 20_000);
  const end = await http(b, reader.cookie).post('/api/sessions/end', { sessionId: id });
  return { id, client, reader, minutes: end.body.minutesCharged as number };
}

describe('two instances on one PostgreSQL with the Redis adapter', () => {
  it('charges every minute exactly once while messages and signals cross instances', async () => {
    const readings = await Promise.all(Array.from({ length: SESSIONS }, (_, i) => readingAcrossInstances(i)));
    for (const { id, client, reader, minutes } of readings) {
      expect(minutes).toBeGreaterThanOrEqual(4);
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
