import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { createClient } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { collect, delivered } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { getWalletBalanceCents } from '../wallet';
import { runDueWork } from './scheduler';

// The end-to-end suite's clock for one reading (DEV_READING_CLOCK, docs/decisions/052): one reading
// moves on by whole billing minutes while the server's clock and every other reading stay put.
const MINUTE = 60_000;
const RATE = 299;
const clock = fakeClock();
const app = await testApp({
  clock,
  runScheduler: false,
  runMailWorker: false,
  env: { BILLING_MINUTE_MS: String(MINUTE), DEV_READING_CLOCK: 'true' },
});
const driver = readingDriver(app, clock, MINUTE);

const advance = (cookie: string, id: string, body: unknown) =>
  http(app, cookie).post(`/api/dev/sessions/${id}/advance`, body);
const view = async (cookie: string, id: string) => (await http(app, cookie).get(`/api/sessions/${id}`)).body;

describe('POST /api/dev/sessions/:id/advance', () => {
  it('moves one reading a minute on: its next minute is charged by the next pass, both pages hear the new start, other readings stay put', async () => {
    const moved = await driver.startReading({ rateCents: RATE, balanceCents: 10 * RATE });
    const other = await driver.startReading({ rateCents: RATE, balanceCents: 10 * RATE });
    const otherBefore = await view(other.client.cookie, other.id);
    const sockets = [await app.connectSocket(moved.client.cookie), await app.connectSocket(moved.reader.cookie)];
    const started = sockets.map((socket) => collect(socket, 'session_started'));
    const before = await view(moved.client.cookie, moved.id);
    const clockBefore = clock.now();

    const answer = await advance(moved.client.cookie, moved.id, { minutes: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const startedAt = new Date(Date.parse(before.startedAt) - MINUTE).toISOString();
    expect(answer.body).toMatchObject({
      status: 'active',
      minutesCharged: 1,
      startedAt,
      nextMinuteAt: new Date(Date.parse(before.nextMinuteAt) - MINUTE).toISOString(),
    });
    expect(clock.now()).toBe(clockBefore);
    await delivered(...sockets);
    for (const heard of started) expect(heard).toEqual([{ sessionId: moved.id, startedAt }]);

    await driver.heartbeat(moved.id);
    await driver.heartbeat(other.id);
    await runDueWork(app.sessions);
    expect(await view(moved.client.cookie, moved.id)).toMatchObject({
      status: 'active',
      minutesCharged: 2,
      totalCostCents: 2 * RATE,
    });
    expect(await getWalletBalanceCents(app.db, moved.client.id)).toBe(8 * RATE);
    expect(await view(other.client.cookie, other.id)).toEqual(otherBefore);
  });

  it('takes a reading past its refund window: a refund asked for after the third minute is refused, and nothing moves', async () => {
    const { client, id } = await driver.startReading({ rateCents: RATE, balanceCents: 10 * RATE });
    expect((await advance(client.cookie, id, { minutes: 3 })).status).toBe(200);
    // Minutes 2, 3 and 4 are all due now: the scheduler catches up pass by pass.
    for (let pass = 0; pass < 3; pass += 1) {
      await driver.heartbeat(id);
      await runDueWork(app.sessions);
    }
    const refused = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Refunds are only available within the first 3 minutes of a session');
    expect(await view(client.cookie, id)).toMatchObject({
      status: 'active',
      minutesCharged: 4,
      totalCostCents: 4 * RATE,
      refundedCents: 0,
    });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(6 * RATE);
  });

  it('ends a pause for funds when its top-up window has passed, the pause unbilled', async () => {
    const { client, id } = await driver.startReading({ rateCents: RATE, balanceCents: RATE + 50 });
    expect((await advance(client.cookie, id, { minutes: 1 })).status).toBe(200);
    await driver.heartbeat(id);
    await runDueWork(app.sessions);
    expect(await view(client.cookie, id)).toMatchObject({
      status: 'active',
      pauseReason: 'insufficient_funds',
      minutesCharged: 1,
    });
    expect((await advance(client.cookie, id, { minutes: 2 })).status).toBe(200);
    await driver.heartbeat(id);
    await runDueWork(app.sessions);
    expect(await view(client.cookie, id)).toMatchObject({
      status: 'completed',
      endReason: 'insufficient_funds',
      minutesCharged: 1,
      totalCostCents: RATE,
    });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(50);
  });

  it('is for the reading’s participants, whole minutes from 1 to 10, and open readings only', async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: RATE, balanceCents: 10 * RATE });
    const stranger = await createClient(app);
    const before = await view(client.cookie, id);
    expect((await advance(stranger.cookie, id, { minutes: 1 })).status).toBe(403);
    expect((await advance(client.cookie, 'no-such-reading', { minutes: 1 })).status).toBe(404);
    expect((await http(app).post(`/api/dev/sessions/${id}/advance`, { minutes: 1 })).status).toBe(401);
    for (const body of [{ minutes: 0 }, { minutes: 11 }, { minutes: 1.5 }, { minutes: '1' }, {}]) {
      const refused = await advance(client.cookie, id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.code).toBe('BAD_REQUEST');
    }
    expect(await view(client.cookie, id)).toEqual(before);
    expect((await advance(reader.cookie, id, { minutes: 1 })).status).toBe(200);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect((await advance(client.cookie, id, { minutes: 1 })).status).toBe(409);
  });
});

describe('without DEV_READING_CLOCK', () => {
  it('has no such route', async () => {
    const plain = await testApp({ clock: fakeClock(), runScheduler: false, runMailWorker: false });
    const client = await createClient(plain);
    expect((await http(plain, client.cookie).post('/api/dev/sessions/any/advance', { minutes: 1 })).status).toBe(404);
  });
});
