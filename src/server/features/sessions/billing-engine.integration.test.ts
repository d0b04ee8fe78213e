import { describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { collect, delivered } from '../../../../tests/integration/socket-helpers';
import { ledgerTotalCents, revenueCents } from '../../../../tests/integration/ledger-sums';
import { createTestApp, testApp } from '../../../../tests/integration/test-app';
import { markLeft, markSeen } from '../../realtime/presence/session-presence';
import {
  getEarnings,
  getWalletBalanceCents,
  IdempotencyConflictError,
  revenueAccountFor,
  SPLIT_LEG_SUFFIX,
  transfer,
  walletAccountId,
} from '../wallet';
import { minuteChargeKey } from './billing';
import { runDueWork } from './scheduler';

const MINUTE = 60_000;
const RATE = 299;
const READER_SHARE = splitCharge(RATE).readerCents;

const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });

const now = () => new Date(clock.now());
const balance = (user: TestUser) => getWalletBalanceCents(app.db, user.id);
const earnings = (user: TestUser) => getEarnings(app.db, user.id);
const revenue = () => revenueCents(app.db);
const session = async (id: string, as: TestUser) => (await http(app, as.cookie).get(`/api/sessions/${id}`)).body;

/** Both sides' sockets beat (as the socket layer does every few seconds). */
const heartbeat = async (id: string, sides: ('client' | 'reader')[] = ['client', 'reader']) => {
  for (const side of sides) await markSeen(app.db, [id], side, now());
};

