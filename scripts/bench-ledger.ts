/**
 * `npm run bench:ledger`: many concurrent callers making split charges through the ledger, then the
 * release of every held share (as the readings' ends would), then the invariant check. PGlite in memory by default; with DATABASE_URL, a scratch database created on
 * that PostgreSQL server and dropped afterwards (the configured database itself is never touched).
 *
 * Knobs (environment): BENCH_CHARGES (3000), BENCH_WORKERS (32), BENCH_CLIENTS (20),
 * BENCH_READERS (5), BENCH_BATCH (1: charges per transaction; above 1 each transaction makes its
 * charges with one chargeManyWithSplit, as the scheduler charges a chunk of due minutes on
 * PostgreSQL), BENCH_MAX_SECONDS (60: stops early rather than run long), BENCH_PROFILE (a path:
 * writes a CPU profile of the charging window there and prints its top lines).
 */
import { type Database, openDatabase } from '../src/server/db/client';
import { openScratchPostgres } from '../tests/integration/scratch-database';
import { eq } from 'drizzle-orm';
import { ledgerAccounts, ledgerTransfers, user } from '../src/server/db/schema';
import { printProfile, startWindowProfile } from './bench-profile';
import { checkLedger } from '../src/server/features/wallet/check-ledger';
import {
  chargeManyWithSplit,
  chargeWithSplit,
  createWallet,
  InsufficientFundsError,
  releaseHeldShare,
  type SplitChargeInput,
  type SplitChargeResult,
  SYSTEM_ACCOUNTS,
  transfer,
  walletAccountId,
} from '../src/server/features/wallet/ledger';

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const chargeCount = setting('BENCH_CHARGES', 3000);
const workerCount = setting('BENCH_WORKERS', 32);
const clientCount = setting('BENCH_CLIENTS', 20);
const readerCount = setting('BENCH_READERS', 5);
const batchSize = setting('BENCH_BATCH', 1);
const maxMs = setting('BENCH_MAX_SECONDS', 60) * 1000;
const RATE_MIN_CENTS = 99;
const RATE_MAX_CENTS = 999;

async function openBenchDatabase(): Promise<{ database: Database; label: string; dispose(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return { database, label: 'PGlite (in memory)', dispose: () => database.close() };
  }
  const database = await openScratchPostgres(serverUrl, { prefix: 'soul_tribe_bench', poolSize: workerCount });
  const host = new URL(serverUrl).host;
  return {
    database,
    label: `PostgreSQL ${host} (scratch database ${database.name}, pool ${workerCount})`,
    dispose: () => database.close(),
  };
}

async function createAccounts(database: Database) {
  const { db } = database;
  const make = async (role: 'client' | 'reader', i: number) => {
    const id = `bench-${role}-${i}`;
    await db.insert(user).values({ id, name: `Bench ${role} ${i}`, email: `${id}@bench.soultribe.app`, role });
    await createWallet(db, id);
    return id;
  };
  const clients = await Promise.all(Array.from({ length: clientCount }, (_, i) => make('client', i)));
  const readers = await Promise.all(Array.from({ length: readerCount }, (_, i) => make('reader', i)));
  // Enough for every charge to be paid, so the figures measure charging, not refusing.
  const fundingCents = Math.ceil(chargeCount / clientCount + 1) * RATE_MAX_CENTS;
  for (const id of clients) {
    await db.transaction((tx) =>
      transfer(tx, {
        debitAccountId: SYSTEM_ACCOUNTS.external,
        creditAccountId: walletAccountId(id),
        amountCents: fundingCents,
        kind: 'deposit',
        idempotencyKey: `bench:fund:${id}`,
      }),
    );
  }
  return { clients, readers };
}

function percentile(sortedMs: number[], p: number) {
  if (sortedMs.length === 0) return 0;
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)]!;
}

