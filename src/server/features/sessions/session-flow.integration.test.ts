import { describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { ledgerTotalCents } from '../../../../tests/integration/ledger-sums';
import { collect, delivered, emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';

const MINUTE = 1500;
const app = await testApp({ env: { BILLING_MINUTE_MS: String(MINUTE) } });

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

    await nextEvent(clientSocket, 'billing_update', (u: { minutesCharged: number }) => u.minutesCharged >= 3, 10_000);
    const ended = nextEvent(readerSocket, 'session_ended');
    const end = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(end.body).toMatchObject({ status: 'completed', endReason: 'completed' });
    const minutes = end.body.minutesCharged as number;
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
    const finalMinute = nextEvent(clientSocket, 'billing_update', (u: { isFinalMinute: boolean }) => u.isFinalMinute);
    // On a busy machine a late heartbeat may pause it for a side first; the pause for funds follows.
    const paused = nextEvent(
      readerSocket,
      'session_paused',
      (p: { reason: string; pausedAt: string; resumeBy: string }) => p.reason === 'insufficient_funds',
    );
    const ended = nextEvent(clientSocket, 'session_ended');
    await emitAck(clientSocket, 'join_session_room', { sessionId: id });
    await emitAck(readerSocket, 'join_session_room', { sessionId: id });
    expect(await finalMinute).toMatchObject({ minutesCharged: 2, clientBalanceCents: 50 });
    const pause = await paused;
    expect(pause).toMatchObject({ sessionId: id, reason: 'insufficient_funds' });
    expect(Date.parse(pause.resumeBy) - Date.parse(pause.pausedAt)).toBe(2 * MINUTE);
    expect(await ended).toMatchObject({ reason: 'insufficient_funds', totalMinutes: 2, totalCostCents: 200 });
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
    const ended = nextEvent(clientSocket, 'session_ended');
    readerSocket.disconnect();
    expect(await ended).toMatchObject({ reason: 'disconnected' });
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
    const missed = nextEvent(clientSocket, 'session_response');
    const id = await request(client, reader);
    expect(await missed).toMatchObject({ sessionId: id, response: 'missed' });
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
