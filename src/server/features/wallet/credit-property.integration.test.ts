import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { and, eq, sql } from 'drizzle-orm';
import { ledgerTransfers } from '../../db/schema';
import { createClient, createReader, fundWallet } from '../../../../tests/integration/factories';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger } from './check-ledger';
import {
  chargeCreditFirst,
  creditAccountId,
  getUsableCredit,
  grantCredit,
  MARKETING_ACCOUNT_ID,
  returnCredit,
  sweepExpiredCredit,
} from './credit';
import {
  earningsAccountId,
  getBalances,
  InsufficientFundsError,
  lockAccounts,
  revenueAccountFor,
  transfer,
  walletAccountId,
} from './ledger';

const HOUR = 60 * 60 * 1000;
// No scheduler of its own: its passes would sweep these grants by the real clock, days after the
// fake times they expire at, in the middle of a run (it did, on a busy machine).
const app = await testApp({ runScheduler: false });

type Op =
  | { type: 'grant'; cents: number; hours: number }
  | { type: 'fund'; cents: number }
  | { type: 'charge'; cents: number; isReplayed: boolean }
  | { type: 'refund'; charge: number }
  | { type: 'wait'; hours: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('grant' as const),
    cents: fc.integer({ min: 1, max: 2_000 }),
    hours: fc.integer({ min: 1, max: 72 }),
  }),
  fc.record({ type: fc.constant('fund' as const), cents: fc.integer({ min: 1, max: 2_000 }) }),
  fc.record({
    type: fc.constant('charge' as const),
    cents: fc.integer({ min: 1, max: 1_500 }),
    isReplayed: fc.boolean(),
  }),
  fc.record({ type: fc.constant('refund' as const), charge: fc.nat(10) }),
  fc.record({ type: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 48 }) }),
);

interface Charge {
  reference: string;
  key: string;
  cents: number;
  creditUsed: number;
  isRefunded: boolean;
}

describe('promotional credit under random sequences of grants, charges, refunds and expiries', () => {
  it('spends credit first, never lets it below zero or out as cash, pays the reader 70% of the full price, and keeps the ledger balanced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 14 }), async (ops) => {
        const client = await createClient(app);
        const reader = await createReader(app);
        let now = Date.parse('2026-11-21T12:00:00Z');
        let fundedCents = 0;
        const charges: Charge[] = [];
        // Every expiry of this client's credit, from the ledger itself.
        const expiredCents = async () => {
          const [row] = await app.db
            .select({ cents: sql<string>`coalesce(sum(${ledgerTransfers.amountCents}), 0)::text` })
            .from(ledgerTransfers)
            .where(
              and(
                eq(ledgerTransfers.kind, 'credit_expiry'),
                eq(ledgerTransfers.debitAccountId, creditAccountId(client.id)),
              ),
            );
          return Number(row?.cents ?? 0);
        };
        let grantedCents = 0;

        for (const op of ops) {
          if (op.type === 'grant') {
            await app.db.transaction((tx) =>
              grantCredit(tx, {
                id: randomUUID(),
                userId: client.id,
                amountCents: op.cents,
                source: 'goodwill',
                expiresAt: new Date(now + op.hours * HOUR),
                now: new Date(now),
              }),
            );
            grantedCents += op.cents;
          } else if (op.type === 'fund') {
            await fundWallet(app, client.id, op.cents);
            fundedCents += op.cents;
          } else if (op.type === 'charge') {
            const before = await getUsableCredit(app.db, client.id, new Date(now));
            const cash = await balanceOf(walletAccountId(client.id));
            const charge = {
              reference: `prop:${randomUUID()}`,
              key: `prop-charge:${randomUUID()}`,
              cents: op.cents,
              creditUsed: 0,
              isRefunded: false,
            };
            const input = {
              payerUserId: client.id,
              readerUserId: reader.id,
              amountCents: op.cents,
              kind: 'gift' as const,
              reference: charge.reference,
              idempotencyKey: charge.key,
              readerAccount: 'earnings' as const,
            };
            try {
              await app.db.transaction((tx) => chargeCreditFirst(tx, input, new Date(now)));
            } catch (error) {
              expect(error).toBeInstanceOf(InsufficientFundsError);
              // Refused only when credit and cash together fall short, and then nothing moved.
              expect(before.creditCents + cash).toBeLessThan(op.cents);
              expect(await getUsableCredit(app.db, client.id, new Date(now))).toEqual(before);
              continue;
            }
            const after = await getUsableCredit(app.db, client.id, new Date(now));
            charge.creditUsed = before.creditCents - after.creditCents;
            // Credit first: all of it that was usable, up to the price.
            expect(charge.creditUsed).toBe(Math.min(before.creditCents, op.cents));
            charges.push(charge);
            if (op.isReplayed) {
              await app.db.transaction((tx) => chargeCreditFirst(tx, input, new Date(now)));
              expect(await getUsableCredit(app.db, client.id, new Date(now))).toEqual(after);
            }
          } else if (op.type === 'refund') {
            const charge = charges.filter((c) => !c.isRefunded)[op.charge];
            if (!charge) continue;
            const creditBefore = await balanceOf(creditAccountId(client.id));
            const { readerCents, platformCents } = splitCharge(charge.cents);
            const revenue = revenueAccountFor(client.id);
            await app.db.transaction(async (tx) => {
              // As the ledger's refunds do (refundSession): every leg back to the wallet, then the credit part back to credit.
              // (Charged to earnings, which only readings' escrow invariant does not cover.)
              await lockAccounts(tx, [
                walletAccountId(client.id),
                earningsAccountId(reader.id),
                creditAccountId(client.id),
                revenue,
              ]);
              const legs = [
                { from: earningsAccountId(reader.id), cents: readerCents },
                { from: revenue, cents: platformCents },
              ].filter((leg) => leg.cents > 0);
              for (const leg of legs) {
                await transfer(tx, {
                  debitAccountId: leg.from,
                  creditAccountId: walletAccountId(client.id),
                  amountCents: leg.cents,
                  kind: 'refund',
                  reference: charge.reference,
                  idempotencyKey: `${charge.key}:refund:${leg.from}`,
                });
              }
              await returnCredit(tx, {
                userId: client.id,
                reference: charge.reference,
                refundedCents: charge.cents,
                idempotencyKey: `${charge.key}:refund`,
                now: new Date(now),
              });
            });
            charge.isRefunded = true;
            // What credit paid comes back as credit, never as cash.
            expect(await balanceOf(creditAccountId(client.id))).toBe(creditBefore + charge.creditUsed);
          } else {
            now += op.hours * HOUR;
            await sweepExpiredCredit(app.db, new Date(now));
          }
        }

        const open = charges.filter((c) => !c.isRefunded);
        const cash = await balanceOf(walletAccountId(client.id));
        const credit = await balanceOf(creditAccountId(client.id));
        expect(credit).toBeGreaterThanOrEqual(0);
        // Cash and credit: what came in, less what expired and what open charges took.
        expect(cash + credit).toBe(
          fundedCents + grantedCents - (await expiredCents()) - open.reduce((sum, c) => sum + c.cents, 0),
        );
        // Cash is what came in less the cash part of open charges: credit never became cash.
        expect(cash).toBe(fundedCents - open.reduce((sum, c) => sum + c.cents - c.creditUsed, 0));
        expect(await balanceOf(earningsAccountId(reader.id))).toBe(
          open.reduce((sum, c) => sum + splitCharge(c.cents).readerCents, 0),
        );
        expect(await checkLedger(app.db)).toEqual([]);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 15) },
    );
    expect(await balanceOf(MARKETING_ACCOUNT_ID)).toBeLessThanOrEqual(0);
  });
});