async function main(): Promise<number> {
  const { database, label, dispose } = await openBenchDatabase();
  try {
    const { clients, readers } = await createAccounts(database);
    console.log(`bench:ledger on ${label}`);
    console.log(
      `  ${chargeCount} split charges, ${workerCount} concurrent workers, ${clientCount} clients, ${readerCount} readers, ${batchSize === 1 ? '1 charge per transaction (chargeWithSplit)' : `${batchSize} charges per transaction (chargeManyWithSplit)`}`,
    );

    const latenciesMs: number[] = [];
    let next = 0;
    let transfers = 0;
    let refused = 0;
    const profilePath = process.env.BENCH_PROFILE;
    const profiler = profilePath ? await startWindowProfile(profilePath) : undefined;
    const startedAt = performance.now();
    const deadline = startedAt + maxMs;
    const charge = (i: number): SplitChargeInput => {
      // A reading belongs to one reader: its reference (and so its release's key) is theirs alone.
      const reader = Math.floor(Math.random() * readers.length);
      return {
        payerUserId: clients[i % clients.length]!,
        readerUserId: readers[reader]!,
        amountCents: RATE_MIN_CENTS + Math.floor(Math.random() * (RATE_MAX_CENTS - RATE_MIN_CENTS + 1)),
        kind: 'session_charge',
        reference: `session:bench-${reader}-${i % 100}`,
        idempotencyKey: `bench:charge:${i}`,
      };
    };
    const count = (result: SplitChargeResult) => {
      transfers += (result.readerCents > 0 ? 1 : 0) + (result.platformCents > 0 ? 1 : 0);
    };
    const chargeOne = async (input: SplitChargeInput) => {
      try {
        count(await database.db.transaction((tx) => chargeWithSplit(tx, input)));
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
        refused++;
      }
    };
    const chargeMany = async (inputs: SplitChargeInput[]) => {
      for (const outcome of await database.db.transaction((tx) => chargeManyWithSplit(tx, inputs))) {
        if (outcome.refused) refused++;
        else count(outcome);
      }
    };
    const worker = async () => {
      while (next < chargeCount && performance.now() < deadline) {
        const first = next;
        next = Math.min(chargeCount, next + batchSize);
        const inputs = Array.from({ length: next - first }, (_, k) => charge(first + k));
        const begun = performance.now();
        await (batchSize === 1 ? chargeOne(inputs[0]!) : chargeMany(inputs));
        // Each charge of a list waits as long as its list.
        const waitedMs = performance.now() - begun;
        latenciesMs.push(...inputs.map(() => waitedMs));
      }
    };
    await Promise.all(Array.from({ length: workerCount }, worker));
    const elapsedS = (performance.now() - startedAt) / 1000;
    const profile = await profiler?.stop(20);
    const sorted = [...latenciesMs].sort((a, b) => a - b);

    const done = latenciesMs.length;
    if (done < chargeCount) console.log(`  stopped after BENCH_MAX_SECONDS: ${done} of ${chargeCount} charges`);
    console.log(`  charges: ${done - refused} paid, ${refused} refused, in ${elapsedS.toFixed(2)} s`);
    console.log(
      `  throughput: ${(transfers / elapsedS).toFixed(0)} transfers/s (${((done - refused) / elapsedS).toFixed(0)} charges/s)`,
    );
    console.log(
      `  latency per charge: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
    if (profile && profilePath) printProfile(profilePath, profile);
    // The bench's references stand for readings that never had a row: end them all, releasing each
    // reader's held share to earnings, or the escrow check would find money held for no open reading.
    const held = await database.db
      .selectDistinct({ readerUserId: ledgerAccounts.userId, reference: ledgerTransfers.reference })
      .from(ledgerTransfers)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
      .where(eq(ledgerAccounts.kind, 'escrow'));
    for (const { readerUserId, reference } of held) {
      await database.db.transaction((tx) =>
        releaseHeldShare(tx, { readerUserId: readerUserId!, reference: reference! }),
      );
    }
    console.log(`  released the held shares of ${held.length} reader-readings`);
    const failures = await checkLedger(database.db);
    console.log(
      failures.length === 0
        ? '  ledger check: all invariants hold'
        : `  ledger check FAILED:\n${failures.map((f) => `    ${f.invariant}: ${f.message}`).join('\n')}`,
    );
    return failures.length === 0 ? 0 : 1;
  } finally {
    await dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('bench:ledger failed:', error);
    process.exit(1);
  },
);
