/**
 * npm run bench:sessions -- [--sessions 50] [--minute-ms 2000] [--minutes 5]
 *
 * Holds N concurrent readings on one server: N simulated clients and N readers, each on its own
 * real Socket.IO connection, with a short billing minute. Prints the sessions held, charges per
 * second, the delay between each minute's due time and the moment the client hears its charge
 * (p50/p99), and the ledger check. PGlite in memory by default; PostgreSQL with DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { count, eq } from 'drizzle-orm';
import { readerProfiles, readingSessions } from '../src/server/db/schema';
import { createUserWithPassword } from '../src/server/features/auth/create-user';
import { checkLedger } from '../src/server/features/wallet/check-ledger';
import { SYSTEM_ACCOUNTS, transfer, walletAccountId } from '../src/server/features/wallet/ledger';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    'minute-ms': { type: 'string', default: '2000' },
    minutes: { type: 'string', default: '5' },
  },
});
const N = Number(values.sessions);
const MINUTE_MS = Number(values['minute-ms']);
const MINUTES = Number(values.minutes);
const RATE = 250;
const ORIGIN = 'http://localhost:5000';
const PASSWORD = 'bench-password-1';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function main() {
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 20 })
    : await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    BILLING_MINUTE_MS: String(MINUTE_MS),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_IP_MAX: '1000000',
    AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000000',
    ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
  });
  const { app, db } = await buildApp({ config, database, web: 'none' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const runId = Date.now().toString(36);

  const passwordHash = await hashPassword(PASSWORD);
  const pairs: { clientEmail: string; readerId: string; readerEmail: string }[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < N; i++) {
      const clientEmail = `bench-client-${runId}-${i}@bench.local`;
      const readerEmail = `bench-reader-${runId}-${i}@bench.local`;
      const client = await createUserWithPassword(tx, { email: clientEmail, password: PASSWORD, passwordHash, name: `Client ${i}`, role: 'client' });
      const reader = await createUserWithPassword(tx, { email: readerEmail, password: PASSWORD, passwordHash, name: `Reader ${i}`, role: 'reader' });
      await tx.insert(readerProfiles).values({
        userId: reader.id, firstName: 'Reader', lastName: String(i), username: `bench_${runId}_${i}`, bio: 'bench', specialties: ['Tarot'],
        yearsExperience: 1, chatRateCents: RATE, audioRateCents: RATE, videoRateCents: RATE,
      });
      await transfer(tx, { debitAccountId: SYSTEM_ACCOUNTS.external, creditAccountId: walletAccountId(client.id), amountCents: RATE * 1000, kind: 'deposit', idempotencyKey: `bench:${runId}:${i}` });
      pairs.push({ clientEmail, readerId: reader.id, readerEmail });
    }
  });

  const signIn = async (email: string) => {
    const response = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email, password: PASSWORD }) });
    if (!response.ok) throw new Error(`sign-in ${email}: ${response.status}`);
    return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  };
  const send = async (method: 'POST' | 'PATCH', cookie: string, path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', origin: ORIGIN, cookie }, body: JSON.stringify(body) });
    const json = (await response.json()) as { id?: string; error?: { message: string } };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${json.error?.message}`);
    return json;
  };
  const post = (cookie: string, path: string, body: unknown) => send('POST', cookie, path, body);
  const connect = (cookie: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(base, { transports: ['websocket'], extraHeaders: { cookie, origin: ORIGIN }, reconnection: false, forceNew: true });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  const setupStarted = performance.now();
  const delaysMs: number[] = [];
  let charges = 0;
  // Only what happens in the measured window counts: set-up (sign-ins, joins) takes a while for
  // large N, and early sessions are already billing during it.
  let measuring = false;
  const sockets: Socket[] = [];
  const sessions = await Promise.all(
    pairs.map(async (pair) => {
      const [clientCookie, readerCookie] = [await signIn(pair.clientEmail), await signIn(pair.readerEmail)];
      const [clientSocket, readerSocket] = [await connect(clientCookie), await connect(readerCookie)];
      sockets.push(clientSocket, readerSocket);
      // Like a reader on the dashboard: page open first, then the Online switch (a reader with no
      // page goes offline after a minute).
      await send('PATCH', readerCookie, '/api/readers/me', { isOnline: true });
      clientSocket.on('billing_update', (u: { nextMinuteAt: string | null }) => {
        if (!u.nextMinuteAt || !measuring) return;
        charges++;
        delaysMs.push(Date.now() - (Date.parse(u.nextMinuteAt) - MINUTE_MS));
      });
      const { id } = await post(clientCookie, '/api/sessions/request', { readerId: pair.readerId, sessionType: 'chat' });
      await post(readerCookie, '/api/sessions/respond', { sessionId: id, response: 'accept' });
      await clientSocket.emitWithAck('join_session_room', { sessionId: id });
      await readerSocket.emitWithAck('join_session_room', { sessionId: id });
      return { id: id!, clientCookie };
    }),
  );
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  measuring = true;
  const runStarted = performance.now();
  await new Promise((r) => setTimeout(r, MINUTES * MINUTE_MS));
  const runSeconds = (performance.now() - runStarted) / 1000;
  measuring = false;
  const [held] = await db.select({ n: count() }).from(readingSessions).where(eq(readingSessions.status, 'active'));
  await Promise.all(sessions.map((s) => post(s.clientCookie, '/api/sessions/end', { sessionId: s.id })));
  for (const s of sockets) s.disconnect();
  await app.close();
  const failures = await checkLedger(db);
  await database.close();

  const sorted = [...delaysMs].sort((x, y) => x - y);
  console.log(`database: ${database.kind}; sessions started: ${sessions.length}, still active at the end: ${held?.n ?? 0}; minute: ${MINUTE_MS} ms; run: ${runSeconds.toFixed(1)} s (set-up ${setupSeconds.toFixed(1)} s)`);
  console.log(`charges: ${charges} (${(charges / runSeconds).toFixed(1)}/s); due→heard delay ms: p50 ${percentile(sorted, 50).toFixed(0)}, p99 ${percentile(sorted, 99).toFixed(0)}, max ${(sorted.at(-1) ?? Number.NaN).toFixed(0)}`);
  console.log(`ledger check: ${failures.length === 0 ? 'ok (0 cents drift)' : JSON.stringify(failures)}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
