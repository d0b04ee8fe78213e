/**
 * npm run bench:live -- [--viewers 100,1000,2000,4000,8000] [--workers 2]
 *
 * One reader's live stream on one server, watched by N viewers, each a real Socket.IO connection
 * that joined the stream's room. For each N it sends chat messages (from 20 chatting viewers) and
 * gifts (10, through the real gift endpoint and ledger), and prints the p50/p99 delay from the
 * send to each viewer hearing it: for chat, from the sender's emit to `stream_chat`; for a gift,
 * from the POST to `stream_gift`. The viewers run in child processes (`--workers`) so the
 * server's process is not also the clients'. It stops at the first N the machine does not hold
 * (a join fails, or a message does not reach every viewer within 15 s) and prints the most it held.
 * PGlite in memory by default; PostgreSQL with DATABASE_URL.
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import { io, type Socket } from 'socket.io-client';

const ORIGIN = 'http://localhost:5000';
const PASSWORD = 'bench-password-1';
const CHATTERS = 20;
const CHAT_ROUNDS = 3;
const GIFTS_SENT = 10;
const DELIVERY_TIMEOUT_MS = 15_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const connect = (base: string, cookie: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(base, { transports: ['websocket'], extraHeaders: { cookie, origin: ORIGIN }, reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

/** Runs `work` over `items`, at most `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

type ToChild = { type: 'join'; base: string; streamId: string; cookies: string[]; count: number } | { type: 'report' } | { type: 'leave' };
type FromChild =
  | { type: 'joined'; joined: number; failed: number }
  | { type: 'report'; chatDelays: number[]; giftsHeard: [string, number][] }
  | { type: 'left' };

/** A worker process: holds its share of the viewers and notes when each hears each message. */
function runViewers() {
  let sockets: Socket[] = [];
  let chatDelays: number[] = [];
  let giftsHeard: [string, number][] = [];
  const reply = (message: FromChild) => process.send?.(message);
  process.on('message', async (message: ToChild) => {
    if (message.type === 'join') {
      let failed = 0;
      await inBatches(
        Array.from({ length: message.count }, (_, i) => i),
        50,
        async (i) => {
          try {
            const socket = await connect(message.base, message.cookies[i % message.cookies.length] as string);
            socket.on('stream_chat', (chat: { content: string }) => chatDelays.push(Date.now() - Number(chat.content.split(':')[1])));
            socket.on('stream_gift', (gift: { id: string }) => giftsHeard.push([gift.id, Date.now()]));
            const ack = (await socket.timeout(30_000).emitWithAck('join_stream', { streamId: message.streamId })) as { ok: boolean };
            if (!ack.ok) throw new Error('join refused');
            sockets.push(socket);
          } catch {
            failed++;
          }
        },
      );
      reply({ type: 'joined', joined: sockets.length, failed });
    } else if (message.type === 'report') {
      reply({ type: 'report', chatDelays, giftsHeard });
      chatDelays = [];
      giftsHeard = [];
    } else {
      for (const socket of sockets) socket.disconnect();
      sockets = [];
      reply({ type: 'left' });
    }
  });
}

