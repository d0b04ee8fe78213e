import { type IncomingMessage, request as httpRequest } from 'node:http';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient, createReader } from '../../tests/integration/factories';
import { fakeClock } from '../../tests/integration/fake-clock';
import { http } from '../../tests/integration/http';
import { insertStream } from '../../tests/integration/live-stream-rows';
import { readingDriver } from '../../tests/integration/readings';
import { collect, emitAck } from '../../tests/integration/socket-helpers';
import { testApp } from '../../tests/integration/test-app';
import { appNodes, readingSessions } from './db/schema';
import { runDueWork } from './features/sessions/scheduler';

// SIGTERM's first step (app.ts `drain`, decision 055), in one process: what it tells, what it refuses,
// what it leaves in the rows. The whole stop and restart of a node during a reading is
// restart-during-reading.integration.test.ts.
const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false, runMailWorker: false });
const driver = readingDriver(app, clock, 60_000);

describe('a node draining', () => {
  it('tells and closes every socket, pauses its readings, gives up its lease, says so to readiness and refuses new work with 503 SERVER_DRAINING', async () => {
    // A reading whose second minute falls due at the very moment of the drain, and one a minute younger.
    const due = await driver.startReading({ rateCents: 500, balanceCents: 5000 });
    clock.advance(60_000);
    const { client, reader, id } = await driver.startReading({ rateCents: 299, balanceCents: 2990 });
    const dueSockets = [await app.connectSocket(due.client.cookie), await app.connectSocket(due.reader.cookie)];
    for (const socket of dueSockets)
      expect(await emitAck(socket, 'join_session_room', { sessionId: due.id })).toMatchObject({ ok: true });
    const sockets = [await app.connectSocket(client.cookie), await app.connectSocket(reader.cookie)];
    for (const socket of sockets)
      expect(await emitAck(socket, 'join_session_room', { sessionId: id })).toMatchObject({ ok: true });
    const restarting = sockets.map((socket) => collect(socket, 'server_restarting'));
    const closed = sockets.map((socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)));
    const otherReader = await createReader(app);
    expect((await http(app, otherReader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const newClient = await createClient(app, { balanceCents: 5000 });
    const stream = await insertStream(app, otherReader.id, { status: 'scheduled' });

    await app.drain();

    // Closed under the sockets (not a Socket.IO disconnect), so a browser reconnects by itself.
    expect(await Promise.all(closed)).toEqual(['transport close', 'transport close']);
    expect(restarting).toEqual([[{}], [{}]]);
    const reading = await http(app, client.cookie).get(`/api/sessions/${id}`);
    expect(reading.body).toMatchObject({
      status: 'active',
      pauseReason: 'away',
      minutesCharged: 1,
      totalCostCents: 299,
    });
    expect(await app.db.select({ n: count() }).from(appNodes)).toEqual([{ n: 0 }]);
    // The minute due now began with both sides in: the next scheduler pass, on any node, charges it
    // and pauses from the drain, both sides away; the drain itself left it to that pass.
    expect((await http(app, due.client.cookie).get(`/api/sessions/${due.id}`)).body).toMatchObject({
      status: 'active',
      pauseReason: null,
      minutesCharged: 1,
    });
    await runDueWork(app.sessions);
    const dueAfter = await http(app, due.client.cookie).get(`/api/sessions/${due.id}`);
    expect(dueAfter.body).toMatchObject({
      status: 'active',
      pauseReason: 'away',
      minutesCharged: 2,
      totalCostCents: 1000,
      pausedAt: new Date(clock.now()).toISOString(),
    });
    expect((await http(app, client.cookie).get(`/api/sessions/${id}`)).body).toMatchObject({
      pauseReason: 'away',
      minutesCharged: 1,
      pausedAt: new Date(clock.now()).toISOString(),
    });

    const ready = await http(app).get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'error', draining: true, database: 'ok' });

    const readingsBefore = await app.db.select({ n: count() }).from(readingSessions);
    const refused = [
      await http(app, newClient.cookie).post('/api/sessions/request', {
        readerId: otherReader.id,
        sessionType: 'chat',
      }),
      await http(app, newClient.cookie).post(`/api/readers/${otherReader.id}/queue`, { sessionType: 'chat' }),
      await http(app, otherReader.cookie).post(`/api/live/streams/${stream}/start`),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body.error).toMatchObject({
        code: 'SERVER_DRAINING',
        message: 'Soul Tribe is restarting. Please try again in a moment.',
      });
      expect(answer.headers['retry-after']).toBe('2');
    }
    expect(await app.db.select({ n: count() }).from(readingSessions)).toEqual(readingsBefore);
    expect((await http(app, newClient.cookie).get('/api/queue')).body).toEqual({ place: null });
    expect((await http(app, otherReader.cookie).get(`/api/live/streams/${stream}`)).body).toMatchObject({
      status: 'scheduled',
    });

    // New connections go elsewhere: the browser keeps trying until another node, or this one restarted, takes it.
    await expect(app.connectSocket(newClient.cookie)).rejects.toThrow();
    // A WebSocket is refused with 503 (a load balancer tries another node at once), not Engine.IO's 400.
    const url = await app.listen();
    const upgrade = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(`${url}/socket.io/?EIO=4&transport=websocket`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          cookie: newClient.cookie,
        },
      })
        .on('response', resolve)
        .on('upgrade', () => reject(new Error('upgraded while draining')))
        .on('error', reject)
        .end();
    });
    expect(upgrade.statusCode).toBe(503);
    expect(upgrade.headers['retry-after']).toBe('2');
  });
});
