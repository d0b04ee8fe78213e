import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { fundWallet, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { ledgerTotalCents } from '../../../../tests/integration/ledger-sums';
import { readingDriver } from '../../../../tests/integration/readings';
import type { Socket } from 'socket.io-client';
import { collect, delivered } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { markLeft, markSeen } from '../../realtime/presence/session-presence';
import { getEarnings, getWalletBalanceCents } from '../wallet';
import { runDueWork } from './scheduler';
import { resumeAfterDeposit } from './top-up';

// Decision 020, 'A pause to top up, instead of a hang-up', on a fake clock with exact balances.
const MINUTE = 60_000;
const RATE = 299;
/** The reader's share of a reading of this many paid minutes: floor(70%) of its total (fair rounding). */
const readerShare = (minutes: number) => splitCharge(minutes * RATE).readerCents;
/** Pays minutes 1 and 2 and leaves 50 cents: minute 3, due at 2:00, cannot be paid. */
const START_CENTS = 2 * RATE + 50;

const clock = fakeClock();
let driver: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  driver = readingDriver(app, clock, MINUTE);
});

const session = async (id: string, as: TestUser) => (await http(app, as.cookie).get(`/api/sessions/${id}`)).body;
const balance = (user: TestUser) => getWalletBalanceCents(app.db, user.id);
const deposit = (user: TestUser, amountCents: number) =>
  http(app, user.cookie).post(
    '/api/payments/wallet-deposit',
    { amountCents, paymentMethodId: 'pm_card_visa' },
    { 'idempotency-key': randomUUID() },
  );
/** The sockets of the reading being driven: what it told them has arrived once this resolves. */
let listening: Socket[] = [];
const settle = () => delivered(...listening);

/**
 * A chat reading whose client can pay two minutes, with both sides' sockets listening, driven to
 * the pause at 2:00. `at(s)` moves the clock to s seconds after the start, both sides beating.
 */
async function readingPausedForFunds() {
  const { client, reader, id } = await driver.startReading({ rateCents: RATE, balanceCents: START_CENTS });
  const clientSocket = await app.connectSocket(client.cookie);
  const readerSocket = await app.connectSocket(reader.cookie);
  listening = [clientSocket, readerSocket];
  const heard = (event: string) => ({ client: collect(clientSocket, event), reader: collect(readerSocket, event) });
  const events = {
    paused: heard('session_paused'),
    resumed: heard('session_resumed'),
    billing: heard('billing_update'),
    ended: heard('session_ended'),
  };
  const startedAt = Date.parse((await session(id, client)).startedAt);
  const iso = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();
  const at = async (seconds: number, sides: ('client' | 'reader')[] = ['client', 'reader']) => {
    clock.advance(startedAt + seconds * 1000 - clock.now());
    for (const side of sides) await markSeen(app.db, [id], side, new Date(clock.now()));
  };
  await at(60);
  await runDueWork(app.sessions);
  await at(120);
  await runDueWork(app.sessions);
  return { client, reader, id, events, iso, at };
}

