/**
 * npm run bench:sessions -- [--sessions 50] [--minute-ms 2000] [--minutes 5] [--workers 2] [--nodes 1] [--profile run.cpuprofile] [--profile-setup setup.cpuprofile]
 *
 * Holds N concurrent readings: N clients and N readers, each on its own real Socket.IO connection,
 * billed minute by minute by the server. Prints the sessions held, charges per second, the delay
 * between each minute's due time and the moment the client hears its charge (p50/p99/max), the
 * server's memory (RSS per session held) and CPU during the run, and the ledger check.
 *
 * Set-up seeds the accounts and their signed-in sessions straight into the database; the
 * participants (the browsers) run in `--workers` child processes, so the load generator is not
 * the process it measures. PGlite in memory by default, the app in this process; PostgreSQL with
 * DATABASE_URL. `--nodes 2` (PostgreSQL and REDIS_URL required) runs two app processes sharing the
 * database and Socket.IO rooms, each reading's client on one node and its reader on the other.
 * `--profile` (one node) writes a CPU profile of the measured window and prints its top lines;
 * `--profile-setup` the same for the set-up of the readings.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { and, count, eq, isNull, lte } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { readingSessions } from '../src/server/db/schema';
import { checkLedger } from '../src/server/features/wallet/check-ledger';
import {
  type FromAppNode,
  type FromParticipants,
  type PairTask,
  type ProcessStats,
  processStats,
  type ToAppNode,
  type ToParticipants,
} from './bench-sessions/protocol';
import { printProfile, startWindowProfile } from './bench-profile';
import { ask, percentile } from './bench-sessions/orchestrate';
import { seedPairs } from './bench-sessions/seed';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    'minute-ms': { type: 'string', default: '2000' },
    minutes: { type: 'string', default: '5' },
    workers: { type: 'string', default: '2' },
    nodes: { type: 'string', default: '1' },
    profile: { type: 'string' },
    'profile-setup': { type: 'string' },
  },
});
const N = Number(values.sessions);
const MINUTE_MS = Number(values['minute-ms']);
const MINUTES = Number(values.minutes);
const WORKERS = Math.max(1, Math.min(Number(values.workers), N));
const NODES = Number(values.nodes);
const RATE_CENTS = 250;
const ORIGIN = 'http://localhost:5000';
const AUTH_SECRET = 'bench-sessions-auth-secret-0123456789abcdef';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const here = (path: string) => new URL(path, import.meta.url).pathname;

/** The app under test: in this process (one node), or `--nodes` child processes on PostgreSQL. */
async function startAppNodes(
  config: ReturnType<typeof loadConfig>,
  database: Awaited<ReturnType<typeof openDatabase>>,
) {
  if (NODES === 1) {
    const { app } = await buildApp({ config, database, web: 'none', runMessageRetention: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      bases: [`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`],
      stats: async (): Promise<ProcessStats[]> => [processStats()],
      close: () => app.close(),
    };
  }
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
    throw new Error('--nodes 2 needs DATABASE_URL (PostgreSQL) and REDIS_URL');
  const env = { ...process.env, PUBLIC_URL: ORIGIN, BILLING_MINUTE_MS: String(MINUTE_MS), AUTH_SECRET };
  const children = Array.from({ length: NODES }, () =>
    fork(here('./bench-sessions/app-node.ts'), [], { execArgv: process.execArgv, env }),
  );
  const ports = await Promise.all(
    children.map((child) => ask<FromAppNode, 'listening'>(child, undefined, 'listening')),
  );
  return {
    bases: ports.map(({ port }) => `http://127.0.0.1:${port}`),
    stats: () =>
      Promise.all(
        children.map((child) => ask<FromAppNode, 'stats'>(child, { type: 'stats' } satisfies ToAppNode, 'stats')),
      ),
    close: async () => {
      await Promise.all(
        children.map((child) => ask<FromAppNode, 'closed'>(child, { type: 'close' } satisfies ToAppNode, 'closed')),
      );
    },
  };
}

/**
 * Statements the in-process app sends while `isCounting`, and (PGlite) the time the database spent
 * on each: where a charge's time goes. Kept by the statement's text, a map lookup per statement
 * (the timer reports each statement about six times), and grouped by first words only when printed,
 * so that the counting costs the measured process next to nothing.
 */
const statements = {
  isCounting: false,
  total: 0,
  byText: new Map<string, number>(),
  msByText: new Map<string, number>(),
};
const shapeOf = (query: string) => query.replace(/\s+/g, ' ').trim().slice(0, 130);
const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
function countStatement(query: string) {
  if (!statements.isCounting) return;
  statements.total++;
  add(statements.byText, query, 1);
}
function timeStatement(query: string, ms: number) {
  if (statements.isCounting) add(statements.msByText, query, ms);
}
function byShape(byText: Map<string, number>) {
  const shapes = new Map<string, number>();
  for (const [text, value] of byText) add(shapes, shapeOf(text), value);
  return [...shapes].sort((a, b) => b[1] - a[1]);
}
/** The shapes PGlite spent most time on since the last call, then counting starts afresh. */
function printStatementTimes(window: string) {
  if (statements.msByText.size === 0) return;
  const counts = new Map(byShape(statements.byText));
  console.log(`time in PGlite during ${window} by statement (total ms, count, ms each):`);
  for (const [shape, ms] of byShape(statements.msByText).slice(0, 10)) {
    const n = counts.get(shape) ?? 0;
    console.log(
      `  ${ms.toFixed(0).padStart(8)}  ${String(n).padStart(6)}  ${n > 0 ? (ms / n).toFixed(2).padStart(6) : '     -'}  ${shape}`,
    );
  }
  statements.total = 0;
  statements.byText.clear();
  statements.msByText.clear();
}

/**
 * Each app process holds one socket per participant it serves, and each participant process one
 * per participant it runs, plus the database's files: at 10,000 readings on one node that is over
 * 20,000 descriptors, and the first to run out fails with EMFILE mid-run. Said before the set-up.
 */
function checkOpenFileLimit() {
  const limits = (() => {
    try {
      return readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return '';
    }
  })();
  const soft = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? Number.POSITIVE_INFINITY);
  const needed = Math.ceil((2 * N) / Math.min(NODES, WORKERS)) + 1_000;
  if (soft < needed) {
    console.error(
      `${N} readings need about ${needed} open files per process; this shell allows ${soft}. Raise it (ulimit -n ${needed}, which needs the hard limit to allow it) or spread the sockets over more app processes (--nodes, on PostgreSQL)`,
    );
    process.exit(1);
  }
}