async function balanceOf(account: string) {
  return (await getBalances(app.db, [account])).get(account) ?? 0;
}

describe('a sweep racing charges', () => {
  it('takes back exactly what the charges left, and no cent is spent twice or lost', async () => {
    const client = await createClient(app);
    const reader = await createReader(app);
    await fundWallet(app, client.id, 5_000);
    const expiresAt = Date.parse('2026-11-21T12:00:00Z');
    await app.db.transaction((tx) =>
      grantCredit(tx, {
        id: randomUUID(),
        userId: client.id,
        amountCents: 1_000,
        source: 'goodwill',
        expiresAt: new Date(expiresAt),
        now: new Date(expiresAt - HOUR),
      }),
    );
    const charge = (i: number) =>
      app.db.transaction((tx) =>
        chargeCreditFirst(
          tx,
          {
            payerUserId: client.id,
            readerUserId: reader.id,
            amountCents: 150,
            kind: 'gift',
            reference: `race:${i}`,
            idempotencyKey: `race:${client.id}:${i}`,
            readerAccount: 'earnings',
          },
          new Date(expiresAt - 1),
        ),
      );
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => charge(i)),
      sweepExpiredCredit(app.db, new Date(expiresAt)),
    ]);
    await sweepExpiredCredit(app.db, new Date(expiresAt));

    const [spent] = await app.db
      .select({ cents: sql<string>`coalesce(sum(${ledgerTransfers.amountCents}), 0)::text` })
      .from(ledgerTransfers)
      .where(
        and(eq(ledgerTransfers.kind, 'credit_spend'), eq(ledgerTransfers.debitAccountId, creditAccountId(client.id))),
      );
    const [expired] = await app.db
      .select({ cents: sql<string>`coalesce(sum(${ledgerTransfers.amountCents}), 0)::text` })
      .from(ledgerTransfers)
      .where(
        and(eq(ledgerTransfers.kind, 'credit_expiry'), eq(ledgerTransfers.debitAccountId, creditAccountId(client.id))),
      );
    expect(Number(spent!.cents) + Number(expired!.cents)).toBe(1_000);
    expect(await balanceOf(creditAccountId(client.id))).toBe(0);
    // Ten charges of 150 paid in full: what credit did not pay, cash did.
    expect(await balanceOf(walletAccountId(client.id))).toBe(5_000 - (1_500 - Number(spent!.cents)));
    expect(await balanceOf(earningsAccountId(reader.id))).toBe(10 * splitCharge(150).readerCents);
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