async function runBenchmark() {
  const { values } = parseArgs({
    options: { viewers: { type: 'string', default: '100,1000,2000,4000,8000' }, workers: { type: 'string', default: '2' } },
  });
  const steps = values.viewers.split(',').map(Number);
  const workerCount = Number(values.workers);

  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/client');
  const { readerProfiles } = await import('../src/server/db/schema');
  const { createUserWithPassword } = await import('../src/server/features/auth/create-user');
  const { checkLedger } = await import('../src/server/features/wallet/check-ledger');
  const { createWallet, SYSTEM_ACCOUNTS, transfer, walletAccountId } = await import('../src/server/features/wallet/ledger');

  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 20 })
    : await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_IP_MAX: '1000000',
    AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000000',
    API_RATE_LIMIT_USER_MAX: '1000000',
    API_RATE_LIMIT_IP_MAX: '1000000',
    ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
  });
  const { app, db } = await buildApp({ config, database, web: 'none', runScheduler: false, runMessageRetention: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Viewers share 100 accounts (a sign-in each costs a password hash); the chatters and gifters
  // are accounts of their own, so the chat's per-user rate limit never slows the measurement.
  const passwordHash = await hashPassword(PASSWORD);
  const emails = { reader: 'bench-reader@bench.local', viewers: [] as string[], chatters: [] as string[], gifters: [] as string[] };
  await db.transaction(async (tx) => {
    const reader = await createUserWithPassword(tx, { email: emails.reader, password: PASSWORD, passwordHash, name: 'Bench Reader', role: 'reader', now: new Date() }, createWallet);
    await tx.insert(readerProfiles).values({
      userId: reader.id, firstName: 'Bench', lastName: 'Reader', username: 'bench_reader', bio: 'bench', specialties: ['Tarot'],
      yearsExperience: 1, chatRateCents: 199, audioRateCents: 199, videoRateCents: 199,
    });
    const make = async (kind: 'viewers' | 'chatters' | 'gifters', n: number) => {
      for (let i = 0; i < n; i++) {
        const email = `bench-${kind}-${i}@bench.local`;
        const user = await createUserWithPassword(tx, { email, password: PASSWORD, passwordHash, name: `${kind} ${i}`, role: 'client', now: new Date() }, createWallet);
        if (kind === 'gifters') {
          await transfer(tx, { debitAccountId: SYSTEM_ACCOUNTS.external, creditAccountId: walletAccountId(user.id), amountCents: 100_000, kind: 'deposit', idempotencyKey: `bench:${email}` });
        }
        emails[kind].push(email);
      }
    };
    await make('viewers', 100);
    await make('chatters', CHATTERS);
    await make('gifters', GIFTS_SENT);
  });
  const signIn = async (email: string) => {
    const response = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email, password: PASSWORD }) });
    if (!response.ok) throw new Error(`sign-in ${email}: ${response.status}`);
    return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  };
  const post = async (cookie: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, cookie, ...headers }, body: JSON.stringify(body) });
    const json = (await response.json()) as { id: string; error?: { message: string } };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${json.error?.message}`);
    return json;
  };

  const readerCookie = await signIn(emails.reader);
  const viewerCookies = await Promise.all(emails.viewers.map(signIn));
  const chatterCookies = await Promise.all(emails.chatters.map(signIn));
  const gifterCookies = await Promise.all(emails.gifters.map(signIn));
  const { id: streamId } = await post(readerCookie, '/api/live/streams', { title: 'Bench stream', category: 'Tarot Reading' });
  const chatters = await Promise.all(chatterCookies.map((cookie) => connect(base, cookie)));
  for (const chatter of chatters) await chatter.emitWithAck('join_stream', { streamId });

  const workers = Array.from({ length: workerCount }, () => fork(import.meta.filename, ['--viewers-worker'], { execArgv: process.execArgv }));
  const ask = <T extends FromChild['type']>(worker: (typeof workers)[number], message: ToChild, answer: T) =>
    new Promise<Extract<FromChild, { type: T }>>((resolve) => {
      const listener = (reply: FromChild) => {
        if (reply.type !== answer) return;
        worker.off('message', listener);
        resolve(reply as Extract<FromChild, { type: T }>);
      };
      worker.on('message', listener);
      worker.send(message);
    });

  console.log(`database: ${database.kind}; viewer processes: ${workerCount}; per N: ${CHATTERS * CHAT_ROUNDS} chat messages and ${GIFTS_SENT} gifts`);
  let mostHeld = 0;
  for (const n of steps) {
    const joinStarted = performance.now();
    const shares = workers.map((_, i) => Math.floor(n / workerCount) + (i < n % workerCount ? 1 : 0));
    const joins = await Promise.all(workers.map((w, i) => ask(w, { type: 'join', base, streamId, cookies: viewerCookies, count: shares[i] as number }, 'joined')));
    const joined = joins.reduce((sum, j) => sum + j.joined, 0);
    const joinSeconds = (performance.now() - joinStarted) / 1000;
    const audience = joined + chatters.length;

    const giftSentAt = new Map<string, number>();
    for (let round = 0; round < CHAT_ROUNDS; round++) {
      for (const chatter of chatters) chatter.emit('stream_message', { streamId, content: `bench:${Date.now()}` }, () => {});
      const gifts = gifterCookies.slice(round * 4, round * 4 + 4);
      await Promise.all(
        gifts.map(async (cookie, i) => {
          const sentAt = Date.now();
          const gift = await post(cookie, `/api/live/streams/${streamId}/gifts`, { giftId: 'crystal' }, { 'idempotency-key': `bench-${n}-${round}-${i}` });
          giftSentAt.set(gift.id, sentAt);
        }),
      );
      await sleep(1000);
    }
    const expectedChat = CHATTERS * CHAT_ROUNDS * joined;
    const expectedGifts = giftSentAt.size * joined;
    let chatDelays: number[] = [];
    let giftDelays: number[] = [];
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    do {
      await sleep(500);
      const reports = await Promise.all(workers.map((w) => ask(w, { type: 'report' }, 'report')));
      for (const report of reports) {
        chatDelays = chatDelays.concat(report.chatDelays);
        giftDelays = giftDelays.concat(report.giftsHeard.map(([id, at]) => at - (giftSentAt.get(id) ?? at)));
      }
    } while ((chatDelays.length < expectedChat || giftDelays.length < expectedGifts) && Date.now() < deadline);

    const chat = chatDelays.sort((a, b) => a - b);
    const gift = giftDelays.sort((a, b) => a - b);
    const held = joined === n && chat.length === expectedChat && gift.length === expectedGifts;
    console.log(
      `N=${n}: joined ${joined}/${n} in ${joinSeconds.toFixed(1)} s (room ${audience}); ` +
        `chat heard ${chat.length}/${expectedChat}, p50 ${percentile(chat, 50)} ms, p99 ${percentile(chat, 99)} ms; ` +
        `gifts heard ${gift.length}/${expectedGifts}, p50 ${percentile(gift, 50)} ms, p99 ${percentile(gift, 99)} ms`,
    );
    await Promise.all(workers.map((w) => ask(w, { type: 'leave' }, 'left')));
    if (!held) break;
    mostHeld = n;
  }
  console.log(`most viewers held (every message to every viewer within ${DELIVERY_TIMEOUT_MS / 1000} s): ${mostHeld}`);

  for (const worker of workers) worker.kill();
  for (const chatter of chatters) chatter.disconnect();
  await app.close();
  const failures = await checkLedger(db);
  await database.close();
  console.log(`ledger check: ${failures.length === 0 ? 'ok (0 cents drift)' : JSON.stringify(failures)}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

if (process.argv.includes('--viewers-worker')) runViewers();
else
  runBenchmark().catch((error) => {
    console.error(error);
    process.exit(1);
  });
