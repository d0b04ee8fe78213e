import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { databaseBeforeMigration } from '../../../../tests/integration/database-before-migration';
import { sessionMinutes } from '../../db/schema';
import { checkLedger, SYSTEM_ACCOUNTS } from '../wallet';

/** The one revenue account history had before its shards (migration 0018). */
const REVENUE = 'platform:revenue';

// Migration 0010 writes the receipt lines (session_minutes) of readings billed before it, one per
// minute, from the two ledger legs billing wrote at that minute's start
// (session:<id>:minute:<n>:reader to the reader's escrow, …:platform to revenue).
let database: Database;

beforeAll(async () => {
  database = await databaseBeforeMigration(10);
});
afterAll(() => database.close());

const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
let key = 0;
/** A transfer with its balances moved, as the ledger writes it. */
async function move(
  debit: string,
  credit: string,
  amountCents: number,
  kind: string,
  reference: string,
  at: string,
  idempotencyKey = `old:${++key}`,
) {
  await run(sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, kind, reference, idempotency_key, created_at)
                values (${debit}, ${credit}, ${amountCents}, ${kind}, ${reference}, ${idempotencyKey}, ${at}::timestamptz)`);
  await run(sql`update ledger_accounts set balance_cents = balance_cents - ${amountCents} where id = ${debit}`);
  await run(sql`update ledger_accounts set balance_cents = balance_cents + ${amountCents} where id = ${credit}`);
}
/** Minute `minute` of a reading as the old billing charged it: the reader's 70% (floor) to escrow, the rest to revenue. */
async function minuteCharge(session: string, reader: string, minute: number, rateCents: number, at: string) {
  const readerCents = Math.floor((rateCents * 70) / 100);
  const base = `session:${session}:minute:${minute}`;
  await move(
    'wallet:client',
    `escrow:${reader}`,
    readerCents,
    'session_charge',
    `session:${session}`,
    at,
    `${base}:reader`,
  );
  await move(
    'wallet:client',
    REVENUE,
    rateCents - readerCents,
    'session_charge',
    `session:${session}`,
    at,
    `${base}:platform`,
  );
}
async function reading(id: string, reader: string, rateCents: number, minutes: number, startedAt: string) {
  await run(sql`insert into reading_sessions (id, client_id, reader_id, session_type, status, rate_per_minute_cents, requested_at, started_at, minutes_charged, total_cost_cents)
                values (${id}, 'client', ${reader}, 'chat', 'completed', ${rateCents}, ${startedAt}::timestamptz, ${startedAt}::timestamptz, ${minutes}, ${minutes * rateCents})`);
}

describe('migration 0010', () => {
  it('gives every reading billed before it one receipt line per minute, equal to that minute’s ledger legs', async () => {
    await run(
      sql`insert into "user" (id, name, email, role) values ('client', 'C', 'c@test', 'client'), ('r1', 'R1', 'r1@test', 'reader'), ('r2', 'R2', 'r2@test', 'reader')`,
    );
    for (const user of ['client', 'r1', 'r2']) {
      await run(
        sql`insert into ledger_accounts (id, kind, user_id) values (${`wallet:${user}`}, 'wallet', ${user}), (${`escrow:${user}`}, 'escrow', ${user}), (${`earnings:${user}`}, 'earnings', ${user})`,
      );
    }
    await move(
      SYSTEM_ACCOUNTS.external,
      'wallet:client',
      10_000,
      'deposit',
      'deposit:d1',
      '2026-01-05T09:00:00Z',
      'deposit:d1',
    );

    // s1: three minutes at $3.99, its share released when it ended.
    await reading('s1', 'r1', 399, 3, '2026-01-05T10:00:00Z');
    for (const minute of [1, 2, 3]) await minuteCharge('s1', 'r1', minute, 399, `2026-01-05T10:0${minute - 1}:00Z`);
    await move(
      'escrow:r1',
      'earnings:r1',
      3 * 279,
      'earnings_release',
      'session:s1',
      '2026-01-05T10:02:40Z',
      'session:s1:release',
    );
    // s2: one minute at $4.50, refunded leg by leg.
    await reading('s2', 'r2', 450, 1, '2026-01-06T15:30:00Z');
    await minuteCharge('s2', 'r2', 1, 450, '2026-01-06T15:30:00Z');
    await move('escrow:r2', 'wallet:client', 315, 'refund', 'session:s2', '2026-01-06T15:30:20Z');
    await move(REVENUE, 'wallet:client', 135, 'refund', 'session:s2', '2026-01-06T15:30:20Z');
    await run(sql`update reading_sessions set refunded_cents = 450 where id = 's2'`);
    // s3: asked for and declined, never billed.
    await run(sql`insert into reading_sessions (id, client_id, reader_id, session_type, status, rate_per_minute_cents, requested_at)
                  values ('s3', 'client', 'r1', 'chat', 'declined', 399, now())`);

    await database.migrate();

    const lines = await database.db
      .select()
      .from(sessionMinutes)
      .orderBy(asc(sessionMinutes.sessionId), asc(sessionMinutes.minute));
    expect(
      lines.map(({ sessionId, minute, startedAt, amountCents, readerCents, platformCents, free }) => [
        sessionId,
        minute,
        startedAt.toISOString(),
        amountCents,
        readerCents,
        platformCents,
        free,
      ]),
    ).toEqual([
      ['s1', 1, '2026-01-05T10:00:00.000Z', 399, 279, 120, false],
      ['s1', 2, '2026-01-05T10:01:00.000Z', 399, 279, 120, false],
      ['s1', 3, '2026-01-05T10:02:00.000Z', 399, 279, 120, false],
      // A refund is a new transfer: the minute it gave back keeps its line (the receipt shows the refund beside it).
      ['s2', 1, '2026-01-06T15:30:00.000Z', 450, 315, 135, false],
    ]);
    // Each reading's lines add up to what it cost; the money itself did not move.
    const totals = await run(
      sql`select s.id, s.total_cost_cents as cost, sum(m.amount_cents)::int as lines from reading_sessions s join session_minutes m on m.session_id = s.id group by s.id order by s.id`,
    );
    expect((totals as unknown as { rows: { id: string; cost: number; lines: number }[] }).rows).toEqual([
      { id: 's1', cost: 1197, lines: 1197 },
      { id: 's2', cost: 450, lines: 450 },
    ]);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
