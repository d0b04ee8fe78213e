import { describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { ledgerTotalCents } from '../../../../tests/integration/ledger-sums';
import { collect, delivered, emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { timePasser } from '../../../../tests/integration/pass-time';
import { testApp } from '../../../../tests/integration/test-app';

// Time is the test's (issue 51): the app reads a fake clock, the scheduler passes only when the test
// runs one, and the test waits for answers and events, never for seconds to go by. On a real clock
// with a 1.5 s minute, a loaded machine once accepted a request after its minute had run out.
const MINUTE = 60_000;
const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
/** How far the clock moves between two scheduler passes: the minute's due moments fall on passes. */
const STEP = MINUTE / 4;
// The process's lease beats on a real timer with the fake clock's time: a beat that read the time
// before the test moved the clock on could write it after the test's own beat, and the next pass
// sweep the process as dead, putting both sides of every reading away (pause.integration.test.ts).
// Here the test beats the lease itself, in step with the clock.
app.lease.stop();

/** Moves the clock on a step at a time; after each step the lease beats and the scheduler makes a pass. */
const passTime = timePasser(clock, [app], STEP);

/** A reader with their dashboard open (an online reader with no page goes offline within a minute). */
async function onlineReader(overrides: Parameters<typeof createReader>[1] = {}) {
  const reader = await createReader(app, overrides);
  await app.connectSocket(reader.cookie);
  expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
  return reader;
}

async function request(client: TestUser, reader: TestUser, sessionType = 'video') {
  const response = await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

describe('a whole reading over HTTP and Socket.IO', () => {
  it('requests, accepts, talks, bills per minute and ends with the exact amounts', async () => {
    // Everything up to the talk happens at one moment: the request is answered within its minute.
    const client = await createClient(app, { balanceCents: 5000 });
    const reader = await onlineReader({ videoRateCents: 450 });
    const clientSocket = await app.connectSocket(client.cookie);
    const readerSocket = await app.connectSocket(reader.cookie);

    const incoming = nextEvent(readerSocket, 'session_request');
    const id = await request(client, reader);
    expect(await incoming).toMatchObject({
      sessionId: id,
      sessionType: 'video',
      ratePerMinuteCents: 450,
      clientName: 'Test client',
    });

    const answered = nextEvent(clientSocket, 'session_response');
    expect(
      (await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' })).body.status,
    ).toBe('accepted');
    expect(await answered).toMatchObject({ sessionId: id, response: 'accept' });

    const billing = collect(clientSocket, 'billing_update');
    const started = nextEvent(readerSocket, 'session_started');
    expect(await emitAck(clientSocket, 'join_session_room', { sessionId: id })).toMatchObject({ ok: true });
    const early = await http(app, client.cookie).post('/api/sessions/start', { sessionId: id });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'CONFLICT', reason: 'WAITING_FOR_PARTICIPANT' });
    expect(await emitAck(readerSocket, 'join_session_room', { sessionId: id })).toMatchObject({ ok: true });
    await started;
    expect((await http(app, client.cookie).post('/api/sessions/start', { sessionId: id })).body.status).toBe('active');

    const relayed = nextEvent(readerSocket, 'webrtc_signal');
    expect(
      await emitAck(clientSocket, 'webrtc_signal', { sessionId: id, signal: { type: 'offer', data: { sdp: 'v=0' } } }),
    ).toEqual({ ok: true });
    expect(await relayed).toMatchObject({ sessionId: id, signal: { type: 'offer' }, from: client.id });

    const heard = nextEvent(readerSocket, 'new_message');
    const sent = await emitAck<{ message: { id: string } }>(clientSocket, 'session_message', {
      sessionId: id,
      content: 'Hello from the client',
      type: 'text',
    });
    expect(sent.ok).toBe(true);
    expect(await heard).toMatchObject({ content: 'Hello from the client', senderId: client.id });
    // The reader answers a second later (the history lists messages of one millisecond in id order).
    await passTime(1_000);
    expect(
      (await http(app, reader.cookie).post('/api/sessions/message', { sessionId: id, content: '  Welcome  ' })).status,
    ).toBe(201);
    expect(
      await emitAck(clientSocket, 'session_message', { sessionId: id, content: '   ', type: 'text' }),
    ).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(
      await emitAck(clientSocket, 'session_message', { sessionId: id, content: 'x'.repeat(2001), type: 'text' }),
    ).toMatchObject({ ok: false });
    const history = await http(app, reader.cookie).get(`/api/sessions/${id}/messages`);
    expect(history.body.messages.map((m: { content: string }) => m.content)).toEqual([
      'Hello from the client',
      'Welcome',
    ]);

    // Two minutes more of talk: minutes 2 and 3 are charged, each by the first pass after it falls due.
    const minutes = 3;
    await passTime(2 * MINUTE);
    await delivered(clientSocket);
    expect(billing.map((b) => b.minutesCharged)).toEqual([1, 2, 3]);
    const ended = nextEvent(readerSocket, 'session_ended');
    const end = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(end.body).toMatchObject({ status: 'completed', endReason: 'completed', minutesCharged: minutes });
    expect(await ended).toMatchObject({ reason: 'completed', totalMinutes: minutes, totalCostCents: minutes * 450 });
    expect(billing.map((b) => b.minutesCharged)).toEqual(Array.from({ length: minutes }, (_, i) => i + 1));

    const clientProfile = await http(app, client.cookie).get('/api/auth/profile');
    const readerProfile = await http(app, reader.cookie).get('/api/auth/profile');
    expect(clientProfile.body.walletBalanceCents).toBe(5000 - minutes * 450);
    expect(readerProfile.body.walletBalanceCents).toBe(0);
    expect((await http(app, reader.cookie).get('/api/wallet')).body.earnings).toEqual({
      availableCents: minutes * splitCharge(450).readerCents,
      heldCents: 0,
    });
    expect(await ledgerTotalCents(app.db)).toBe(0);

    // Ending again is harmless; messages are closed; the client rates it once.
    expect((await http(app, reader.cookie).post('/api/sessions/end', { sessionId: id })).body.totalCostCents).toBe(
      minutes * 450,
    );
    expect(
      (await http(app, client.cookie).post('/api/sessions/message', { sessionId: id, content: 'late' })).status,
    ).toBe(409);
    expect(
      (await http(app, client.cookie).post(`/api/sessions/${id}/rating`, { rating: 5, review: 'Wonderful' })).body
        .rating,
    ).toBe(5);
    expect((await http(app, client.cookie).post(`/api/sessions/${id}/rating`, { rating: 4 })).status).toBe(409);
    expect((await http(app, reader.cookie).get(`/api/readers/${reader.id}`)).body).toMatchObject({
      rating: 5,
      totalReviews: 1,
      totalSessions: 1,
    });
    const listed = await http(app, client.cookie).get('/api/sessions/history?limit=20&offset=0');
    expect(listed.body.sessions[0]).toMatchObject({ id, status: 'completed', reader: { id: reader.id } });
  });

  it('pauses for a top-up when the money runs out, and ends with insufficient_funds two minutes later', async () => {
    const client = await createClient(app, { balanceCents: 250 });
    const reader = await onlineReader({ chatRateCents: 100 });
    const clientSocket = await app.connectSocket(client.cookie);
    const readerSocket = await app.connectSocket(reader.cookie);
    const id = await request(client, reader, 'chat');
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' });
    const billing = collect<{ minutesCharged: number; isFinalMinute: boolean; clientBalanceCents: number }>(
      clientSocket,
      'billing_update',
    );
    const paused = collect<{ reason: string; pausedAt: string; resumeBy: string }>(readerSocket, 'session_paused');
    const ended = collect(clientSocket, 'session_ended');
    await emitAck(clientSocket, 'join_session_room', { sessionId: id });
    await emitAck(readerSocket, 'join_session_room', { sessionId: id });

    // Minute 2 is the last the wallet pays for: the client is told so.
    await passTime(MINUTE);
    await delivered(clientSocket);
    expect(billing.map((u) => [u.minutesCharged, u.isFinalMinute, u.clientBalanceCents])).toEqual([
      [1, false, 150],
      [2, true, 50],
    ]);

    // Minute 3 cannot be paid: the meter pauses when it falls due, with two minutes to top up.
    await passTime(MINUTE);
    await delivered(readerSocket);
    expect(paused).toEqual([expect.objectContaining({ sessionId: id, reason: 'insufficient_funds' })]);
    const [pause] = paused;
    expect(pause!.pausedAt).toBe(new Date(clock.now()).toISOString());
    expect(Date.parse(pause!.resumeBy) - Date.parse(pause!.pausedAt)).toBe(2 * MINUTE);

    // Nobody tops up: still open a step before the window closes, ended when it does.
    await passTime(2 * MINUTE - STEP);
    await delivered(clientSocket);
    expect(ended).toEqual([]);
    await passTime(STEP);
    await delivered(clientSocket);
    expect(ended).toEqual([
      expect.objectContaining({ sessionId: id, reason: 'insufficient_funds', totalMinutes: 2, totalCostCents: 200 }),
    ]);
    expect(billing).toHaveLength(2);
    expect((await http(app, client.cookie).get('/api/auth/profile')).body.walletBalanceCents).toBe(50);
  });

  it('ends with disconnected when a side does not come back within a minute', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const reader = await onlineReader();
    const clientSocket = await app.connectSocket(client.cookie);
    const readerSocket = await app.connectSocket(reader.cookie);
    const id = await request(client, reader, 'audio');
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' });
    await emitAck(clientSocket, 'join_session_room', { sessionId: id });
    await emitAck(readerSocket, 'join_session_room', { sessionId: id });
    const paused = nextEvent(clientSocket, 'session_paused');
    const ended = collect(clientSocket, 'session_ended');
    readerSocket.disconnect();
    // The reader is away from the moment the server sees the socket go: the meter pauses then.
    expect(await paused).toMatchObject({
      sessionId: id,
      reason: 'away',
      pausedAt: new Date(clock.now()).toISOString(),
      awayUserIds: [reader.id],
    });

    await passTime(MINUTE - STEP);
    await delivered(clientSocket);
    expect(ended).toEqual([]);
    await passTime(STEP);
    await delivered(clientSocket);
    expect(ended).toEqual([expect.objectContaining({ sessionId: id, reason: 'disconnected' })]);
  });
});

describe('requests that do not become readings', () => {
  it('tells the client of a decline and frees the reader', async () => {
    const client = await createClient(app, { balanceCents: 1000 });
    const reader = await onlineReader();
    const clientSocket = await app.connectSocket(client.cookie);
    const id = await request(client, reader);
    const answer = nextEvent(clientSocket, 'session_response');
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'decline' });
    expect(await answer).toMatchObject({ response: 'decline', status: 'declined' });
    await request(client, reader);
  });

  it('lets the client cancel while waiting and tells the reader', async () => {
    const client = await createClient(app, { balanceCents: 1000 });
    const reader = await onlineReader();
    const readerSocket = await app.connectSocket(reader.cookie);
    const id = await request(client, reader);
    const cancelled = nextEvent(readerSocket, 'session_response');
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).body.status).toBe('cancelled');
    expect(await cancelled).toMatchObject({ sessionId: id, response: 'cancelled' });
    expect(
      (await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' })).status,
    ).toBe(409);
  });

  it('marks an unanswered request missed after one minute', async () => {
    const client = await createClient(app, { balanceCents: 1000 });
    const reader = await onlineReader();
    const clientSocket = await app.connectSocket(client.cookie);
    const answers = collect(clientSocket, 'session_response');
    const id = await request(client, reader);
    await passTime(MINUTE - STEP);
    await delivered(clientSocket);
    expect(answers).toEqual([]);
    await passTime(STEP);
    await delivered(clientSocket);
    expect(answers).toEqual([expect.objectContaining({ sessionId: id, response: 'missed', status: 'missed' })]);
  });

  it('refuses an offline or busy reader, a stale rate, a poor client and a non-client', async () => {
    const client = await createClient(app, { balanceCents: 1000 });
    const other = await createClient(app, { balanceCents: 1000 });
    const offline = await createReader(app);
    const reader = await onlineReader({ chatRateCents: 300 });
    const poor = await createClient(app, { balanceCents: 299 });

    const off = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: offline.id,
      sessionType: 'chat',
    });
    expect(off.status).toBe(409);
    const stale = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
      ratePerMinuteCents: 250,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ message: "The reader's rate has changed", ratePerMinuteCents: 300 });
    const broke = await http(app, poor.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(broke.status).toBe(402);
    expect(
      (await http(app, reader.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' }))
        .status,
    ).toBe(403);
    expect((await http(app).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' })).status).toBe(
      401,
    );

    await request(client, reader, 'chat');
    const busy = await http(app, other.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/in another session/);
  });

  it('answers bad input with 400', async () => {
    const client = await createClient(app, { balanceCents: 1000 });
    for (const body of [
      {},
      { readerId: 'x' },
      { readerId: 'x', sessionType: 'smoke' },
      { readerId: 'x', sessionType: 'chat', ratePerMinuteCents: 1.5 },
      { readerId: 'x', sessionType: 'chat', ratePerMinuteCents: '300' },
    ]) {
      expect((await http(app, client.cookie).post('/api/sessions/request', body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect(
      (await http(app, client.cookie).post('/api/sessions/respond', { sessionId: 'x', response: 'maybe' })).status,
    ).toBe(400);
    expect((await http(app, client.cookie).get('/api/sessions/history?limit=-1')).status).toBe(400);
    expect((await http(app, client.cookie).get('/api/sessions/does-not-exist')).status).toBe(404);
    const socket = await app.connectSocket(client.cookie);
    expect(await emitAck(socket, 'join_session_room', 'not an object')).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });
    expect(await emitAck(socket, 'webrtc_signal', { sessionId: 'x', signal: { type: 'bogus' } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });
  });
});

describe('a stranger', () => {
  it('gets 403 on every endpoint and event of a session', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const reader = await onlineReader();
    const stranger = await createClient(app, { balanceCents: 5000 });
    const strangerReader = await createReader(app);
    const id = await request(client, reader);
    for (const who of [stranger, strangerReader]) {
      const as = http(app, who.cookie);
      expect((await as.get(`/api/sessions/${id}`)).status).toBe(403);
      expect((await as.get(`/api/sessions/${id}/messages`)).status).toBe(403);
      expect((await as.post('/api/sessions/respond', { sessionId: id, response: 'accept' })).status).toBe(403);
      expect((await as.post('/api/sessions/start', { sessionId: id })).status).toBe(403);
      expect((await as.post('/api/sessions/end', { sessionId: id })).status).toBe(403);
      expect((await as.post('/api/sessions/message', { sessionId: id, content: 'hi' })).status).toBe(403);
      expect((await as.post(`/api/sessions/${id}/rating`, { rating: 1 })).status).toBe(403);
    }
    expect(
      (await http(app, client.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' })).status,
    ).toBe(403);
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' });

    const readerSocket = await app.connectSocket(reader.cookie);
    await emitAck(readerSocket, 'join_session_room', { sessionId: id });
    const overheard = collect(readerSocket, 'webrtc_signal');
    const socket = await app.connectSocket(stranger.cookie);
    expect(await emitAck(socket, 'join_session_room', { sessionId: id })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(
      await emitAck(socket, 'webrtc_signal', { sessionId: id, signal: { type: 'offer', data: {} } }),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await emitAck(socket, 'session_message', { sessionId: id, content: 'hi', type: 'text' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    await delivered(readerSocket);
    expect(overheard).toEqual([]);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
  });
});
