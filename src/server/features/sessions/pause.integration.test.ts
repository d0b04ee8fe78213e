import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { ledgerTotalCents } from '../../../../tests/integration/ledger-sums';
import { collect, delivered, emitAck } from '../../../../tests/integration/socket-helpers';
import { createTestApp, type TestApp } from '../../../../tests/integration/test-app';
import { markSeen } from '../../realtime/presence/session-presence';
import { getWalletBalanceCents } from '../wallet';
import { runDueWork } from './scheduler';
import { sessionRoom } from './session-view';

const RATE = 299;
const START_CENTS = 20_000;
const offer = { type: 'offer', data: { sdp: 'v=0' } };

/** A chat reading between two connected sockets, started by both joining the room. */
async function startReading(app: TestApp) {
  const client = await createClient(app, { balanceCents: START_CENTS });
  const reader = await createReader(app, { chatRateCents: RATE });
  const clientSocket = await app.connectSocket(client.cookie);
  const readerSocket = await app.connectSocket(reader.cookie);
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
  expect(await emitAck(clientSocket, 'join_session_room', { sessionId: id })).toMatchObject({ ok: true });
  expect(await emitAck(readerSocket, 'join_session_room', { sessionId: id })).toMatchObject({
    ok: true,
    session: { status: 'active', minutesCharged: 1 },
  });
  return { client, reader, clientSocket, readerSocket, id };
}

const sessionOf = async (app: TestApp, id: string, as: TestUser) =>
  (await http(app, as.cookie).get(`/api/sessions/${id}`)).body;
const say = (app: TestApp, as: TestUser, sessionId: string) =>
  http(app, as.cookie).post('/api/sessions/message', { sessionId, content: 'Still here?' });

// Decision 011: the client left the room half a second before each minute was due and came
// back two seconds later, chatting over HTTP in between; it paid 1 minute for a 3-minute reading at
// a 60 s minute, and 1 minute for 10 at a 3 s minute.
describe.each([
  { minuteMs: 60_000, readingMinutes: 3 },
  { minuteMs: 3_000, readingMinutes: 10 },
])('a client hopping out of the room before each minute (minute of $minuteMs ms)', ({ minuteMs, readingMinutes }) => {
  const clock = fakeClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(minuteMs) } });
    // The process's lease beats on a real timer with the fake clock's time: a beat that read the
    // time before the test moved the clock on could claim the client's side with a stale time, and
    // the next sweep put the client away for a moment (CI once heard 8 pauses for 7 hops). Here
    // the test's own beats are the only presence.
    app.lease.stop();
  });
  afterAll(() => app.close());

  it('pays for every minute it talked, and gets nothing through while away', async () => {
    const { client, clientSocket, readerSocket, id } = await startReading(app);
    const readerHeardPaused = collect(readerSocket, 'session_paused');
    const readerHeardResumed = collect(readerSocket, 'session_resumed');
    const clientHeardSignals = collect(clientSocket, 'webrtc_signal');
    const beat = async (sides: ('client' | 'reader')[]) => {
      for (const side of sides) await markSeen(app.db, [id], side, new Date(clock.now()));
    };
    const endsAt = clock.now() + readingMinutes * minuteMs;
    let inRoomMs = 0;
    let hops = 0;
    // What happened when, in the fake clock's time: for the message of a failed count below.
    const log: [string, number][] = [];
    readerSocket.on('disconnect', (r: string) => log.push([`reader disconnect ${r}`, clock.now()]));
    clientSocket.on('disconnect', (r: string) => log.push([`client disconnect ${r}`, clock.now()]));
    const whileAway: { message: number; signal: boolean }[] = [];
    const whileIn: number[] = [(await say(app, client, id)).status];

    while (clock.now() < endsAt) {
      const { nextMinuteAt } = await sessionOf(app, id, client);
      const leaveAt = Math.min(endsAt, Date.parse(nextMinuteAt) - 500);
      while (clock.now() < leaveAt) {
        const step = Math.min(leaveAt - clock.now(), minuteMs / 6);
        clock.advance(step);
        inRoomMs += step;
        await beat(['client', 'reader']);
        await runDueWork(app.sessions);
      }
      if (clock.now() >= endsAt) break;
      log.push(['leave', clock.now()]);
      expect(await emitAck(clientSocket, 'leave_session_room', { sessionId: id })).toEqual({ ok: true });
      hops++;
      // Out of the room, the client keeps chatting over HTTP and the reader's page keeps signalling.
      whileAway.push({
        message: (await say(app, client, id)).status,
        signal: (await emitAck(readerSocket, 'webrtc_signal', { sessionId: id, signal: offer })).ok,
      });
      clock.advance(2_000);
      await beat(['reader']);
      await runDueWork(app.sessions);
      log.push(['join', clock.now()]);
      expect(await emitAck(clientSocket, 'join_session_room', { sessionId: id })).toMatchObject({ ok: true });
      whileIn.push((await say(app, client, id)).status);
    }
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });

    // Each return after a due minute starts a paid minute, so the client pays at least one minute
    // for every started minute it spent in the room, and one more for each hop.
    expect(ended.body.minutesCharged).toBeGreaterThanOrEqual(Math.ceil(inRoomMs / minuteMs));
    expect(ended.body.minutesCharged).toBe(1 + hops);
    expect(ended.body.totalCostCents).toBe(ended.body.minutesCharged * RATE);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(START_CENTS - ended.body.minutesCharged * RATE);
    expect(await ledgerTotalCents(app.db)).toBe(0);

    expect(whileIn.every((status) => status === 201)).toBe(true);
    expect(whileAway).toEqual(Array.from({ length: hops }, () => ({ message: 409, signal: false })));
    expect(clientHeardSignals).toEqual([]);
    await delivered(readerSocket);
    // Once in CI (stop 33) the reader heard one pause more than the hops; the message carries what a
    // rerun needs to tell why (each hop's fake time, any socket drop, the events themselves).
    const heard = JSON.stringify({
      startedAt: endsAt - readingMinutes * minuteMs,
      client: client.id,
      log,
      paused: readerHeardPaused,
      resumed: readerHeardResumed,
    });
    expect(readerHeardPaused, heard).toHaveLength(hops);
    expect(readerHeardPaused.every((event) => event.sessionId === id && event.awayUserIds[0] === client.id)).toBe(true);
    expect(readerHeardResumed, heard).toHaveLength(hops);
  });
});

