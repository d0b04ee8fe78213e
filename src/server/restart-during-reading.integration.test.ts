import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, createReader, type TestUser } from '../../tests/integration/factories';
import {
  freePort,
  type ServerProcess,
  serverDatabase,
  startServerProcess,
} from '../../tests/integration/server-process';
import { rawHttp } from '../../tests/integration/raw-http';
import { nextEvent } from '../../tests/integration/socket-helpers';
import { createTestApp } from '../../tests/integration/test-app';
import { appNodes, readingSessions } from './db/schema';
import { checkLedger } from './features/wallet/check-ledger';

/**
 * A node stopped by SIGTERM during a reading and started again (decision 055), as an orchestrator
 * rolls a deploy: it drains and exits by itself (code 0, not the forced exit of DRAIN_TIMEOUT_MS),
 * both sides' sockets reconnect by themselves (as the browser's Socket.IO does after a lost
 * connection) and join the room again, the reading goes on, and the time the sides were between
 * processes is not billed (the pause-while-away rule: the minute paid before the stop runs on, no
 * later one falls due while they are away). Minutes move by the reading's own clock
 * (DEV_READING_CLOCK, decision 052), with a billed minute of ten real ones: no real minute ends
 * while the test runs, however busy the machine. Runs on PGlite (a data folder) and on PostgreSQL
 * (both-databases.ts).
 */
const RATE = 299;
const MINUTE_MS = 600_000;
const AUTH_SECRET = 'restart-during-reading-secret-0123456789';
// A limit against a hang, not the production default of 10 s: a node on PGlite beside CI's other
// stages once took 7.1 s to drain and close its database, and the forced exit would have been a
// failure of the machine's speed (decision 072). The time it took is printed below.
const DRAIN_TIMEOUT_MS = 60_000;

const database = await serverDatabase();
afterAll(() => database.remove());
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...database.env,
  NODE_ENV: 'test',
  PUBLIC_URL: origin,
  AUTH_SECRET,
  BILLING_MINUTE_MS: String(MINUTE_MS),
  DEV_READING_CLOCK: 'true',
  DRAIN_TIMEOUT_MS: String(DRAIN_TIMEOUT_MS),
  SEED_DEMO: 'false',
  LOG_LEVEL: 'info',
};

/** The two accounts, made on the node's database before it starts (the test's own app, closed after). */
async function makeAccounts(): Promise<{ client: TestUser; reader: TestUser }> {
  const db = await database.open();
  const app = await createTestApp({
    database: db,
    env: { AUTH_SECRET },
    runScheduler: false,
    runMailWorker: false,
    runPushWorker: false,
  });
  try {
    return {
      client: await createClient(app, { balanceCents: 10 * RATE }),
      reader: await createReader(app, { chatRateCents: RATE }),
    };
  } finally {
    await app.close();
    await db.close();
  }
}

/** The node's HTTP API as one of the accounts, from the site's own origin. */
const as = (user: TestUser) => rawHttp(origin, { origin, cookie: user.cookie });

/**
 * A reading page's connection: Socket.IO's own reconnection (quicker than a browser's 1-5 s, the
 * same mechanism), and on every connect it joins the reading's room again, as the web page does.
 */
