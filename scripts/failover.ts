/**
 * npm run bench:failover -- [--sessions 50] [--minute-ms 10000] [--workers 2]
 * npm run test:failover (50 readings, a 5 s minute: 45-50 s where 10 s took 63-75 s)
 *
 * The failover proof (decision 055): HAProxy (scripts/failover/haproxy.ts) in front of two app nodes
 * (`npm start`'s scripts/start.mjs --api-only) on one PostgreSQL (a scratch database on
 * DATABASE_URL's server) and one Redis (REDIS_URL). N readings run through the load balancer, each
 * side on a real Socket.IO client on whichever node HAProxy picks, chatting and reading the reading
 * over HTTP the whole time (scripts/failover/participants.ts). Then:
 *   1. a rolling restart: SIGTERM node a (it drains), start it again, wait until HAProxy sees it
 *      ready and every side is back in its reading, then the same for node b;
 *   2. SIGKILL of node a in the middle of a billed minute, then its restart.
 * After each step, once every reading is back (both sides in the room and a minute billed since)
 * or given up on, it prints the readings still running, the sides' reconnect times, the minutes
 * billed during the step against the minutes both sides were connected, minutes billed twice or
 * while a side was cut off beyond the pause rule, HTTP 5xx sent by HAProxy, and the ledger check.
 * Exits 1 when a goal is missed: 0 readings lost, 0 ¢ drift, 0 minutes billed twice or while cut
 * off, 0 5xx during the rolling restart, reconnect p99 ≤ 5 s after SIGTERM and ≤ the node lease
 * (the presence TTL) + 5 s after SIGKILL.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { readingSessions, sessionMinutes } from '../src/server/db/schema';
import { checkLedger } from '../src/server/features/wallet/check-ledger';
import { sessionTiming } from '../src/server/timing';
import { createScratchPostgres, dropScratchPostgres } from '../tests/integration/scratch-database';
import { ask, percentile } from './bench-sessions/orchestrate';
import type { PairTask } from './bench-sessions/protocol';
import { seedPairs } from './bench-sessions/seed';
import { checkStepBilling, type StepBilling } from './failover/billing-check';
import { CHECK, type Haproxy, haproxyConfig, startHaproxy } from './failover/haproxy';
import {
  addTraffic,
  type FromFailoverParticipants,
  NO_TRAFFIC,
  type ReadingReport,
  type ToFailoverParticipants,
  type TrafficCounts,
} from './failover/protocol';
import { freePort, type ServerProcess, startServerProcess } from './node-process';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    'minute-ms': { type: 'string', default: '10000' },
    workers: { type: 'string', default: '2' },
  },
});
const N = Number(values.sessions);
const MINUTE_MS = Number(values['minute-ms']);
const WORKERS = Math.max(1, Math.min(Number(values.workers), N));
const RATE_CENTS = 250;
const AUTH_SECRET = 'bench-failover-auth-secret-0123456789abcdef';
const timing = sessionTiming(MINUTE_MS);
/** How late a cut-off side is noticed when its socket drops by itself: Socket.IO's ping interval and timeout, and a second for a busy machine. */
const DROP_NOTICED_MS = timing.pingIntervalMs + timing.pingTimeoutMs + 1_000;
/** A killed node's sides count as present until its lease (the presence TTL) runs out and a scheduler pass sweeps it. */
const KILL_NOTICED_MS = DROP_NOTICED_MS + timing.presenceTtlMs + timing.tickMs;
const RECONNECT_GOAL_AFTER_SIGTERM_MS = 5_000;
const RECONNECT_GOAL_AFTER_SIGKILL_MS = timing.presenceTtlMs + 5_000;
/**
 * How long a step waits for every reading to be back and billed again: the paid minute runs out,
 * the next is charged. Past it, a reading not back counts as lost; only a hang reaches it.
 */
const RECOVERY_WITHIN_MS = 3 * MINUTE_MS + 60_000 + N * 50;

