import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Wallet, WalletTransaction } from '@shared/wallet';
import { ledgerTransfers } from '../../db/schema';
import { createReader, fundWallet, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';

// Decision 012: each reading is one wallet line with its minutes and type, its refund another; paging stays exact.
const MINUTE = 60_000;
const clock = fakeClock(Date.now());
let reading: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  reading = readingDriver(app, clock, MINUTE);
});

const wallet = async (user: TestUser, query = '') => {
  const response = await http(app, user.cookie).get<Wallet>(`/api/wallet${query}`);
  expect(response.status).toBe(200);
  return response.body;
};

/** Every page at `limit` lines, following the cursor to the end. */
async function allPages(user: TestUser, limit: number) {
  const seen: WalletTransaction[] = [];
  let cursor: string | null = null;
  do {
    const page: Wallet = await wallet(user, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.transactions.length).toBeLessThanOrEqual(limit);
    seen.push(...page.transactions);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

async function ledgerRowsOf(sessionId: string) {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, `session:${sessionId}`), eq(ledgerTransfers.kind, 'session_charge')));
  return row!.n;
}

describe('wallet lines of readings', () => {
  it('shows a 3-minute chat reading as one line of 3 minutes and its total', async () => {
    const { client, reader, id } = await reading.startReading({ rateCents: 299, balanceCents: 5000 });
    await reading.nextMinute(id);
    await reading.nextMinute(id);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(await ledgerRowsOf(id)).toBe(6);

    const { transactions, balanceCents } = await wallet(client);
    expect(transactions).toHaveLength(2);
    expect(transactions[0]).toMatchObject({
      kind: 'session_charge',
      amountCents: -897,
      minutes: 3,
      sessionType: 'chat',
      reference: `session:${id}`,
      counterpart: { type: 'session', id },
    });
    expect(transactions[0]!.counterpart.name).toMatch(/^Test Reader/);
    expect(transactions[1]).toMatchObject({ kind: 'deposit', amountCents: 5000, minutes: null, sessionType: null });
    expect(balanceCents).toBe(5000 - 897);
    // The reader's shares never pass through their wallet.
    expect((await wallet(reader)).transactions).toEqual([]);
  });

  it('shows a refunded reading as its charge line and one refund line', async () => {
    const { client, id } = await reading.startReading({ rateCents: 450, balanceCents: 5000 });
    await reading.nextMinute(id);
    clock.advance(MINUTE / 2);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    const { transactions, balanceCents } = await wallet(client);
    expect(transactions.map((t) => [t.kind, t.amountCents, t.minutes, t.sessionType])).toEqual([
      ['refund', 900, null, 'chat'],
      ['session_charge', -900, 2, 'chat'],
      ['deposit', 5000, null, null],
    ]);
    expect(balanceCents).toBe(5000);
  });

  it('pages across many readings exactly: no reading split, no line lost or repeated', async () => {
    const reader = await createReader(app, { chatRateCents: 199 });
    const first = await reading.startReading({ rateCents: 199, balanceCents: 20_000, reader });
    const client = first.client;
    const sessions = [first.id];
    await reading.nextMinute(first.id);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: first.id });
    for (let i = 1; i < 7; i += 1) {
      const { id } = await reading.startReading({ rateCents: 199, balanceCents: 0, client, reader });
      for (let minute = 1; minute < (i % 3) + 1; minute += 1) await reading.nextMinute(id);
      await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: i === 4 });
      if (i % 2 === 0) await fundWallet(app, client.id, 1000);
      sessions.push(id);
    }

    const everything = (await wallet(client, '?limit=100')).transactions;
    // 7 readings, 1 refund, 1 first deposit and 3 more.
    expect(everything).toHaveLength(7 + 1 + 4);
    const readingLines = everything.filter((t) => t.kind === 'session_charge');
    expect(readingLines.map((t) => t.reference).sort()).toEqual(sessions.map((id) => `session:${id}`).sort());
    for (const line of readingLines) {
      const id = line.reference!.slice('session:'.length);
      expect(line.minutes! * 2, id).toBe(await ledgerRowsOf(id));
      expect(line.amountCents).toBe(-199 * line.minutes!);
    }
    const { balanceCents } = await wallet(client);
    expect(everything.reduce((sum, t) => sum + t.amountCents, 0)).toBe(balanceCents);

    for (const limit of [1, 2, 3, 5]) expect(await allPages(client, limit), `limit ${limit}`).toEqual(everything);
  });

  it('pages a reader’s wallet exactly too', async () => {
    const reader = await createReader(app);
    for (let i = 0; i < 5; i += 1) await fundWallet(app, reader.id, 100 + i);
    const everything = (await wallet(reader, '?limit=100')).transactions;
    expect(everything.map((t) => t.amountCents)).toEqual([104, 103, 102, 101, 100]);
    expect(await allPages(reader, 2)).toEqual(everything);
  });
});
