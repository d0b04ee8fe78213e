import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, onTestFinished } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Clock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import type { MediaForwarder } from '../../src/server/features/live/media/forwarder/media-forwarder';
import type { Database } from '../../src/server/db/client';
import type { PaymentsProvider } from '../../src/server/payments/provider';
import type { Timers } from '../../src/server/timers';
import { openTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:5000';

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** With a fake clock, the same fake: delays decided on it pass when it is advanced. */
  timers?: Timers;
  database?: Database;
  payments?: PaymentsProvider;
  /** False: the billing scheduler does not run on a timer; the test calls runDueWork itself. */
  runScheduler?: boolean;
  /** False: no message retention sweep at start or on a timer; the test sweeps itself. */
  runMessageRetention?: boolean;
  /** Stands in for the live media forwarder (a werift worker by default). */
  forwarder?: MediaForwarder;
  /** False: queued mail waits until the test calls runMailWork itself. */
  runMailWorker?: boolean;
  /** False: queued pushes wait until the test calls runPushWork itself. */
  runPushWorker?: boolean;
  /** True: this app answers the demo reader (off by default, as outside demo mode). */
  runDemoReader?: boolean;
}

/**
 * The real app on its own fresh database, API only. `listen()` opens a real port for Socket.IO.
 * Always close it (afterAll) so the database and sockets are released.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.database ?? (await openTestDatabase());
  // Its own folder, for the local mailbox: mail sent by a test never lands in the checkout.
  const dataDir = mkdtempSync(join(tmpdir(), 'soul-tribe-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_RATE_LIMIT_IP_MAX: '100000',
    AUTH_RATE_LIMIT_ACCOUNT_MAX: '100000',
    API_RATE_LIMIT_USER_MAX: '100000',
    API_RATE_LIMIT_IP_MAX: '100000',
    APPLICATION_RATE_LIMIT_IP_MAX: '100000',
    WEBHOOK_FORGED_IP_MAX: '100000',
    // Sign-up and sign-in hash at 1/32 of the standard cost (auth/password-hasher.ts), but in an app
    // made as production's, which refuses that; a file about the standard hash sets it to false.
    ...(options.env?.NODE_ENV === 'production' ? {} : { DEV_FAST_PASSWORD_HASH: 'true' }),
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...options.env,
  });
  const built = await buildApp({
    config,
    database,
    clock: options.clock,
    timers: options.timers,
    web: 'none',
    runScheduler: options.runScheduler,
    runMessageRetention: options.runMessageRetention,
    runMailWorker: options.runMailWorker,
    runPushWorker: options.runPushWorker,
    runDemoReader: options.runDemoReader,
    payments: options.payments,
    forwarder: options.forwarder,
  });
  let baseUrl: string | undefined;
  const sockets: Socket[] = [];
  return {
    ...built,
    config,
    database,
    async listen(): Promise<string> {
      if (!baseUrl) {
        await built.app.listen({ port: 0, host: '127.0.0.1' });
        baseUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
      }
      return baseUrl;
    },
    /** A Socket.IO client carrying the given session cookie; resolves once connected. */
    async connectSocket(cookie?: string): Promise<Socket> {
      const url = await this.listen();
      const socket = connectSocket(url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: cookie ? { cookie, origin: TEST_ORIGIN } : { origin: TEST_ORIGIN },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      });
      return socket;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await built.app.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Closes what a file opened when the file is done, or when the test is if a test opened it: an
 * `afterAll` registered while a test runs is never called, and left an app's database on the server
 * (six a CI run, from the four files that made an app inside a test).
 */
export function closeWhenDone(close: () => Promise<unknown>) {
  // Vitest knows whether a test is running (a shared worker's `expect` state keeps the last file's
  // test name), and says so only by refusing onTestFinished outside one.
  try {
    onTestFinished(async () => void (await close()));
  } catch {
    afterAll(close);
  }
}

/**
 * The test file's app: made where the file is read (`const app = await testApp({...})` at its top)
 * or in a test, and closed after the file's last test or after that test, so no file can forget to
 * close what it opened (the model is fastify/demo's `build(t)`).
 */
export async function testApp(options: TestAppOptions = {}): Promise<TestApp> {
  const app = await createTestApp(options);
  closeWhenDone(() => app.close());
  return app;
}

/**
 * Two instances of the app on one database of their own, as two processes behind a load balancer
 * would be (the scale-out files), all closed after the file's last test: the apps first, then the
 * database they share.
 */
export async function twoTestApps(env: Record<string, string>) {
  const database = await openTestDatabase({ poolSize: 10 });
  closeWhenDone(() => database.close());
  return { a: await testApp({ database, env }), b: await testApp({ database, env }) };
}
