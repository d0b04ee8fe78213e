import { expect } from 'vitest';
import { runDueWork } from '../../src/server/features/sessions/scheduler';
import { markSeen } from '../../src/server/realtime/presence/session-presence';
import { createClient, createReader, type TestUser } from './factories';
import { fakeClock } from './fake-clock';
import { http } from './http';
import { type TestApp, testApp } from './test-app';

export type FakeClock = ReturnType<typeof fakeClock>;

/**
 * Readings driven over HTTP on a fake clock (app built with runScheduler: false): both sides'
 * heartbeats are written as the socket layer would, and the test runs the scheduler itself.
 */
export function readingDriver(app: TestApp, clock: FakeClock, minuteMs: number) {
  const now = () => new Date(clock.now());
  const heartbeat = async (id: string) => {
    for (const side of ['client', 'reader'] as const) await markSeen(app.db, [id], side, now());
  };

  /** A chat reading between a new client (funded) and a new online reader at `rateCents`; minute 1 is paid. */
  async function startReading(options: {
    rateCents: number;
    balanceCents: number;
    client?: TestUser;
    reader?: TestUser;
  }) {
    const client = options.client ?? (await createClient(app, { balanceCents: options.balanceCents }));
    const reader = options.reader ?? (await createReader(app, { chatRateCents: options.rateCents }));
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const requested = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const id = requested.body.id as string;
    expect(
      (await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' })).status,
    ).toBe(200);
    await heartbeat(id);
    const started = await http(app, client.cookie).post('/api/sessions/start', { sessionId: id });
    expect(started.body).toMatchObject({ status: 'active', minutesCharged: 1 });
    return { client, reader, id };
  }

  /** Moves to the start of the next minute with both sides present and lets the scheduler charge it. */
  async function nextMinute(id: string) {
    clock.advance(minuteMs / 2);
    await heartbeat(id);
    clock.advance(minuteMs / 2);
    await heartbeat(id);
    await runDueWork(app.sessions);
  }

  return { startReading, nextMinute, heartbeat };
}

/**
 * The file's app on a fake clock with a 60 s minute and no scheduler or mail worker of its own, and
 * a driver for its readings: the set-up of every test that walks readings by hand. As `testApp`, made
 * at the file's top and closed after its last test.
 */
export async function readingTestApp(minuteMs = 60_000) {
  const clock = fakeClock();
  const app = await testApp({
    clock,
    runScheduler: false,
    runMailWorker: false,
    env: { BILLING_MINUTE_MS: String(minuteMs) },
  });
  return { app, clock, driver: readingDriver(app, clock, minuteMs) };
}
export type ReadingDriver = ReturnType<typeof readingDriver>;
