/**
 * `npm run bench:web`: the directory at scale. Seeds 10,000 readers (bulk inserts: ratings,
 * specialties, about one in five online, a few in an active reading), serves the app over HTTP and
 * measures requests per second and p50/p99 latency of a first page, a search and a filtered sort
 * of `GET /api/readers`, next to `GET /api/health` in the same run, with autocannon in a process of
 * its own as the clients. Beside each figure, a bare Fastify in the same process answering the
 * same path with the same body (the app's answer, parsed once and serialised per request as any
 * route's), measured in one-second turns with it (round after round over every endpoint), and the app's CPU per request as a multiple of the bare one
 * (the goal: within 2×); the process's idle CPU (the app's timers) is taken out of both.
 * The readers have 90 days of readings and written questions behind them (decision 067), so the
 * Recommended order ranks by real service figures: its first page and a later one are measured,
 * and so are the cache's first read of every listing (the figures are aggregated there) and the
 * home page's featured readers, which order every reader by the same score in SQL.
 * PGlite in memory by default;
 * with DATABASE_URL, a scratch database on that PostgreSQL server, dropped afterwards.
 *
 * Knobs (environment): BENCH_READERS (10000), BENCH_SECONDS (5 per endpoint), BENCH_CONNECTIONS (10).
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { readerProfiles, readingSessions, user, writtenReadings } from '../src/server/db/schema';
import { openScratchPostgres } from '../tests/integration/scratch-database';
import { DAY_MS, SECOND_MS } from '../src/shared/time-units';

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const readerCount = setting('BENCH_READERS', 10_000);
const secondsPerEndpoint = setting('BENCH_SECONDS', 5);
const connections = setting('BENCH_CONNECTIONS', 10);
const BUSY_READERS = 25;
const CHUNK = 500;
const HISTORY_CHUNK = 2_000;

const SPECIALTIES = [
  'Tarot',
  'Astrology',
  'Mediumship',
  'Love & Relationships',
  'Career',
  'Dream Analysis',
  'Numerology',
  'Runes',
  'Past Lives',
  'Energy Healing',
  'Crystals',
  'Clairvoyance',
  'Palmistry',
  'Angel Cards',
  'Pet Psychic',
];
const FIRST = [
  'Aurora',
  'Orion',
  'Luna',
  'Sage',
  'Kai',
  'Iris',
  'Rowan',
  'Celeste',
  'Ezra',
  'Nova',
  'Willow',
  'Jasper',
  'Maya',
  'Soren',
  'Lyra',
];
const LAST = [
  'Starweaver',
  'Blackwood',
  'Moonstone',
  'Rivers',
  'Nightingale',
  'Ashford',
  'Vale',
  'Hart',
  'Solis',
  'Quinn',
];
const BIOS = [
  'Intuitive tarot reader guiding you through love, career and the crossroads in between.',
  'Third-generation medium; I connect with loved ones who have passed and bring their messages.',
  'Astrologer reading your natal chart and transits with warmth and honesty.',
  'Energy healer and dream interpreter; calm, practical insight for what keeps you up at night.',
];

/** A deterministic spread of readers: the same data every run, so runs compare. */
function readerRow(i: number, runId: string) {
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
  const specialties = [...new Set([pick(SPECIALTIES, i), pick(SPECIALTIES, i * 7 + 3), pick(SPECIALTIES, i * 13 + 5)])];
  const ratingCount = (i * 37) % 400;
  return {
    user: {
      id: `bench-reader-${runId}-${i}`,
      name: `${pick(FIRST, i)} ${pick(LAST, i * 3)}`,
      email: `bench-reader-${runId}-${i}@bench.soultribe.app`,
      role: 'reader' as const,
      emailVerified: true,
    },
    profile: {
      userId: `bench-reader-${runId}-${i}`,
      firstName: pick(FIRST, i),
      lastName: pick(LAST, i * 3),
      username: `bench_${runId}_${i}`,
      bio: pick(BIOS, i * 5),
      specialties,
      yearsExperience: 1 + ((i * 11) % 40),
      chatRateCents: 99 + ((i * 53) % 900),
      audioRateCents: 199 + ((i * 53) % 900),
      videoRateCents: 299 + ((i * 53) % 900),
      isOnline: i % 5 === 0,
      ratingCount,
      ratingSum: Math.round(ratingCount * (3 + ((i * 17) % 21) / 10)),
      completedSessions: ratingCount + ((i * 29) % 600),
    },
  };
}

