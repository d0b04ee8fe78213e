/**
 * npm run bench:live -- [--viewers 100,1000,4000] [--workers 2] [--readings 200] [--minute-ms 20000] [--profile join.cpuprofile]
 *
 * One reader's live stream on the app (in this process), and beside it a bare Socket.IO server (its
 * own process) whose join handler only joins the room and acks. For each N, N viewers (in `--workers`
 * child processes) open their sockets, then join: each step's server CPU (process.cpuUsage, the
 * app's idle CPU taken out) and time are printed for the app and for bare, with the ratio. Then 20
 * chatters (their own process, reconnection on) send 3 rounds of messages: how many every viewer
 * heard (p50/p99 delay) and how many each chatter heard (min/median). Meanwhile `--readings` readings
 * are billed by the app's scheduler minute by minute (`--minute-ms`), started over one minute so
 * their minutes fall due all through it. Printed for them: the due→heard delay of their charges in
 * the minute from each join storm's start (p50/p99, heard by the clients' process), and the app's
 * own due→sent delay of the charges due in the storm and of those due in the chat, each with the
 * app's longest event-loop stall then (scripts/bench-live/charges-sent.ts). `--profile` writes CPU
 * profiles of the app's connections and joins at the largest N (two files) and prints their top functions.
 * PGlite in memory by default; PostgreSQL with DATABASE_URL. The machine's load average is printed
 * with the figures, since CPU time is what is compared and the wall times depend on it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { checkLedger } from '../src/server/features/wallet/check-ledger';
import { chargesSent, describeCharges } from './bench-live/charges-sent';
import {
  cpuStats,
  type FromBare,
  type FromChatters,
  type FromViewers,
  type ToBare,
  type ToChatters,
  type ToViewers,
} from './bench-live/protocol';
import { printProfile, startWindowProfile } from './bench-profile';
import { ask, percentile } from './bench-sessions/orchestrate';
import type { FromParticipants, PairTask, ToParticipants } from './bench-sessions/protocol';
import { seedPairs } from './bench-sessions/seed';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '100,1000,4000' },
    workers: { type: 'string', default: '2' },
    readings: { type: 'string', default: '200' },
    'minute-ms': { type: 'string', default: '20000' },
    profile: { type: 'string' },
  },
});
const STEPS = values.viewers.split(',').map(Number);
const WORKERS = Number(values.workers);
const READINGS = Number(values.readings);
const MINUTE_MS = Number(values['minute-ms']);
const ORIGIN = 'http://localhost:5000';
const AUTH_SECRET = 'bench-live-auth-secret-0123456789abcdef';
const CHATTERS = 20;
const CHAT_ROUNDS = 3;
const VIEWER_ACCOUNTS = 100;
const WARM_UP_VIEWERS = 200;
const DELIVERY_TIMEOUT_MS = 15_000;
const START_SLICES = 10;

const here = (path: string) => new URL(path, import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (micros: number) => (micros / 1000).toFixed(2);

async function main() {
  // Statements the app sends, so each step can say how many a viewer cost (a counter, next to free).
  let statements = 0;
  const onQuery = () => {
    statements++;
  };
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 20, onQuery })
    : await openDatabase({ kind: 'pglite', onQuery });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET,
    BILLING_MINUTE_MS: String(MINUTE_MS),
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT_USER_MAX: '1000000',
    API_RATE_LIMIT_IP_MAX: '1000000',
    ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
  });
  const { app, db, realtime } = await buildApp({ config, database, web: 'none', runMessageRetention: false });
  const charges = chargesSent(realtime, MINUTE_MS);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appBase = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const bare = fork(here('./bench-live/bare-server.ts'), [], { execArgv: process.execArgv });
  const { port: barePort } = await ask<FromBare, 'listening'>(bare, undefined, 'listening');
  const bareBase = `http://127.0.0.1:${barePort}`;
  const bareCpu = async () =>
    (await ask<FromBare, 'stats'>(bare, { type: 'stats' } satisfies ToBare, 'stats')).cpuMicros;
  const appCpu = async () => cpuStats().cpuMicros;

  // Accounts straight into the database with signed-in sessions (no password hashing): the
  // stream's reader, the viewers (several sockets share an account, as tabs do), the chatters
  // (an account each: the chat's per-user limit must not slow them), the readings' pairs.
  const runId = Date.now().toString(36);
  const seed = (pairs: number, tag: string) =>
    seedPairs(db, { pairs, runId: `${runId}${tag}`, rateCents: 100, depositCents: 100_000, authSecret: AUTH_SECRET });
  const [host] = await seed(1, 'h');
  if (!host) throw new Error('no reader seeded');
  const viewerCookies = (await seed(VIEWER_ACCOUNTS / 2, 'v')).flatMap((p) => [p.clientCookie, p.readerCookie]);
  const chatterCookies = (await seed(CHATTERS, 'c')).map((p) => p.clientCookie);
  const readingPairs: PairTask[] = (await seed(READINGS, 'r')).map((p) => ({
    ...p,
    clientBase: appBase,
    readerBase: appBase,
  }));

  const goLive = await fetch(`${appBase}/api/live/streams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: host.readerCookie },
    body: JSON.stringify({ title: 'Bench stream', category: 'Tarot Reading' }),
  });
  const { id: streamId } = (await goLive.json()) as { id: string };
  if (!goLive.ok) throw new Error(`going live: ${goLive.status}`);

  // The reader's own page: a stream whose reader has no page open ends by itself after a minute.
  const hostSocket = io(appBase, {
    transports: ['websocket'],
    extraHeaders: { cookie: host.readerCookie, origin: ORIGIN },
    forceNew: true,
  });
  await hostSocket.timeout(30_000).emitWithAck('join_stream', { streamId });

  const workers = Array.from({ length: WORKERS }, () =>
    fork(here('./bench-live/viewers.ts'), [], { execArgv: process.execArgv }),
  );
  const toWorkers = <T extends FromViewers['type']>(message: (i: number) => ToViewers, answer: T) =>
    Promise.all(workers.map((worker, i) => ask<FromViewers, T>(worker, message(i), answer)));

  const chatters = fork(here('./bench-live/chatters.ts'), [], { execArgv: process.execArgv });
  await ask<FromChatters, 'ready'>(
    chatters,
    { type: 'start', base: appBase, origin: ORIGIN, cookies: chatterCookies, streamId } satisfies ToChatters,
    'ready',
  );

  // The app's own CPU when nothing is asked of it (the scheduler's polling, the readings' minutes
  // once they run), taken out of each step's figure so that what is left is the step's.
  const idleRate = async () => {
    const [cpu0, t0] = [await appCpu(), performance.now()];
    await sleep(2000);
    return ((await appCpu()) - cpu0) / (performance.now() - t0);
  };

  /** Connects then joins `n` viewers to `base`, each step measured: CPU per viewer (idle taken out) and seconds. */
  async function storm(base: string, n: number, cpu: () => Promise<number>, idleMicrosPerMs: number, profile?: string) {
    const shares = workers.map((_, i) => Math.floor(n / WORKERS) + (i < n % WORKERS ? 1 : 0));
    const step = async <T extends FromViewers['type']>(message: (i: number) => ToViewers, answer: T) => {
      const [cpu0, t0, statements0] = [await cpu(), performance.now(), statements];
      const replies = await toWorkers(message, answer);
      const wallMs = performance.now() - t0;
      const cpuMicros = (await cpu()) - cpu0 - idleMicrosPerMs * wallMs;
      return { replies, wallMs, cpuMicros, statements: statements - statements0 };
    };
    // The connection (handshake, sign-in) and the join are profiled apart, each in its own file.
    const profiled = async <T>(path: string | undefined, measure: () => Promise<T>) => {
      const profiler = path ? await startWindowProfile(path) : undefined;
      const result = await measure();
      const top = await profiler?.stop(20);
      if (top && path) printProfile(path, top);
      return result;
    };
    const connect = await profiled(profile?.replace(/(\.cpuprofile)?$/, '-connect.cpuprofile'), () =>
      step(
        (i) => ({ type: 'connect', base, origin: ORIGIN, cookies: viewerCookies, count: shares[i] ?? 0 }),
        'connected',
      ),
    );
    const join = await profiled(profile, () => step(() => ({ type: 'join', streamId }), 'joined'));
    const joined = join.replies.reduce((sum, r) => sum + r.joined, 0);
    const firstError = join.replies.find((r) => r.firstError)?.firstError;
    return { connect, join, joined, firstError };
  }
  const leave = () => toWorkers(() => ({ type: 'leave' }), 'left');

  // Warm both servers (JIT, the stream's first load) before anything is measured.
  const idleBeforeReadings = await idleRate();
  for (const [base, cpu] of [
    [appBase, appCpu],
    [bareBase, bareCpu],
  ] as const) {
    await storm(base, WARM_UP_VIEWERS, cpu, 0);
    await leave();
  }

  // The readings start before the storms and are billed throughout, started in slices over one
  // minute so that their minutes fall due all through it: every step of a storm has charges due in it.
  const readings = fork(here('./bench-sessions/participants.ts'), [], { execArgv: process.execArgv });
  const readingsStarted = performance.now();
  let [started, failed] = [0, 0];
  for (let slice = 0; slice < START_SLICES; slice++) {
    const sliceStarted = performance.now();
    const pairs = readingPairs.filter((_, i) => i % START_SLICES === slice);
    const ready = await ask<FromParticipants, 'ready'>(
      readings,
      { type: 'start', minuteMs: MINUTE_MS, origin: ORIGIN, pairs } satisfies ToParticipants,
      'ready',
    );
    [started, failed] = [ready.sessionIds.length, failed + ready.failed];
    await sleep(MINUTE_MS / START_SLICES - (performance.now() - sliceStarted));
  }
  console.log(
    `database: ${database.kind}; viewer processes: ${WORKERS}; readings: ${started} started (${failed} failed) over ${((performance.now() - readingsStarted) / 1000).toFixed(1)} s, minute ${MINUTE_MS} ms; app idle CPU ${(idleBeforeReadings / 10).toFixed(1)}% of a core before the readings`,
  );
  readings.send({ type: 'measure' } satisfies ToParticipants);
  await sleep(MINUTE_MS);
  const quietDelays = (
    await ask<FromParticipants, 'report'>(readings, { type: 'stop' } satisfies ToParticipants, 'report')
  ).delaysMs.sort((a, b) => a - b);
  const idle = await idleRate();
  console.log(
    `readings alone: app CPU ${(idle / 10).toFixed(1)}% of a core; due→heard p50 ${percentile(quietDelays, 50)} ms, p99 ${percentile(quietDelays, 99)} ms (${quietDelays.length} charges); load ${load()}`,
  );

  const bareIdle = await (async () => {
    const [cpu0, t0] = [await bareCpu(), performance.now()];
    await sleep(1000);
    return ((await bareCpu()) - cpu0) / (performance.now() - t0);
  })();
  for (const n of STEPS) {
    const bareRun = await storm(bareBase, n, bareCpu, bareIdle);
    await leave();
    // The readings' minutes are heard over a whole minute from the storm's start (the storm, its
    // chat, then what is left of the minute), so every reading has one minute due in the window
    // however its minutes fall against the storm.
    const windowStarted = performance.now();
    readings.send({ type: 'measure' } satisfies ToParticipants);
    const stormCharges = charges.during();
    const appRun = await storm(appBase, n, appCpu, idle, n === STEPS.at(-1) ? values.profile : undefined);
    const inStorm = stormCharges.end();

    const expectedChat = CHATTERS * CHAT_ROUNDS * appRun.joined;
    const chatCharges = charges.during();
    for (let round = 0; round < CHAT_ROUNDS; round++) {
      await ask<FromChatters, 'sent'>(chatters, { type: 'send', round } satisfies ToChatters, 'sent');
      await sleep(1000);
    }
    const inChat = chatCharges.end();
    let chatDelays: number[] = [];
    let viewerEvents = 0;
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    do {
      await sleep(500);
      for (const report of await toWorkers(() => ({ type: 'report' }), 'report')) {
        chatDelays = chatDelays.concat(report.chatDelaysMs);
        viewerEvents += report.viewerEvents;
      }
    } while (chatDelays.length < expectedChat && Date.now() < deadline);
    const heard = await ask<FromChatters, 'report'>(chatters, { type: 'report' } satisfies ToChatters, 'report');
    await leave();
    await sleep(Math.max(0, MINUTE_MS - (performance.now() - windowStarted)));
    const { delaysMs } = await ask<FromParticipants, 'report'>(
      readings,
      { type: 'stop' } satisfies ToParticipants,
      'report',
    );
    const delays = delaysMs.sort((a, b) => a - b);

    type Storm = Awaited<ReturnType<typeof storm>>;
    const perJoin = (run: Storm) => run.join.cpuMicros / Math.max(1, run.joined);
    const perConnect = (run: Storm) => run.connect.cpuMicros / Math.max(1, run.joined);
    chatDelays.sort((a, b) => a - b);
    const byChatter = [...heard.heardByChatter].sort((a, b) => a - b);
    console.log(`N=${n} (load ${load()}):`);
    console.log(
      `  join: app ${appRun.joined}/${n} in ${(appRun.join.wallMs / 1000).toFixed(2)} s, ${ms(perJoin(appRun))} ms CPU each (${(appRun.join.statements / Math.max(1, appRun.joined)).toFixed(1)} statements each, the readings' among them); bare ${bareRun.joined}/${n} in ${(bareRun.join.wallMs / 1000).toFixed(2)} s, ${ms(perJoin(bareRun))} ms each; ratio ${(perJoin(appRun) / Math.max(1, perJoin(bareRun))).toFixed(1)}×${appRun.firstError ? `; first refusal ${appRun.firstError}` : ''}`,
    );
    console.log(
      `  connect (handshake, sign-in): app ${(appRun.connect.wallMs / 1000).toFixed(2)} s, ${ms(perConnect(appRun))} ms CPU each (${(appRun.connect.statements / Math.max(1, appRun.joined)).toFixed(1)} statements, the readings' among them); bare ${(bareRun.connect.wallMs / 1000).toFixed(2)} s, ${ms(perConnect(bareRun))} ms each; ratio ${(perConnect(appRun) / Math.max(1, perConnect(bareRun))).toFixed(1)}×`,
    );
    console.log(
      `  readings in the minute from the storm's start: ${delays.length} charges, due→heard p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms`,
    );
    console.log(`  the app's charges due in the storm (connect and join): ${describeCharges(inStorm)}`);
    console.log(`  the app's charges due in the chat's 3 rounds: ${describeCharges(inChat)}`);
    console.log(
      `  chat: viewers heard ${chatDelays.length}/${expectedChat}, p50 ${percentile(chatDelays, 50)} ms, p99 ${percentile(chatDelays, 99)} ms; each chatter heard min ${byChatter[0]} median ${percentile(byChatter, 50)} (of ${CHATTERS * CHAT_ROUNDS} sent), reconnects ${heard.reconnects}; stream_viewers events per viewer ${(viewerEvents / Math.max(1, appRun.joined)).toFixed(1)}`,
    );
  }

  await ask<FromParticipants, 'ended'>(readings, { type: 'end' } satisfies ToParticipants, 'ended');
  await ask<FromChatters, 'stopped'>(chatters, { type: 'stop' } satisfies ToChatters, 'stopped');
  await ask<FromBare, 'closed'>(bare, { type: 'close' } satisfies ToBare, 'closed');
  hostSocket.disconnect();
  for (const child of [...workers, chatters, readings, bare] as ChildProcess[]) child.kill();
  await app.close();
  const failures = await checkLedger(db);
  await database.close();
  console.log(`ledger check: ${failures.length === 0 ? 'ok (0 cents drift)' : JSON.stringify(failures)}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