function readingPage(cookie: string, sessionId: string) {
  const socket: Socket = io(origin, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  const joins: Promise<unknown>[] = [];
  socket.on('connect', () => joins.push(socket.timeout(15_000).emitWithAck('join_session_room', { sessionId })));
  return { socket, joins };
}

describe('a node restarted during a reading', () => {
  it('drains on SIGTERM, exits by itself, and the reading goes on after the restart with only the connected minutes billed', async () => {
    const { client, reader } = await makeAccounts();
    let node: ServerProcess = await startServerProcess(port, env);
    const pages: ReturnType<typeof readingPage>[] = [];
    try {
      expect((await as(reader)('PATCH', '/api/readers/me', { body: { isOnline: true } })).status).toBe(200);
      const requested = await as(client)('POST', '/api/sessions/request', {
        body: { readerId: reader.id, sessionType: 'chat' },
      });
      expect(requested.status, JSON.stringify(requested.body)).toBe(201);
      const id: string = requested.body.id;
      expect(
        (await as(reader)('POST', '/api/sessions/respond', { body: { sessionId: id, response: 'accept' } })).status,
      ).toBe(200);
      pages.push(readingPage(client.cookie, id), readingPage(reader.cookie, id));
      const [clientPage, readerPage] = pages as [ReturnType<typeof readingPage>, ReturnType<typeof readingPage>];
      const started = nextEvent(clientPage.socket, 'session_started', () => true, 60_000);
      await started;

      // Minute 2, by the reading's clock.
      const secondMinute = nextEvent(
        clientPage.socket,
        'billing_update',
        (update: { minutesCharged: number }) => update.minutesCharged === 2,
        60_000,
      );
      expect((await as(client)('POST', `/api/dev/sessions/${id}/advance`, { body: { minutes: 1 } })).status).toBe(200);
      await secondMinute;
      const before = await as(client)('GET', `/api/sessions/${id}`);
      expect(before.body).toMatchObject({ status: 'active', minutesCharged: 2, totalCostCents: 2 * RATE });

      const told = pages.map((page) => nextEvent(page.socket, 'server_restarting', () => true, 30_000));
      const lost = pages.map((page) => new Promise<string>((resolve) => page.socket.once('disconnect', resolve)));
      const stopped = await node.stop('SIGTERM');
      expect(stopped, node.output()).toMatchObject({ code: 0, signal: null });
      await Promise.all(told);
      expect(await Promise.all(lost)).toEqual(['transport close', 'transport close']);
      console.info(
        `the node drained and exited ${stopped.exitedAfterMs} ms after SIGTERM (database: ${database.kind})`,
      );

      // While no node runs, the rows say the reading is paused for the sides away, held by no node:
      // nothing is billed for the gap, and any node can take it up.
      const down = await database.open();
      try {
        const [row] = await down.db.select().from(readingSessions).where(eq(readingSessions.id, id));
        expect(row).toMatchObject({
          status: 'active',
          pauseReason: 'away',
          minutesCharged: 2,
          clientNodeId: null,
          readerNodeId: null,
        });
        expect(await down.db.select().from(appNodes)).toEqual([]);
      } finally {
        await down.close();
      }

      // Both pages come back by themselves to the restarted node, and the meter resumes.
      const resumed = nextEvent(clientPage.socket, 'session_resumed', () => true, 120_000);
      node = await startServerProcess(port, env);
      await resumed;
      for (const page of pages) {
        expect(page.joins).toHaveLength(2);
        expect(await page.joins[1]).toMatchObject({ ok: true });
      }
      const after = await as(client)('GET', `/api/sessions/${id}`);
      expect(after.body).toMatchObject({
        status: 'active',
        minutesCharged: 2,
        pauseReason: null,
        nextMinuteAt: before.body.nextMinuteAt,
      });

      const thirdMinute = nextEvent(
        clientPage.socket,
        'billing_update',
        (update: { minutesCharged: number }) => update.minutesCharged === 3,
        60_000,
      );
      expect((await as(client)('POST', `/api/dev/sessions/${id}/advance`, { body: { minutes: 1 } })).status).toBe(200);
      await thirdMinute;
      const ended = await as(client)('POST', '/api/sessions/end', { body: { sessionId: id } });
      expect(ended.body).toMatchObject({ status: 'completed', minutesCharged: 3, totalCostCents: 3 * RATE });
      expect((await as(client)('GET', '/api/wallet')).body).toMatchObject({ balanceCents: 7 * RATE });
      expect(readerPage.socket.connected).toBe(true);
    } finally {
      for (const page of pages) page.socket.disconnect();
      const last = await node.stop('SIGTERM');
      expect(last, node.output()).toMatchObject({ code: 0 });
    }
    const db = await database.open();
    try {
      expect(await checkLedger(db.db)).toEqual([]);
    } finally {
      await db.close();
    }
    // Two starts of a whole node: 4-6 s each on a quiet machine, several times that beside CI's other stages.
  }, 300_000);
});