async function openBenchDatabase(): Promise<{ database: Database; label: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return { database, label: 'PGlite (in memory)' };
  }
  const database = await openScratchPostgres(serverUrl, { prefix: 'soul_tribe_bench', poolSize: connections });
  return { database, label: `PostgreSQL ${new URL(serverUrl).host} (scratch database ${database.name})` };
}

async function seed(database: Database, runId: string) {
  const { db } = database;
  const rows = Array.from({ length: readerCount }, (_, i) => readerRow(i, runId));
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await db.insert(user).values(chunk.map((row) => row.user));
    await db.insert(readerProfiles).values(chunk.map((row) => row.profile));
  }
  // A few online readers in a reading right now: busy, as the directory must show them.
  const clients = Array.from({ length: BUSY_READERS }, (_, i) => ({
    id: `bench-client-${runId}-${i}`,
    name: `Client ${i}`,
    email: `bench-client-${runId}-${i}@bench.soultribe.app`,
    role: 'client' as const,
  }));
  await db.insert(user).values(clients);
  const now = new Date();
  await db.insert(readingSessions).values(
    clients.map((client, i) => ({
      id: `bench-session-${runId}-${i}`,
      clientId: client.id,
      readerId: rows[i * 5]!.user.id,
      sessionType: 'chat' as const,
      status: 'active' as const,
      ratePerMinuteCents: rows[i * 5]!.profile.chatRateCents,
      requestedAt: now,
      startedAt: now,
    })),
  );
  await seedHistory(
    database,
    runId,
    rows.map((row) => row.user.id),
    clients[0]!.id,
    now,
  );
  await db.execute(sql`analyze`);
}

/**
 * 90 days behind every reader (decision 067): 0 to 24 walk-in requests each (about 12 on average, 120,000
 * in all) accepted, declined, missed or withdrawn, the readings ended by the client or early by the
 * reader or refunded, and 10 written questions for one reader in four, so every service figure and
 * the Recommended score have rows to count. Deterministic, as the readers are.
 */
async function seedHistory(database: Database, runId: string, readerIds: string[], clientId: string, now: Date) {
  const readings: (typeof readingSessions.$inferInsert)[] = [];
  const questions: (typeof writtenReadings.$inferInsert)[] = [];
  const flush = async (force = false) => {
    if (readings.length >= HISTORY_CHUNK || (force && readings.length > 0))
      await database.db.insert(readingSessions).values(readings.splice(0));
    if (questions.length >= HISTORY_CHUNK || (force && questions.length > 0))
      await database.db.insert(writtenReadings).values(questions.splice(0));
  };
  for (const [i, readerId] of readerIds.entries()) {
    const count = (i * 7) % 25;
    for (let j = 0; j < count; j++) {
      const requestedAt = new Date(now.getTime() - (1 + ((i + j * 3) % 88)) * DAY_MS);
      const base = {
        id: `bench-history-${runId}-${i}-${j}`,
        clientId,
        readerId,
        sessionType: 'chat' as const,
        ratePerMinuteCents: 299,
        requestedAt,
      };
      const roll = (i * 31 + j * 17) % 20;
      const respondedAt = new Date(requestedAt.getTime() + (2 + ((i + j * 5) % 50)) * SECOND_MS);
      if (roll === 0)
        readings.push({
          ...base,
          status: 'declined',
          respondedAt,
          endedAt: respondedAt,
          endReason: 'declined',
          endedBy: readerId,
        });
      else if (roll === 1)
        readings.push({
          ...base,
          status: 'missed',
          endedAt: new Date(requestedAt.getTime() + 60 * SECOND_MS),
          endReason: 'missed',
        });
      else if (roll === 2)
        readings.push({
          ...base,
          status: 'cancelled',
          endedAt: respondedAt,
          endReason: 'cancelled',
          endedBy: clientId,
        });
      else {
        const minutes = roll === 3 ? 2 : 4 + ((i + j) % 20);
        const startedAt = new Date(respondedAt.getTime() + 5 * SECOND_MS);
        readings.push({
          ...base,
          status: 'completed',
          respondedAt,
          startedAt,
          endedAt: new Date(startedAt.getTime() + minutes * 60 * SECOND_MS),
          endReason: 'completed',
          endedBy: roll === 3 ? readerId : clientId,
          minutesCharged: minutes,
          totalCostCents: roll === 4 ? 0 : minutes * 299,
          refundedCents: roll === 4 ? minutes * 299 : 0,
        });
      }
      await flush();
    }
    if (i % 4 === 0) {
      for (let j = 0; j < 10; j++) {
        const createdAt = new Date(now.getTime() - (2 + ((i + j) % 80)) * DAY_MS);
        const dueAt = new Date(createdAt.getTime() + DAY_MS);
        const isAnswered = (i + j) % 9 !== 0;
        questions.push({
          id: `bench-question-${runId}-${i}-${j}`,
          clientId,
          readerId,
          question: 'What does the coming season hold for my work?',
          priceCents: 1500,
          answerHours: 24,
          status: isAnswered ? 'answered' : 'refunded',
          createdAt,
          dueAt,
          ...(isAnswered
            ? {
                answer: 'The cards show a slow start and a strong finish: patience through the first month pays.',
                answeredAt: new Date(createdAt.getTime() + 3_600_000),
              }
            : { refundedAt: dueAt }),
        });
      }
    }
  }
  await flush(true);
}