describe('a paused or ended reading relays nothing', () => {
  const clock = fakeClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: '60000' } });
  });
  afterAll(() => app.close());

  it('refuses messages and signals on both channels while paused, and relays them again once resumed', async () => {
    const { client, clientSocket, readerSocket, id } = await startReading(app);
    const heard = collect(clientSocket, 'webrtc_signal');
    const clientPaused = collect(clientSocket, 'session_paused');
    expect(await emitAck(readerSocket, 'webrtc_signal', { sessionId: id, signal: offer })).toEqual({ ok: true });
    await emitAck(readerSocket, 'leave_session_room', { sessionId: id });
    expect(await sessionOf(app, id, client)).toMatchObject({
      status: 'active',
      pausedAt: new Date(clock.now()).toISOString(),
    });

    const paused = await say(app, client, id);
    expect(paused.status).toBe(409);
    expect(paused.body.error).toMatchObject({ code: 'CONFLICT', reason: 'SESSION_PAUSED' });
    expect(
      await emitAck(clientSocket, 'session_message', { sessionId: id, content: 'hello?', type: 'text' }),
    ).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await emitAck(clientSocket, 'webrtc_signal', { sessionId: id, signal: offer })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });

    clock.advance(5_000);
    expect(await emitAck(readerSocket, 'join_session_room', { sessionId: id })).toMatchObject({
      ok: true,
      session: { pausedAt: null },
    });
    expect((await say(app, client, id)).status).toBe(201);
    expect(await emitAck(readerSocket, 'webrtc_signal', { sessionId: id, signal: offer })).toEqual({ ok: true });
    await delivered(clientSocket);
    expect(heard).toHaveLength(2);
    expect(clientPaused).toHaveLength(1);
  });

  it('empties the room when the reading ends: no signal or message 5 s later', async () => {
    const { client, reader, clientSocket, readerSocket, id } = await startReading(app);
    const heard = collect(clientSocket, 'webrtc_signal');
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).body.status).toBe('completed');
    expect(app.io.sockets.adapter.rooms.get(sessionRoom(id))).toBeUndefined();
    clock.advance(5_000);
    const signal = await emitAck(readerSocket, 'webrtc_signal', { sessionId: id, signal: offer });
    expect(signal).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect((await say(app, reader, id)).status).toBe(409);
    await delivered(clientSocket);
    expect(heard).toEqual([]);
  });
});