/** A client and an online reader in an active chat session at the fixed rate; minute 1 is paid. */
async function activeSession(balanceCents: number) {
  const client = await createClient(app, { balanceCents });
  const reader = await createReader(app, { chatRateCents: RATE });
  expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
  const requested = await http(app, client.cookie).post('/api/sessions/request', {
    readerId: reader.id,
    sessionType: 'chat',
    ratePerMinuteCents: RATE,
  });
  expect(requested.status).toBe(201);
  const id = requested.body.id as string;
  expect(
    (await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' })).status,
  ).toBe(200);
  await heartbeat(id);
  const started = await http(app, client.cookie).post('/api/sessions/start', { sessionId: id });
  expect(started.status).toBe(200);
  expect(started.body).toMatchObject({ status: 'active', minutesCharged: 1, totalCostCents: RATE });
  return { client, reader, id };
}

/** Moves to the start of the next minute with both sides connected, and runs the scheduler. */
async function nextMinute(id: string, sides?: ('client' | 'reader')[]) {
  clock.advance(MINUTE / 2);
  await heartbeat(id, sides);
  clock.advance(MINUTE / 2);
  await heartbeat(id, sides);
  await runDueWork(app.sessions);
}

describe('billing engine (fake clock)', () => {
  it('charges each started minute at its start and splits it 70/30', async () => {
    const revenueBefore = await revenue();
    const { client, reader, id } = await activeSession(2000);
    expect(await balance(client)).toBe(2000 - RATE);

    clock.advance(MINUTE - 1);
    await heartbeat(id);
    await runDueWork(app.sessions);
    expect((await session(id, client)).minutesCharged).toBe(1);

    clock.advance(1);
    await runDueWork(app.sessions);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({
      minutesCharged: 2,
      totalCostCents: 2 * RATE,
      readerEarningsCents: 2 * READER_SHARE,
    });
    expect(await balance(client)).toBe(2000 - 2 * RATE);
    expect(await earnings(reader)).toEqual({ availableCents: 0, heldCents: 2 * READER_SHARE });
    expect((await revenue()) - revenueBefore).toBe(2 * (RATE - READER_SHARE));
    expect(await ledgerTotalCents(app.db)).toBe(0);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(await earnings(reader)).toEqual({ availableCents: 2 * READER_SHARE, heldCents: 0 });
  });

  it('warns on the last payable minute, pauses at its end for two minutes, then ends with insufficient_funds', async () => {
    const { client, reader, id } = await activeSession(3 * RATE + 100);
    const clientSocket = await app.connectSocket(client.cookie);
    const updates: { minutesCharged: number; isFinalMinute: boolean; clientBalanceCents: number }[] = [];
    const ended: { reason: string; totalMinutes: number; totalCostCents: number }[] = [];
    clientSocket.on('billing_update', (u) => updates.push(u));
    clientSocket.on('session_ended', (e) => ended.push(e));

    await nextMinute(id);
    await nextMinute(id);
    await delivered(clientSocket);
    expect(updates.map((u) => [u.minutesCharged, u.isFinalMinute, u.clientBalanceCents])).toEqual([
      [2, false, RATE + 100],
      [3, true, 100],
    ]);

    // Minute 4 cannot be paid: a pause to top up (sessions/top-up.integration.test.ts), and the end
    // when its two minutes pass with no deposit.
    await nextMinute(id);
    expect(await session(id, client)).toMatchObject({
      status: 'active',
      pauseReason: 'insufficient_funds',
      minutesCharged: 3,
    });
    await nextMinute(id);
    await nextMinute(id);
    expect(await session(id, client)).toMatchObject({
      status: 'completed',
      endReason: 'insufficient_funds',
      minutesCharged: 3,
      totalCostCents: 3 * RATE,
    });
    await delivered(clientSocket);
    expect(ended).toEqual([
      expect.objectContaining({ reason: 'insufficient_funds', totalMinutes: 3, totalCostCents: 3 * RATE }),
    ]);
    expect(await balance(client)).toBe(100);
    expect(await earnings(reader)).toEqual({ availableCents: 3 * READER_SHARE, heldCents: 0 });
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });

  it('pauses the meter while a side is away, charges the due minute when both are back, and ends after the grace', async () => {
    const { client, reader, id } = await activeSession(5000);
    const clientSocket = await app.connectSocket(client.cookie);
    const paused = collect(clientSocket, 'session_paused');
    const resumed = collect(clientSocket, 'session_resumed');
    await nextMinute(id);
    const startedAt = Date.parse((await session(id, client)).startedAt);
    const at = (seconds: number) => clock.advance(startedAt + seconds * 1000 - clock.now());
    const iso = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();

    // Minute 2 runs until 2:00. The reader's page stops beating at 1:30 (a crashed process).
    at(90);
    await heartbeat(id);
    await markLeft(app.db, id, 'reader', now(), app.sessions.timing);
    at(120);
    await heartbeat(id, ['client']);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({ status: 'active', minutesCharged: 2, pausedAt: iso(90) });

    // Back at 2:10: minute 3, due at 2:00 while the reader was away, starts now; 2:00-2:10 is free.
    at(130);
    await heartbeat(id);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({ minutesCharged: 3, pausedAt: null, nextMinuteAt: iso(190) });

    // Away and back within a paid minute: nothing is charged and the paid minute is not stretched.
    at(150);
    await heartbeat(id);
    await markLeft(app.db, id, 'reader', now(), app.sessions.timing);
    await runDueWork(app.sessions);
    at(170);
    await heartbeat(id);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({ minutesCharged: 3, pausedAt: null, nextMinuteAt: iso(190) });
    at(189.999);
    await heartbeat(id);
    await runDueWork(app.sessions);
    expect((await session(id, client)).minutesCharged).toBe(3);
    at(190);
    await runDueWork(app.sessions);
    expect((await session(id, client)).minutesCharged).toBe(4);
    await delivered(clientSocket);
    expect(paused).toEqual([
      { sessionId: id, reason: 'away', pausedAt: iso(90), awayUserIds: [reader.id] },
      { sessionId: id, reason: 'away', pausedAt: iso(150), awayUserIds: [reader.id] },
    ]);
    expect(resumed).toEqual([
      { sessionId: id, resumedAt: iso(130), nextMinuteAt: iso(190) },
      { sessionId: id, resumedAt: iso(170), nextMinuteAt: iso(190) },
    ]);

    // The client goes away for good: the session ends one minute later, with nothing more charged.
    at(200);
    await heartbeat(id);
    await markLeft(app.db, id, 'client', now(), app.sessions.timing);
    await runDueWork(app.sessions);
    at(259.999);
    await heartbeat(id, ['reader']);
    await runDueWork(app.sessions);
    expect((await session(id, client)).status).toBe('active');
    at(260);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({
      status: 'completed',
      endReason: 'disconnected',
      minutesCharged: 4,
    });
    expect(await balance(client)).toBe(5000 - 4 * RATE);
  });

  it('refunds every charge when the client ends within 3 minutes and asks for it', async () => {
    const revenueBefore = await revenue();
    const { client, reader, id } = await activeSession(5000);
    const readerSocket = await app.connectSocket(reader.cookie);
    const heard: { event: string; readerEarningsCents: number }[] = [];
    readerSocket.on('billing_update', (u) =>
      heard.push({ event: 'billing_update', readerEarningsCents: u.readerEarningsCents }),
    );
    readerSocket.on('session_ended', (e) =>
      heard.push({ event: 'session_ended', readerEarningsCents: e.readerEarningsCents }),
    );
    await nextMinute(id);
    await nextMinute(id);
    expect(await balance(client)).toBe(5000 - 3 * RATE);
    clock.advance(MINUTE - 1);
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    expect(ended.body).toMatchObject({ status: 'completed', refundedCents: 3 * RATE, readerEarningsCents: 0 });
    // The reader's page shows the server's share as it grows, and what is left of it after the refund: nothing.
    await delivered(readerSocket);
    expect(heard).toEqual([
      { event: 'billing_update', readerEarningsCents: splitCharge(2 * RATE).readerCents },
      { event: 'billing_update', readerEarningsCents: splitCharge(3 * RATE).readerCents },
      { event: 'session_ended', readerEarningsCents: 0 },
    ]);
    readerSocket.disconnect();
    expect(await balance(client)).toBe(5000);
    expect(await earnings(reader)).toEqual({ availableCents: 0, heldCents: 0 });
    expect(await revenue()).toBe(revenueBefore);
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });

  it('refuses a refund after the first 3 minutes and keeps the session going', async () => {
    const { client, id } = await activeSession(5000);
    await nextMinute(id);
    await nextMinute(id);
    clock.advance(MINUTE);
    const refused = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    expect(refused.status).toBe(409);
    expect((await session(id, client)).status).toBe('active');
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(ended.body).toMatchObject({ status: 'completed', endReason: 'completed', refundedCents: 0 });
  });

  it('resumes after a restart without a double charge or a lost minute', async () => {
    const { client, id } = await activeSession(5000);
    await nextMinute(id);
    // A second app on the same database stands in for the restarted process.
    const restarted = await createTestApp({
      clock,
      runScheduler: false,
      database: app.database,
      env: { BILLING_MINUTE_MS: String(MINUTE) },
    });
    try {
      clock.advance(MINUTE);
      await heartbeat(id);
      await Promise.all([runDueWork(restarted.sessions), runDueWork(app.sessions), runDueWork(restarted.sessions)]);
      expect(await session(id, client)).toMatchObject({ minutesCharged: 3, totalCostCents: 3 * RATE });
      expect(await balance(client)).toBe(5000 - 3 * RATE);
    } finally {
      await restarted.app.close();
    }
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
  });

  it('turns an unanswered request into missed after one minute', async () => {
    const client = await createClient(app, { balanceCents: 1000 });
    const reader = await createReader(app);
    await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true });
    const { body } = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'audio',
    });
    clock.advance(MINUTE - 1);
    await runDueWork(app.sessions);
    expect((await session(body.id, client)).status).toBe('requested');
    clock.advance(1);
    await runDueWork(app.sessions);
    expect(await session(body.id, client)).toMatchObject({ status: 'missed', endReason: 'missed' });
    expect(
      (await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: body.id, response: 'accept' })).status,
    ).toBe(409);
  });

  it('a minutes-only pass charges a due minute, pauses a reading whose side went away instead, and tells the next due minute', async () => {
    const paying = await activeSession(2000);
    const away = await activeSession(2000);
    clock.advance(MINUTE / 2);
    await heartbeat(paying.id);
    await heartbeat(away.id, ['client']);
    clock.advance(MINUTE / 2);
    await heartbeat(paying.id);
    await heartbeat(away.id, ['client']);
    const pass = await runDueWork(app.sessions, 'minutes');
    const charged = await session(paying.id, paying.client);
    expect(charged).toMatchObject({ minutesCharged: 2, totalCostCents: 2 * RATE, pausedAt: null });
    // The same rule as a full pass: a side that stopped beating pauses the meter, nothing is charged.
    expect(await session(away.id, away.client)).toMatchObject({ minutesCharged: 1, totalCostCents: RATE });
    expect((await session(away.id, away.client)).pausedAt).not.toBeNull();
    expect(await balance(away.client)).toBe(2000 - RATE);
    expect(pass.nextMinuteAt).not.toBeNull();
    expect(pass.nextMinuteAt!.getTime()).toBeLessThanOrEqual(Date.parse(charged.nextMinuteAt));
    expect(pass.isBacklogged).toBe(false);
    await http(app, paying.client.cookie).post('/api/sessions/end', { sessionId: paying.id });
    await http(app, away.client.cookie).post('/api/sessions/end', { sessionId: away.id });
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });

  it('charges a chunk of due minutes together: a client who cannot pay pauses to top up, and the others are charged', async () => {
    const readings = [await activeSession(2000), await activeSession(RATE + 100), await activeSession(2000)];
    const poor = readings[1]!;
    const revenueBefore = await revenue();
    clock.advance(MINUTE / 2);
    for (const { id } of readings) await heartbeat(id);
    clock.advance(MINUTE / 2);
    for (const { id } of readings) await heartbeat(id);
    const pass = await runDueWork(app.sessions, 'minutes');
    expect(pass.handled).toBe(3);
    for (const { id, client } of readings.filter((r) => r !== poor)) {
      expect(await session(id, client)).toMatchObject({ minutesCharged: 2, totalCostCents: 2 * RATE, pausedAt: null });
      expect(await balance(client)).toBe(2000 - 2 * RATE);
    }
    const paused = await session(poor.id, poor.client);
    expect(paused).toMatchObject({ minutesCharged: 1, totalCostCents: RATE, pauseReason: 'insufficient_funds' });
    expect(paused.pausedAt).toBe(paused.nextMinuteAt);
    expect(await balance(poor.client)).toBe(100);
    expect((await revenue()) - revenueBefore).toBe(2 * (RATE - READER_SHARE));
    for (const { id, client } of readings) await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });

  it('charges every due reading of a pass in one transaction, and one whose charge fails holds back none of the others', async () => {
    const readings = [await activeSession(2000), await activeSession(2000), await activeSession(2000)];
    const broken = readings[1]!;
    // Someone else's transfer already holds the key of the broken reading's next platform leg.
    const stranger = await createClient(app, { balanceCents: 500 });
    await app.db.transaction((tx) =>
      transfer(tx, {
        debitAccountId: walletAccountId(stranger.id),
        creditAccountId: revenueAccountFor(stranger.id),
        amountCents: 1,
        kind: 'session_charge',
        idempotencyKey: `${minuteChargeKey(broken.id, 2)}${SPLIT_LEG_SUFFIX.platform}`,
      }),
    );
    clock.advance(MINUTE / 2);
    for (const { id } of readings) await heartbeat(id);
    clock.advance(MINUTE / 2);
    for (const { id } of readings) await heartbeat(id);
    await expect(runDueWork(app.sessions, 'minutes')).rejects.toThrow(IdempotencyConflictError);
    for (const { id, client } of readings.filter((r) => r !== broken)) {
      expect(await session(id, client)).toMatchObject({ minutesCharged: 2, totalCostCents: 2 * RATE });
      expect(await balance(client)).toBe(2000 - 2 * RATE);
    }
    expect(await session(broken.id, broken.client)).toMatchObject({ minutesCharged: 1, totalCostCents: RATE });
    expect(await balance(broken.client)).toBe(2000 - RATE);
    for (const { id, client } of readings) await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });
  it('a full pass with no minute due opens one transaction for them; a full chunk due brings in the other workers', async () => {
    // Counted on the pass's own handle of the database: the app's other workers (mail, push) open
    // transactions of their own meanwhile.
    const transactionsOfIdlePass = async (deps: typeof app.sessions) => {
      let count = 0;
      const db = new Proxy(deps.db, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key, target);
          if (key === 'transaction') count++;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      await runDueWork({ ...deps, db }, 'all');
      return count;
    };
    // What earlier tests left due (readers to turn offline…) is done first: the passes compared find nothing.
    await runDueWork(app.sessions, 'all');
    // On PostgreSQL a pass has 8 workers (app.ts); each used to open a transaction to find nothing.
    expect(await transactionsOfIdlePass(app.sessions)).toBe(
      await transactionsOfIdlePass({ ...app.sessions, concurrency: 1 }),
    );
    const readings = [];
    for (let i = 0; i < 30; i++) readings.push(await activeSession(2000));
    const ids = readings.map(({ id }) => id);
    clock.advance(MINUTE / 2);
    for (const side of ['client', 'reader'] as const) await markSeen(app.db, ids, side, now());
    clock.advance(MINUTE / 2);
    for (const side of ['client', 'reader'] as const) await markSeen(app.db, ids, side, now());
    // The pass also turns the 30 readers offline (no page of theirs beat): its count is not the minutes'.
    expect((await runDueWork(app.sessions, 'all')).isBacklogged).toBe(false);
    for (const { id, client } of readings) {
      expect(await session(id, client)).toMatchObject({ minutesCharged: 2, totalCostCents: 2 * RATE });
      await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    }
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });
  it('a readings pass leaves the sweeps counted in minutes (a reader with no page turned offline) to the full pass', async () => {
    const reader = await createReader(app, { chatRateCents: RATE });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const status = async () => (await http(app).get(`/api/readers/${reader.id}`)).body.status;
    // No page of the reader's beats: absent for longer than a reader stays online alone.
    clock.advance(2 * MINUTE);
    await runDueWork(app.sessions, 'readings');
    expect(await status()).toBe('online');
    await runDueWork(app.sessions, 'all');
    expect(await status()).toBe('offline');
  });
});