describe('a pause to top up, instead of a hang-up', () => {
  it('pauses on the unpaid minute with nothing charged, holds chat, and tells both sides until when', async () => {
    const { client, reader, id, events, iso, at } = await readingPausedForFunds();
    expect(await session(id, reader)).toMatchObject({
      status: 'active',
      minutesCharged: 2,
      totalCostCents: 2 * RATE,
      pausedAt: iso(120),
      pauseReason: 'insufficient_funds',
      resumeBy: iso(240),
    });
    expect(await balance(client)).toBe(50);
    await settle();
    const pause = { sessionId: id, reason: 'insufficient_funds', pausedAt: iso(120), resumeBy: iso(240) };
    expect(events.paused.client).toEqual([pause]);
    expect(events.paused.reader).toEqual([pause]);
    // The warning before the last paid minute stays.
    expect(events.billing.client.map((update) => [update.minutesCharged, update.isFinalMinute])).toEqual([[2, true]]);

    const held = await http(app, client.cookie).post('/api/sessions/message', {
      sessionId: id,
      content: 'Are you there?',
    });
    expect(held.status).toBe(409);
    expect(held.body.error).toMatchObject({
      reason: 'SESSION_PAUSED',
      message: 'The reading is paused until the client adds funds',
    });

    // Both sides present does not lift it: passes during the window charge nothing and change nothing.
    for (const seconds of [150, 180, 239.999]) {
      await at(seconds);
      await runDueWork(app.sessions);
    }
    expect(await session(id, client)).toMatchObject({
      status: 'active',
      minutesCharged: 2,
      pauseReason: 'insufficient_funds',
    });
    expect(await balance(client)).toBe(50);
    await settle();
    expect(events.resumed.client).toEqual([]);
    expect(events.paused.client).toHaveLength(1);
  });

  it('resumes at once on a deposit that covers the next minute: the minute is charged then, the next is due a minute later', async () => {
    const { client, reader, id, events, iso, at } = await readingPausedForFunds();
    await at(150);
    const topUp = await deposit(client, 1000);
    expect(topUp.status).toBe(201);
    expect(topUp.body.balanceCents).toBe(1050);

    expect(await session(id, client)).toMatchObject({
      status: 'active',
      minutesCharged: 3,
      totalCostCents: 3 * RATE,
      pausedAt: null,
      pauseReason: null,
      resumeBy: null,
      nextMinuteAt: iso(210),
    });
    expect(await balance(client)).toBe(1050 - RATE);
    await settle();
    const resumed = { sessionId: id, resumedAt: iso(150), nextMinuteAt: iso(210) };
    expect(events.resumed.client).toEqual([resumed]);
    expect(events.resumed.reader).toEqual([resumed]);
    expect(events.billing.reader.at(-1)).toMatchObject({
      minutesCharged: 3,
      totalCostCents: 3 * RATE,
      clientBalanceCents: 1050 - RATE,
      isFinalMinute: false,
    });
    expect(
      (await http(app, client.cookie).post('/api/sessions/message', { sessionId: id, content: 'Thank you' })).status,
    ).toBe(201);

    // The reading goes on: minute 4 at 3:30, not at 3:00 (the pause is never billed).
    await at(209.999);
    await runDueWork(app.sessions);
    expect((await session(id, client)).minutesCharged).toBe(3);
    await at(210);
    await runDueWork(app.sessions);
    expect((await session(id, client)).minutesCharged).toBe(4);
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(ended.body).toMatchObject({ status: 'completed', minutesCharged: 4, totalCostCents: 4 * RATE });
    expect(await balance(client)).toBe(1050 - 2 * RATE);
    expect(await getEarnings(app.db, reader.id)).toEqual({ availableCents: readerShare(4), heldCents: 0 });
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });

  it('stays paused after a deposit too small for the next minute, and ends at resumeBy with the pause unbilled', async () => {
    const { client, reader, id, events, iso, at } = await readingPausedForFunds();
    await at(170);
    expect((await deposit(client, 100)).status).toBe(201);
    expect(await session(id, client)).toMatchObject({
      status: 'active',
      minutesCharged: 2,
      pauseReason: 'insufficient_funds',
      resumeBy: iso(240),
    });
    expect(await balance(client)).toBe(150);

    await at(239.999);
    await runDueWork(app.sessions);
    expect((await session(id, client)).status).toBe('active');
    // The scheduler passes late (4:05): the reading still ends when the window closed, at 4:00.
    await at(245);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({
      status: 'completed',
      endReason: 'insufficient_funds',
      endedAt: iso(240),
      minutesCharged: 2,
      totalCostCents: 2 * RATE,
    });
    await settle();
    const ended = {
      sessionId: id,
      reason: 'insufficient_funds',
      endedBy: null,
      totalMinutes: 2,
      totalCostCents: 2 * RATE,
      refundedCents: 0,
      readerEarningsCents: readerShare(2),
    };
    expect(events.ended.client).toEqual([ended]);
    expect(events.ended.reader).toEqual([ended]);
    expect(events.resumed.client).toEqual([]);
    expect(await balance(client)).toBe(150);
    expect(await getEarnings(app.db, reader.id)).toEqual({ availableCents: readerShare(2), heldCents: 0 });
    expect(await ledgerTotalCents(app.db)).toBe(0);

    // A deposit after the end moves money into the wallet only.
    expect((await deposit(client, 500)).body.balanceCents).toBe(650);
    expect((await session(id, client)).minutesCharged).toBe(2);
  });

  it('charges the minute once when a deposit races scheduler passes', async () => {
    const { client, id, events, iso, at } = await readingPausedForFunds();
    await at(200);
    const [topUp] = await Promise.all([
      deposit(client, 2000),
      runDueWork(app.sessions),
      runDueWork(app.sessions),
      resumeAfterDeposit(app.sessions, client.id),
    ]);
    expect(topUp.status).toBe(201);
    expect(await session(id, client)).toMatchObject({
      minutesCharged: 3,
      totalCostCents: 3 * RATE,
      pausedAt: null,
      nextMinuteAt: iso(260),
    });
    expect(await balance(client)).toBe(2050 - RATE);
    await settle();
    expect(events.resumed.client).toEqual([{ sessionId: id, resumedAt: iso(200), nextMinuteAt: iso(260) }]);
    expect(events.billing.client.filter((update) => update.minutesCharged === 3)).toHaveLength(1);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(await ledgerTotalCents(app.db)).toBe(0);
  });

  it('is resumed by the scheduler when money arrived without the deposit’s resume (a crash in between)', async () => {
    const { client, id, iso, at } = await readingPausedForFunds();
    await at(130);
    await fundWallet(app, client.id, RATE);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({ minutesCharged: 3, pausedAt: null, nextMinuteAt: iso(190) });
    expect(await balance(client)).toBe(50);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
  });
});

