import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WalletTransaction } from '@shared/wallet';
import { ledgerTransfers } from '../../db/schema';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { chargeWithSplit, transfer } from './ledger';

let client: TestUser;
let reader: TestUser;
let depositId: string;
const sessionId = randomUUID();
const tinySessionId = randomUUID();

const app = await testApp();
beforeAll(async () => {
  client = await createClient(app, { name: 'Luna Seeker' });
  reader = await createReader(app, { firstName: 'Selene', lastName: 'Moon' });
  const deposit = await http(app, client.cookie).post(
    '/api/payments/wallet-deposit',
    { amountCents: 10_000, paymentMethodId: 'pm_card_visa' },
    { 'idempotency-key': randomUUID() },
  );
  depositId = deposit.body.depositId;
  const charge = (session: string, minute: number, amountCents: number) =>
    app.db.transaction((tx) =>
      chargeWithSplit(tx, {
        payerUserId: client.id,
        readerUserId: reader.id,
        amountCents,
        kind: 'session_charge',
        reference: `session:${session}`,
        idempotencyKey: `session:${session}:minute:${minute}`,
      }),
    );
  await charge(sessionId, 1, 299);
  await charge(sessionId, 2, 299);
  await charge(tinySessionId, 1, 1);
  // A refund the way billing makes one: each leg of the minute-2 charge goes back to the client.
  const minuteTwo = await app.db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reference, `session:${sessionId}`));
  for (const leg of minuteTwo.filter((t) => t.idempotencyKey.includes(':minute:2:'))) {
    await app.db.transaction((tx) =>
      transfer(tx, {
        debitAccountId: leg.creditAccountId,
        creditAccountId: leg.debitAccountId,
        amountCents: leg.amountCents,
        kind: 'refund',
        reference: leg.reference!,
        idempotencyKey: `refund:${leg.id}`,
      }),
    );
  }
});

const wallet = (user: TestUser, query = '') => http(app, user.cookie).get(`/api/wallet${query}`);
const lines = (transactions: WalletTransaction[]) =>
  transactions.map((t) => [t.kind, t.amountCents, t.counterpart.type]);

describe('GET /api/wallet', () => {
  it('lists the payer’s money newest first, one line per reading and per refund, signed from the wallet’s side', async () => {
    const response = await wallet(client);
    expect(response.status).toBe(200);
    const { balanceCents, transactions, nextCursor } = response.body;
    expect(lines(transactions)).toEqual([
      ['refund', 299, 'session'],
      ['session_charge', -1, 'session'],
      ['session_charge', -598, 'session'],
      ['deposit', 10_000, 'payment'],
    ]);
    expect(transactions.map((t: WalletTransaction) => t.minutes)).toEqual([null, 1, 2, null]);
    expect(balanceCents).toBe(10_000 - 299 - 299 - 1 + 299);
    // Everything that ever entered or left this wallet is on the list.
    expect(transactions.reduce((sum: number, t: WalletTransaction) => sum + t.amountCents, 0)).toBe(balanceCents);
    expect(nextCursor).toBeNull();
    expect(transactions[2].counterpart).toEqual({ type: 'session', id: sessionId, name: 'Selene Moon' });
    expect(transactions[3]).toMatchObject({
      counterpart: { type: 'payment', id: depositId, name: 'Card payment' },
      reference: `deposit:${depositId}`,
    });
    expect(Number.isNaN(Date.parse(transactions[0].createdAt))).toBe(false);
  });

  it('keeps the reader’s shares out of their wallet: held until the reading ends, then earnings', async () => {
    const { body } = await wallet(reader);
    expect(body).toMatchObject({ balanceCents: 0, transactions: [], earnings: { availableCents: 0, heldCents: 209 } });
  });

  it('pages with a keyset cursor, each line exactly once', async () => {
    const all = (await wallet(client)).body.transactions as WalletTransaction[];
    const seen: WalletTransaction[] = [];
    let cursor: string | null = null;
    do {
      const page: { transactions: WalletTransaction[]; nextCursor: string | null } = (
        await wallet(client, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      expect(page.transactions.length).toBeLessThanOrEqual(2);
      seen.push(...page.transactions);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('refuses bad paging input and signed-out callers', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?limit=2.5',
      '?cursor=abc',
      '?cursor=0',
      '?cursor=-5',
    ]) {
      const response = await wallet(client, query);
      expect(response.status, query).toBe(400);
    }
    expect((await http(app).get('/api/wallet')).status).toBe(401);
  });

  it('starts empty for a new user', async () => {
    const fresh = await createClient(app);
    expect((await wallet(fresh)).body).toEqual({
      balanceCents: 0,
      creditCents: 0,
      nextCreditExpiry: null,
      onHoldCents: 0,
      holds: [],
      earnings: { availableCents: 0, heldCents: 0 },
      transactions: [],
      nextCursor: null,
      frozenReason: null,
    });
  });
});