const execFileAsync = promisify(execFile);
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

/** What autocannon's --json prints, as far as this script reads it. */
interface AutocannonResult {
  requests: { average: number; total: number };
  throughput: { total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One slice of load on one path: what autocannon counted and the server's CPU meanwhile, idle CPU taken out. */
interface Slice {
  requests: number;
  seconds: number;
  cpuMs: number;
  bytes: number;
  p50: number;
  p99: number;
  failures: number;
}

/**
 * `connections` keep-alive connections, each sending the next request as soon as the last one is
 * answered, from autocannon in a process of its own: the load it makes costs the other core, not
 * the server's (an in-process generator took about half the server's time, and its figure was the
 * generator's as much as the server's).
 */
async function measureSlice(base: string, path: string, seconds: number, idleCpuMsPerSecond: number): Promise<Slice> {
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const { stdout } = await execFileAsync(
    process.execPath,
    [AUTOCANNON, '--json', '--connections', String(connections), '--duration', String(seconds), `${base}${path}`],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const result = JSON.parse(stdout) as AutocannonResult;
  // This process is the server alone now: its CPU per answered request, whatever else the machine runs.
  const cpu = process.cpuUsage(cpuBefore);
  const idleMs = (idleCpuMsPerSecond * (performance.now() - startedAt)) / 1000;
  return {
    requests: result.requests.total,
    seconds,
    cpuMs: Math.max(0, (cpu.user + cpu.system) / 1000 - idleMs),
    bytes: result.throughput.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** An endpoint's slices as one figure: totals over all of them, the median p50 and the worst p99. */
function combine(path: string, slices: Slice[]) {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const p50s = slices.map((slice) => slice.p50).sort((a, b) => a - b);
  return {
    path,
    requestsPerSecond: requests / slices.reduce((sum, slice) => sum + slice.seconds, 0),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...slices.map((slice) => slice.p99)),
    cpuMsPerRequest: slices.reduce((sum, slice) => sum + slice.cpuMs, 0) / Math.max(1, requests),
    kbPerAnswer: slices.reduce((sum, slice) => sum + slice.bytes, 0) / 1024 / Math.max(1, requests),
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
  };
}

/**
 * A bare Fastify answering each path with the app's own answer to it, as an object that it
 * serialises per request like any route: the cost of HTTP and Fastify alone, for the ratio.
 */
async function bareFastify(appBase: string, paths: string[]) {
  const answers = new Map<string, unknown>();
  for (const path of paths) answers.set(path, await (await fetch(`${appBase}${path}`)).json());
  const bare = Fastify({ logger: false });
  bare.get('/*', async (request) => answers.get(request.url) ?? {});
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`, close: () => bare.close() };
}

async function warm(base: string, path: string) {
  await execFileAsync(process.execPath, [
    AUTOCANNON,
    '--connections',
    String(connections),
    '--duration',
    '1',
    `${base}${path}`,
  ]);
}

/** This process's CPU while nothing asks it anything (the app's own timers), per second. */
async function idleCpu(): Promise<number> {
  const before = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / 2;
}

async function main() {
  const { database, label } = await openBenchDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const { app } = await buildApp({ config, database, web: 'none' });
  try {
    const runId = Date.now().toString(36);
    const seedStarted = performance.now();
    await seed(database, runId);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // The cache's first read: every listing and its service figures in one query. The seed's own
    // change notices reach PostgreSQL's listener a moment after its commits; a read they overtook
    // would be followed by another (up to three) and timed as one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const firstStarted = performance.now();
    const first = (await (await fetch(`${base}/api/readers`)).json()) as { total: number };
    const firstReadMs = performance.now() - firstStarted;
    if (first.total !== readerCount)
      throw new Error(`expected ${readerCount} readers, the directory lists ${first.total}`);

    // The filtered sort without `online=true`: the seeded readers have no socket, so the app takes
    // them offline within the run and that filter answered an empty page (0.9 KB) in stop 43.
    const paths = [
      '/api/health/live',
      '/api/health',
      '/api/readers',
      '/api/readers?sort=recommended&page=5',
      '/api/readers?search=tarot',
      `/api/readers?specialty=${encodeURIComponent('Dream Analysis')}&sort=price-asc`,
      '/api/sessions/available-readers?limit=6&featured=true',
    ];
    const bare = await bareFastify(base, paths);
    // A short pass of load first, on both servers, so JIT and caches are warm for every endpoint alike.
    for (const path of paths) {
      await warm(bare.base, path);
      await warm(base, path);
    }
    const idleCpuMsPerSecond = await idleCpu();
    // One second of each endpoint in turn, bare then app, round after round: the app's own bursts
    // of work (its presence sweep taking the socketless seeded readers offline, a minute ago a
    // whole endpoint's 5 s) fall on every endpoint alike, not on whichever one runs at that time.
    const slices = new Map(paths.map((path) => [path, { app: [] as Slice[], bare: [] as Slice[] }]));
    for (let round = 0; round < secondsPerEndpoint; round++) {
      for (const path of paths) {
        const kept = slices.get(path)!;
        kept.bare.push(await measureSlice(bare.base, path, 1, idleCpuMsPerSecond));
        kept.app.push(await measureSlice(base, path, 1, idleCpuMsPerSecond));
      }
    }
    const results = paths.map((path) => ({
      ...combine(path, slices.get(path)!.app),
      bareCpuMsPerRequest: combine(path, slices.get(path)!.bare).cpuMsPerRequest,
    }));
    await bare.close();

    console.log(
      `bench:web on ${label}: ${readerCount.toLocaleString('en-US')} readers (${BUSY_READERS} in a reading, 90 days of readings behind them) seeded in ${seedSeconds.toFixed(1)} s; ${connections} concurrent connections, ${secondsPerEndpoint} s per endpoint in one-second turns; idle CPU ${idleCpuMsPerSecond.toFixed(0)} ms/s taken out; load ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log(
      `the directory cache's first read (every listing with its service figures): ${firstReadMs.toFixed(0)} ms`,
    );
    console.table(
      results.map((r) => ({
        endpoint: r.path,
        'req/s': Number(r.requestsPerSecond.toFixed(0)),
        'p50 ms': Number(r.p50.toFixed(1)),
        'p99 ms': Number(r.p99.toFixed(1)),
        'CPU ms/req': Number(r.cpuMsPerRequest.toFixed(3)),
        'bare ms/req': Number(r.bareCpuMsPerRequest.toFixed(3)),
        '× bare': Number((r.cpuMsPerRequest / Math.max(1e-6, r.bareCpuMsPerRequest)).toFixed(1)),
        'KB/answer': Number(r.kbPerAnswer.toFixed(1)),
        failures: r.failures,
      })),
    );
    return results.every((r) => r.failures === 0) ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