describe('a pause for funds with a side away (docs/decisions/020)', () => {
  it('still ends with disconnected when a side stays away for the grace, before resumeBy', async () => {
    const { client, reader, id, iso, at } = await readingPausedForFunds();
    await at(130);
    await markLeft(app.db, id, 'reader', new Date(clock.now()), app.sessions.timing);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({ status: 'active', pauseReason: 'insufficient_funds' });
    await at(190, ['client']);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({
      status: 'completed',
      endReason: 'disconnected',
      endedAt: iso(190),
      minutesCharged: 2,
    });
    expect(await balance(client)).toBe(50);
    expect(await getEarnings(app.db, reader.id)).toEqual({ availableCents: readerShare(2), heldCents: 0 });
  });

  it('becomes a pause for the away side when a deposit covers the minute, and charges it when both are back', async () => {
    const { client, reader, id, events, iso, at } = await readingPausedForFunds();
    await at(130);
    await markLeft(app.db, id, 'reader', new Date(clock.now()), app.sessions.timing);
    await at(150, ['client']);
    expect((await deposit(client, 1000)).status).toBe(201);
    expect(await session(id, client)).toMatchObject({
      status: 'active',
      minutesCharged: 2,
      pausedAt: iso(120),
      pauseReason: 'away',
      resumeBy: null,
    });
    await settle();
    expect(events.paused.client.at(-1)).toEqual({
      sessionId: id,
      reason: 'away',
      pausedAt: iso(120),
      awayUserIds: [reader.id],
    });

    // Money no longer ends it at 4:00; the reader, back at 3:00, starts minute 3 then.
    await at(180);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({
      status: 'active',
      minutesCharged: 3,
      pausedAt: null,
      pauseReason: null,
      nextMinuteAt: iso(240),
    });
    expect(await balance(client)).toBe(1050 - RATE);
    await settle();
    expect(events.resumed.reader).toEqual([{ sessionId: id, resumedAt: iso(180), nextMinuteAt: iso(240) }]);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
  });

  it('pauses for funds from the return when a side comes back to a minute the client cannot pay', async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: RATE, balanceCents: RATE + 10 });
    const readerSocket = await app.connectSocket(reader.cookie);
    listening = [readerSocket];
    const paused = collect(readerSocket, 'session_paused');
    const startedAt = Date.parse((await session(id, client)).startedAt);
    const iso = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();
    clock.advance(30_000);
    await driver.heartbeat(id);
    await markLeft(app.db, id, 'client', new Date(clock.now()), app.sessions.timing);
    await runDueWork(app.sessions);
    clock.advance(45_000);
    await driver.heartbeat(id);
    await runDueWork(app.sessions);
    expect(await session(id, client)).toMatchObject({
      status: 'active',
      minutesCharged: 1,
      pausedAt: iso(75),
      pauseReason: 'insufficient_funds',
      resumeBy: iso(195),
    });
    await settle();
    expect(paused.map((event) => event.reason)).toEqual(['away', 'insufficient_funds']);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
  });
});