async function main() {
  checkOpenFileLimit();
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 20, onQuery: countStatement })
    : await openDatabase({ kind: 'pglite', onQuery: countStatement, onStatementTime: timeStatement });
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
  const db = database.db;
  const nodes = await startAppNodes(config, database);
  const before = await nodes.stats();

  const seedStarted = performance.now();
  const pairs = await seedPairs(db, {
    pairs: N,
    runId: Date.now().toString(36),
    rateCents: RATE_CENTS,
    depositCents: RATE_CENTS * 1000,
    authSecret: AUTH_SECRET,
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const tasks: PairTask[] = pairs.map((pair, i) => ({
    ...pair,
    clientBase: nodes.bases[i % NODES] as string,
    readerBase: nodes.bases[(i + 1) % NODES] as string,
  }));
  const workers = Array.from({ length: WORKERS }, () =>
    fork(here('./bench-sessions/participants.ts'), [], { execArgv: process.execArgv }),
  );
  const setupProfiler =
    values['profile-setup'] && NODES === 1 ? await startWindowProfile(values['profile-setup']) : undefined;
  statements.isCounting = setupProfiler !== undefined;
  const sessionsStarted = performance.now();
  // A long set-up says how far it is: one count every 30 s.
  const progress = setInterval(async () => {
    const [up] = await db.select({ n: count() }).from(readingSessions).where(eq(readingSessions.status, 'active'));
    console.log(
      `  set-up: ${up?.n ?? 0} of ${N} readings running after ${((performance.now() - sessionsStarted) / 1000).toFixed(0)} s`,
    );
  }, 30_000);
  const ready = await Promise.all(
    workers.map((worker, w) =>
      ask<FromParticipants, 'ready'>(
        worker,
        {
          type: 'start',
          minuteMs: MINUTE_MS,
          origin: ORIGIN,
          pairs: tasks.filter((_, i) => i % WORKERS === w),
        } satisfies ToParticipants,
        'ready',
      ),
    ),
  );
  clearInterval(progress);
  const sessionsSeconds = (performance.now() - sessionsStarted) / 1000;
  statements.isCounting = false;
  const setupProfile = await setupProfiler?.stop(25);
  if (setupProfile && values['profile-setup']) {
    console.log('set-up of the readings (request, accept, both joins):');
    printProfile(values['profile-setup'], setupProfile);
    printStatementTimes('the set-up');
  }
  const started = ready.reduce((sum, r) => sum + r.sessionIds.length, 0);
  const failed = ready.reduce((sum, r) => sum + r.failed, 0);
  if (failed > 0)
    console.warn(
      `sessions that failed to start: ${failed}; first errors: ${ready
        .flatMap((r) => r.firstErrors)
        .slice(0, 3)
        .join(' | ')}`,
    );

  // Readings that started early are billed during the set-up, which competes with them for the
  // database; minutes that fell behind then are caught up before the window, and the catch-up is
  // printed, so the window measures readings held rather than the set-up's surge.
  const catchUpStarted = performance.now();
  const overdue = async () => {
    const late = and(
      eq(readingSessions.status, 'active'),
      isNull(readingSessions.pausedAt),
      lte(readingSessions.nextMinuteAt, new Date(Date.now() - 1_000)),
    );
    const [row] = await db.select({ n: count() }).from(readingSessions).where(late);
    return row?.n ?? 0;
  };
  const backlog = await overdue();
  let stillOverdue = backlog;
  while (stillOverdue > 0 && performance.now() - catchUpStarted < 5 * MINUTE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stillOverdue = await overdue();
  }
  console.log(
    `  after the set-up: ${backlog} minutes over 1 s late, caught up in ${((performance.now() - catchUpStarted) / 1000).toFixed(1)} s${stillOverdue > 0 ? ` (${stillOverdue} still late; measuring anyway)` : ''}`,
  );

  // Only what happens in the measured window counts: early sessions bill during the set-up.
  const atStart = await nodes.stats();
  for (const worker of workers) worker.send({ type: 'measure' } satisfies ToParticipants);
  statements.isCounting = true;
  const profiler = values.profile && NODES === 1 ? await startWindowProfile(values.profile) : undefined;
  const runStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, MINUTES * MINUTE_MS));
  const reports = await Promise.all(
    workers.map((worker) =>
      ask<FromParticipants, 'report'>(worker, { type: 'stop' } satisfies ToParticipants, 'report'),
    ),
  );
  const runSeconds = (performance.now() - runStarted) / 1000;
  statements.isCounting = false;
  const profileTop = await profiler?.stop();
  const atEnd = await nodes.stats();
  const [held] = await db.select({ n: count() }).from(readingSessions).where(eq(readingSessions.status, 'active'));

  await Promise.all(
    workers.map((worker) => ask<FromParticipants, 'ended'>(worker, { type: 'end' } satisfies ToParticipants, 'ended')),
  );
  for (const worker of workers) worker.kill();
  await nodes.close();
  const failures = await checkLedger(db);
  await database.close();

  const delays = reports.flatMap((r) => r.delaysMs).sort((x, y) => x - y);
  console.log(
    `database: ${database.kind}; app nodes: ${NODES}; participant processes: ${WORKERS}; sessions started: ${started}, still active at the end: ${held?.n ?? 0}; minute: ${MINUTE_MS} ms; run: ${runSeconds.toFixed(1)} s (set-up ${(seedSeconds + sessionsSeconds).toFixed(1)} s: seed ${seedSeconds.toFixed(1)} s, sessions ${sessionsSeconds.toFixed(1)} s)`,
  );
  console.log(
    `charges: ${delays.length} (${(delays.length / runSeconds).toFixed(1)}/s); due→heard delay ms: p50 ${percentile(delays, 50).toFixed(0)}, p99 ${percentile(delays, 99).toFixed(0)}, max ${(delays.at(-1) ?? Number.NaN).toFixed(0)}`,
  );
  nodes.bases.forEach((_, i) => {
    const [b, s, e] = [before[i], atStart[i], atEnd[i]] as [ProcessStats, ProcessStats, ProcessStats];
    const perSessionKb = ((s.rssBytes - b.rssBytes) / 1024 / Math.max(1, started / NODES)).toFixed(1);
    const cpuPercent = ((e.cpuMicros - s.cpuMicros) / 1000 / (runSeconds * 1000)) * 100;
    console.log(
      `server${NODES > 1 ? ` node ${i + 1}` : ''}: RSS ${mb(b.rssBytes)} MB before, ${mb(e.rssBytes)} MB at the end (${perSessionKb} KB per session held); CPU during the run ${cpuPercent.toFixed(0)}% of one core`,
    );
  });
  if (NODES === 1) {
    const top = byShape(statements.byText).slice(0, 8);
    console.log(
      `statements during the run: ${statements.total} (${(statements.total / Math.max(1, delays.length)).toFixed(1)} per charge heard); most sent:`,
    );
    for (const [shape, n] of top) console.log(`  ${String(n).padStart(7)}  ${shape}`);
  }
  printStatementTimes('the run');
  if (profileTop && values.profile) printProfile(values.profile, profileTop);
  console.log(`ledger check: ${failures.length === 0 ? 'ok (0 cents drift)' : JSON.stringify(failures)}`);
  process.exit(failures.length === 0 && failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