/** What a failed run must still stop or remove, last first: nodes, HAProxy and workers left running would outlive it. */
const cleanups: (() => unknown)[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const here = (path: string) => new URL(path, import.meta.url).pathname;

async function waitFor(what: string, withinMs: number, isDone: () => Promise<boolean>) {
  const deadline = Date.now() + withinMs;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(100);
  }
}

interface StepRow {
  name: string;
  running: number;
  reconnects: number[];
  reconnectGoalMs: number;
  notBack: number;
  billing: StepBilling;
  haproxy5xx: number;
  traffic: TrafficCounts;
  ledgerFailures: unknown[];
  moneyMismatches: string[];
  /** Each stopped node's exit: code and time from the signal. */
  exits: string[];
  stateChanges: string[];
  /** HAProxy's 5xx answers of the step by kind (Haproxy.take5xxKinds). */
  fivexxKinds: string[];
  /** The first failed chat messages and HTTP requests of the step, by kind. */
  firstFailures: string[];
  is5xxGoal: boolean;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!serverUrl || !redisUrl)
    throw new Error('bench:failover needs DATABASE_URL (a PostgreSQL role that may create databases) and REDIS_URL');
  const runId = Date.now().toString(36);
  const scratch = await createScratchPostgres(serverUrl, { prefix: 'soul_tribe_failover' });
  cleanups.push(() => dropScratchPostgres(serverUrl, scratch.name));
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
  cleanups.push(() => database.close());
  await database.migrate();
  const { db } = database;

  const [frontPort, statsPort, portA, portB] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ] as [number, number, number, number];
  const origin = `http://127.0.0.1:${frontPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'soul-tribe-failover-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const envOf = (name: string) => ({
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    // This run's own channels and counts on a Redis other runs may share.
    REDIS_PREFIX: `failover-${runId}`,
    DATA_DIR: join(dataDir, name),
    NODE_ENV: 'test',
    PUBLIC_URL: origin,
    AUTH_SECRET,
    BILLING_MINUTE_MS: String(MINUTE_MS),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Every request comes from HAProxy's one address.
    API_RATE_LIMIT_USER_MAX: '1000000',
    API_RATE_LIMIT_IP_MAX: '1000000',
  });
  const ports = { a: portA, b: portB };
  type NodeName = keyof typeof ports;
  const running = new Set<ServerProcess>();
  cleanups.push(() => {
    for (const node of running) node.child.kill('SIGKILL');
  });
  const startNode = async (name: NodeName) => {
    const node = await startServerProcess(ports[name], envOf(name));
    running.add(node);
    node.child.once('exit', () => running.delete(node));
    return node;
  };
  // One after the other: the first start builds the server bundle when it is stale.
  const nodes: Record<NodeName, ServerProcess> = { a: await startNode('a'), b: await startNode('b') };

  const haproxy: Haproxy = await startHaproxy(
    haproxyConfig({
      port: frontPort,
      statsPort,
      backends: Object.entries(ports).map(([name, port]) => ({ name, port })),
      maxConnections: 4 * N + 1_000,
    }),
    statsPort,
  );
  cleanups.push(() => haproxy.stop());
  const isUp = (name: NodeName) => async () => (await haproxy.states())[name]?.startsWith('UP') ?? false;
  await waitFor('both nodes up in HAProxy', 30_000, async () => (await isUp('a')()) && (await isUp('b')()));

  const seeded = await seedPairs(db, {
    pairs: N,
    runId,
    rateCents: RATE_CENTS,
    depositCents: RATE_CENTS * 1000,
    authSecret: AUTH_SECRET,
  });
  const tasks: PairTask[] = seeded.map((pair) => ({ ...pair, clientBase: origin, readerBase: origin }));
  const workers = Array.from({ length: WORKERS }, () =>
    fork(here('./failover/participants.ts'), [], { execArgv: process.execArgv }),
  );
  cleanups.push(() => {
    for (const worker of workers) worker.kill();
  });
  const setupStarted = performance.now();
  const ready = await Promise.all(
    workers.map((worker, w) =>
      ask<FromFailoverParticipants, 'ready'>(
        worker,
        {
          type: 'start',
          origin,
          minuteMs: MINUTE_MS,
          pairs: tasks.filter((_, i) => i % WORKERS === w),
        } satisfies ToFailoverParticipants,
        'ready',
      ),
    ),
  );
  const started = ready.reduce((sum, r) => sum + r.started, 0);
  const failedToStart = ready.reduce((sum, r) => sum + r.failed, 0);
  if (failedToStart > 0)
    console.warn(
      `readings that failed to start: ${failedToStart}; first errors: ${ready
        .flatMap((r) => r.firstErrors)
        .slice(0, 3)
        .join(' | ')}`,
    );

  const status = async (since: number) => {
    const answers = await Promise.all(
      workers.map((w) =>
        ask<FromFailoverParticipants, 'status'>(
          w,
          { type: 'status', since } satisfies ToFailoverParticipants,
          'status',
        ),
      ),
    );
    return answers.reduce(
      (sum, a) => ({
        joined: sum.joined + a.joined,
        billedSince: sum.billedSince + a.billedSince,
        ended: sum.ended + a.ended,
      }),
      { joined: 0, billedSince: 0, ended: 0 },
    );
  };
  const reports = async () => {
    const answers = await Promise.all(
      workers.map((w) =>
        ask<FromFailoverParticipants, 'report'>(w, { type: 'report' } satisfies ToFailoverParticipants, 'report'),
      ),
    );
    const traffic = answers.reduce((sum, a) => addTraffic(sum, a.traffic), NO_TRAFFIC);
    return {
      readings: answers.flatMap((a) => a.readings),
      traffic,
      firstFailures: answers.flatMap((a) => a.firstFailures),
    };
  };
  const setupAt = Date.now();
  await waitFor(
    'every reading billed once',
    RECOVERY_WITHIN_MS,
    async () => (await status(setupAt - MINUTE_MS)).billedSince >= started,
  );
  console.log(
    `${started} readings running through HAProxy on 2 nodes after ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (minute ${MINUTE_MS} ms, lease ${timing.presenceTtlMs} ms)`,
  );

  const restart = async (name: NodeName, signal: NodeJS.Signals) => {
    const stopped = await nodes[name].stop(signal);
    nodes[name] = await startNode(name);
    await waitFor(`node ${name} up in HAProxy`, 30_000, isUp(name));
    return `${name}: ${signal} → exit ${stopped.code ?? stopped.signal} after ${stopped.exitedAfterMs} ms`;
  };

  const step = async (
    name: string,
    options: { allowanceMs: number; reconnectGoalMs: number; is5xxGoal: boolean },
    act: () => Promise<string[]>,
  ): Promise<StepRow> => {
    const from = Date.now();
    const before5xx = await haproxy.count5xx();
    haproxy.takeStateChanges();
    haproxy.take5xxKinds();
    const before = await reports();
    const exits = await act();
    const actedAt = Date.now();
    await waitFor(`${name}: every reading back and billed`, RECOVERY_WITHIN_MS, async () => {
      const now = await status(actedAt);
      return now.ended + Math.min(now.joined, now.billedSince) >= started;
    }).catch((error: unknown) => console.warn(String(error)));
    const now = await status(actedAt);
    const to = Date.now();
    const after = await reports();
    const ids = after.readings.map((r) => r.id);
    const minutes = await db
      .select({
        sessionId: sessionMinutes.sessionId,
        minute: sessionMinutes.minute,
        startedAt: sessionMinutes.startedAt,
      })
      .from(sessionMinutes)
      .where(inArray(sessionMinutes.sessionId, ids));
    const billing = checkStepBilling({
      readings: after.readings,
      minutes: minutes.map((m) => ({ ...m, startedAt: m.startedAt.getTime() })),
      from,
      to,
      minuteMs: MINUTE_MS,
      allowanceMs: options.allowanceMs,
    });
    const cutoffs = after.readings
      .flatMap((r: ReadingReport) => [...r.cutoffs.client, ...r.cutoffs.reader])
      .filter((c) => c.from >= from);
    const [active] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(readingSessions)
      .where(and(inArray(readingSessions.id, ids), eq(readingSessions.status, 'active')));
    const ledgerFailures = await checkLedger(db);
    const traffic = addTraffic(after.traffic, before.traffic, -1);
    return {
      name,
      running: Math.min(active?.n ?? 0, now.joined, now.billedSince),
      reconnects: cutoffs.flatMap((c) => (c.back === null ? [] : [c.back - c.from])).sort((x, y) => x - y),
      reconnectGoalMs: options.reconnectGoalMs,
      notBack: cutoffs.filter((c) => c.back === null).length,
      billing,
      haproxy5xx: (await haproxy.count5xx()) - before5xx,
      traffic,
      ledgerFailures,
      moneyMismatches: await moneyMismatches(ids),
      exits,
      stateChanges: haproxy.takeStateChanges(),
      fivexxKinds: haproxy.take5xxKinds(),
      firstFailures: after.firstFailures.filter((f) => !before.firstFailures.includes(f)),
      is5xxGoal: options.is5xxGoal,
    };
  };

  /** Each reading's totals against its receipt lines: every billed minute at the rate, no cent more or less. */
  const moneyMismatches = async (ids: string[]) => {
    const rows = await db
      .select({
        id: readingSessions.id,
        minutesCharged: readingSessions.minutesCharged,
        totalCostCents: readingSessions.totalCostCents,
        lines: sql<number>`(select count(*)::int from ${sessionMinutes} where ${sessionMinutes.sessionId} = ${readingSessions.id})`,
        linesCents: sql<number>`(select coalesce(sum(${sessionMinutes.amountCents}), 0)::int from ${sessionMinutes} where ${sessionMinutes.sessionId} = ${readingSessions.id})`,
      })
      .from(readingSessions)
      .where(inArray(readingSessions.id, ids));
    return rows
      .filter(
        (r) =>
          r.lines !== r.minutesCharged ||
          r.linesCents !== r.totalCostCents ||
          r.totalCostCents !== r.minutesCharged * RATE_CENTS,
      )
      .map((r) => `${r.id}: ${r.minutesCharged} minutes, ${r.totalCostCents} ¢, ${r.lines} lines of ${r.linesCents} ¢`);
  };

  const rows: StepRow[] = [];
  rows.push(
    await step(
      'rolling restart (SIGTERM a, restart; then b)',
      { allowanceMs: DROP_NOTICED_MS, reconnectGoalMs: RECONNECT_GOAL_AFTER_SIGTERM_MS, is5xxGoal: true },
      async () => [
        await restart('a', 'SIGTERM'),
        // As a rolling deploy is paced: the next node only once every side is back in its reading.
        await waitFor('every side back before the next node', RECOVERY_WITHIN_MS, async () => {
          const now = await status(Date.now());
          return now.joined + now.ended >= started;
        }).then(() => 'every side back'),
        await restart('b', 'SIGTERM'),
      ],
    ),
  );
  rows.push(
    await step(
      'SIGKILL a mid-minute, restart',
      { allowanceMs: KILL_NOTICED_MS, reconnectGoalMs: RECONNECT_GOAL_AFTER_SIGKILL_MS, is5xxGoal: false },
      async () => {
        // Half a minute after a charge is heard: most readings are in the middle of a paid minute.
        const heardFrom = Date.now();
        await waitFor('a minute billed', 2 * MINUTE_MS + 30_000, async () => (await status(heardFrom)).billedSince > 0);
        await sleep(MINUTE_MS / 2);
        return [await restart('a', 'SIGKILL')];
      },
    ),
  );

  await Promise.all(
    workers.map((worker) =>
      ask<FromFailoverParticipants, 'ended'>(worker, { type: 'end' } satisfies ToFailoverParticipants, 'ended'),
    ),
  );
  for (const worker of workers) worker.kill();
  const finalLedger = await checkLedger(db);
  await haproxy.stop();
  await Promise.all(Object.values(nodes).map((node) => node.stop('SIGTERM')));
  await database.close();
  await dropScratchPostgres(serverUrl, scratch.name);
  rmSync(dataDir, { recursive: true, force: true });

  const missed = printTable(rows, started, failedToStart);
  if (finalLedger.length > 0) missed.push(`ledger check after the readings ended: ${JSON.stringify(finalLedger)}`);
  console.log(`ledger check after every reading ended: ${finalLedger.length === 0 ? 'ok (0 ¢ drift)' : 'FAILED'}`);
  if (missed.length > 0) {
    console.error(`goals missed:\n  ${missed.join('\n  ')}`);
    process.exit(1);
  }
  console.log('every goal met');
  process.exit(0);
}

/** The table per step (markdown, for the note), and the goals each step missed. */
function printTable(rows: StepRow[], started: number, failedToStart: number): string[] {
  const missed: string[] = [];
  if (failedToStart > 0) missed.push(`${failedToStart} readings failed to start`);
  console.log(
    '\n| step | readings running | reconnect p50 / p99 / max (sides) | minutes billed / both connected | billed twice | billed while cut off | 5xx (HAProxy; seen by clients) | chat acked / refused while paused / failed | ledger check |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const r = row.reconnects;
    const p99 = percentile(r, 99);
    const { billing, traffic } = row;
    const isLedgerOk = row.ledgerFailures.length === 0 && row.moneyMismatches.length === 0;
    console.log(
      `| ${row.name} | ${row.running} of ${started} | ${r.length === 0 ? '-' : `${(percentile(r, 50) / 1000).toFixed(2)} / ${(p99 / 1000).toFixed(2)} / ${((r.at(-1) ?? 0) / 1000).toFixed(2)} s (${r.length})`} | ${billing.billed} / ${billing.connectedMinutes.toFixed(1)} | ${billing.billedTwice} | ${billing.billedWhileCutOff} | ${row.haproxy5xx}; ${traffic.http5xx} of ${traffic.httpRequests} | ${traffic.chatAcked} / ${traffic.chatRefusedPaused} / ${traffic.chatFailed} | ${isLedgerOk ? 'ok (0 ¢ drift)' : 'FAILED'} |`,
    );
    console.log(`    ${row.exits.join('; ')}`);
    for (const failure of row.firstFailures) console.log(`    failed: ${failure}`);
    for (const change of row.stateChanges) console.log(`    HAProxy: ${change}`);
    for (const kind of row.fivexxKinds) console.log(`    5xx: ${kind}`);
    if (row.running < started) missed.push(`${row.name}: ${started - row.running} readings lost`);
    if (row.notBack > 0) missed.push(`${row.name}: ${row.notBack} sides not back in their reading`);
    if (r.length > 0 && p99 > row.reconnectGoalMs)
      missed.push(`${row.name}: reconnect p99 ${p99} ms over ${row.reconnectGoalMs} ms`);
    if (billing.billedTwice > 0 || billing.billedWhileCutOff > 0)
      missed.push(
        `${row.name}: ${billing.billedTwice} minutes billed twice, ${billing.billedWhileCutOff} while a side was cut off: ${billing.examples.join('; ')}`,
      );
    if (row.is5xxGoal && (row.haproxy5xx > 0 || traffic.http5xx > 0))
      missed.push(`${row.name}: ${row.haproxy5xx} 5xx from HAProxy, ${traffic.http5xx} seen by the clients`);
    if (!isLedgerOk)
      missed.push(
        `${row.name}: ledger ${JSON.stringify(row.ledgerFailures)} ${row.moneyMismatches.slice(0, 3).join('; ')}`,
      );
  }
  console.log(
    `HAProxy: round robin, no stickiness, GET /api/health/ready every ${CHECK.intervalMs} ms (fall ${CHECK.fall}, rise ${CHECK.rise}, timeout check ${CHECK.timeoutMs} ms), option redispatch, retry-on conn-failure empty-response 403 503 (all but conn-failure: Socket.IO only), timeout connect 5 s, timeout tunnel 1h`,
  );
  return missed;
}

main().catch(async (error) => {
  console.error(error);
  for (const cleanup of cleanups.reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch(() => undefined);
  process.exit(1);
});
