import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, fundWallet, type TestUser } from '../../../../tests/integration/factories';
import { testApp } from '../../../../tests/integration/test-app';
import {
  checkLedger,
  disputesAccountId,
  getBalances,
  SYSTEM_ACCOUNTS,
  takeBackToCard,
  walletAccountId,
} from '../wallet';

// Money that leaves by the card (a confirmed refund, a lost dispute) against a model: the wallet
// gives what it holds and never goes below zero, the disputes: account carries exactly the rest,
// external:payments gets exactly the amount, and the ledger's invariants hold (docs/decisions/039).
const app = await testApp();
let people: TestUser[];
beforeAll(async () => {
  people = [await createClient(app), await createClient(app)];
});
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

type Op =
  | { type: 'fund'; person: number; amountCents: number }
  | { type: 'takeBack'; person: number; amountCents: number; isReplayed: boolean };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('fund' as const),
    person: fc.nat(1),
    amountCents: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({
    type: fc.constant('takeBack' as const),
    person: fc.nat(1),
    amountCents: fc.integer({ min: 1, max: 60_000 }),
    isReplayed: fc.boolean(),
  }),
);

describe('takeBackToCard', () => {
  it('splits every amount between the wallet and the disputes: account exactly, once per key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 12 }), async (ops) => {
        const ids = [
          ...people.flatMap((p) => [walletAccountId(p.id), disputesAccountId(p.id)]),
          SYSTEM_ACCOUNTS.external,
        ];
        const start = await getBalances(app.db, ids);
        const model = new Map(ids.map((id) => [id, start.get(id) ?? 0]));
        const add = (id: string, cents: number) => model.set(id, model.get(id)! + cents);
        for (const op of ops) {
          const person = people[op.person]!;
          const wallet = walletAccountId(person.id);
          if (op.type === 'fund') {
            await fundWallet(app, person.id, op.amountCents);
            add(wallet, op.amountCents);
            add(SYSTEM_ACCOUNTS.external, -op.amountCents);
            continue;
          }
          const key = `test:take-back:${randomUUID()}`;
          const take = () =>
            app.db.transaction((tx) =>
              takeBackToCard(tx, {
                userId: person.id,
                amountCents: op.amountCents,
                kind: 'card_refund',
                reference: 'test:take-back',
                idempotencyKey: key,
              }),
            );
          const { fromWalletCents, shortfallCents } = await take();
          const held = model.get(wallet)!;
          expect({ fromWalletCents, shortfallCents }).toEqual({
            fromWalletCents: Math.min(held, op.amountCents),
            shortfallCents: op.amountCents - Math.min(held, op.amountCents),
          });
          add(wallet, -fromWalletCents);
          add(disputesAccountId(person.id), -shortfallCents);
          add(SYSTEM_ACCOUNTS.external, op.amountCents);
          // The same key again moves nothing more (its transfers exist), whatever the wallet holds now.
          if (op.isReplayed) expect(await take()).toEqual({ fromWalletCents, shortfallCents });
        }
        const end = await getBalances(app.db, ids);
        expect(Object.fromEntries(ids.map((id) => [id, end.get(id) ?? 0]))).toEqual(Object.fromEntries(model));
        for (const person of people) expect(end.get(walletAccountId(person.id))).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
