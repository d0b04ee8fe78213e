import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitCharge } from '@shared/money';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger } from './check-ledger';
import {
  chargeManyWithSplit,
  earningsAccountId,
  getBalances,
  IdempotencyConflictError,
  type SplitChargeInput,
  type SplitChargeOutcome,
  walletAccountId,
} from './ledger';

// chargeManyWithSplit (migration 0019, docs/decisions/032): a list of split charges in one call must
// give exactly what the same charges made one by one give. The race only contends on real
// PostgreSQL (`npm run test:pg`), where lists lock accounts up front and must never deadlock.
const app = await testApp();
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

// Final shares (earnings), so no reading has to end for the escrow check to hold.
const gift = (payer: TestUser, reader: TestUser, amountCents: number, key: string): SplitChargeInput => ({
  payerUserId: payer.id,
  readerUserId: reader.id,
  amountCents,
  kind: 'gift',
  reference: key,
  idempotencyKey: key,
  readerAccount: 'earnings',
});

async function balancesOf(users: TestUser[], account: (id: string) => string) {
  const found = await getBalances(
    app.db,
    users.map((u) => account(u.id)),
  );
  return users.map((u) => found.get(account(u.id)) ?? 0);
}

describe('a list of split charges in one call', () => {
  let readers: TestUser[];
  beforeAll(async () => {
    readers = [await createReader(app), await createReader(app)];
  });

  it('charges in order from what the charges before left: a refusal leaves the others, a replay moves nothing', async () => {
    const client = await createClient(app, { balanceCents: 1_000 });
    const reader = await createReader(app);
    const key = `list:${randomUUID()}`;
    const outcomes = await app.db.transaction((tx) =>
      chargeManyWithSplit(tx, [
        gift(client, reader, 600, `${key}:1`),
        gift(client, reader, 600, `${key}:2`),
        gift(client, reader, 300, `${key}:3`),
        gift(client, reader, 600, `${key}:1`),
      ]),
    );
    expect(outcomes).toEqual([
      { refused: false, created: true, readerCents: 420, platformCents: 180, payerBalanceCents: 400 },
      { refused: true, payerBalanceCents: 400 },
      { refused: false, created: true, readerCents: 210, platformCents: 90, payerBalanceCents: 100 },
      { refused: false, created: false, readerCents: 420, platformCents: 180, payerBalanceCents: 100 },
    ]);
    expect(await balancesOf([client], walletAccountId)).toEqual([100]);
    expect(await balancesOf([reader], earningsAccountId)).toEqual([630]);
  });

  it('a key already used for another charge fails the whole list and moves nothing', async () => {
    const client = await createClient(app, { balanceCents: 1_000 });
    const reader = await createReader(app);
    const key = `list:${randomUUID()}`;
    await app.db.transaction((tx) => chargeManyWithSplit(tx, [gift(client, reader, 100, `${key}:used`)]));
    const attempt = app.db.transaction((tx) =>
      chargeManyWithSplit(tx, [gift(client, reader, 200, `${key}:new`), gift(client, reader, 500, `${key}:used`)]),
    );
    await expect(attempt).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await balancesOf([client], walletAccountId)).toEqual([900]);
    expect(await balancesOf([reader], earningsAccountId)).toEqual([70]);
  });

  it('matches a model of the charges made one by one, for any list (property)', async () => {
    const charge = fc.record({
      payer: fc.nat(2),
      reader: fc.nat(1),
      amountCents: fc.integer({ min: 1, max: 2_000 }),
      replays: fc.option(fc.nat(20), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(charge, { minLength: 1, maxLength: 20 }),
        async (funds, drawn) => {
          const payers = await Promise.all(funds.map((balanceCents) => createClient(app, { balanceCents })));
          const key = `property:${randomUUID()}`;
          // A replay is an earlier charge again, key and all.
          const list: { payer: number; reader: number; amountCents: number; key: string }[] = [];
          for (const [i, c] of drawn.entries())
            list.push(
              c.replays !== undefined && c.replays < list.length ? list[c.replays]! : { ...c, key: `${key}:${i}` },
            );

          const wallets = [...funds];
          const earnings = await balancesOf(readers, earningsAccountId);
          const written = new Set<string>();
          let platformCents = 0;
          const expected = list.map(({ payer, reader, amountCents, key }): SplitChargeOutcome => {
            const split = splitCharge(amountCents);
            if (written.has(key))
              return { refused: false, created: false, ...split, payerBalanceCents: wallets[payer]! };
            if (wallets[payer]! < amountCents) return { refused: true, payerBalanceCents: wallets[payer]! };
            written.add(key);
            wallets[payer]! -= amountCents;
            earnings[reader]! += split.readerCents;
            platformCents += split.platformCents;
            return { refused: false, created: true, ...split, payerBalanceCents: wallets[payer]! };
          });

          const revenueBefore = await revenueCents(app.db);
          const outcomes = await app.db.transaction((tx) =>
            chargeManyWithSplit(
              tx,
              list.map((c) => gift(payers[c.payer]!, readers[c.reader]!, c.amountCents, c.key)),
            ),
          );
          expect(outcomes).toEqual(expected);
          expect(await balancesOf(payers, walletAccountId)).toEqual(wallets);
          expect(await balancesOf(readers, earningsAccountId)).toEqual(earnings);
          expect((await revenueCents(app.db)) - revenueBefore).toBe(platformCents);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('40 lists at once over shared payers and readers: no deadlock, and every cent where the outcomes say', async () => {
    const payers = await Promise.all(
      [3_000, 5_000, 8_000, 2_000, 10_000, 4_000].map((balanceCents) => createClient(app, { balanceCents })),
    );
    const racers = await Promise.all([0, 1, 2, 3].map(() => createReader(app)));
    const key = `race:${randomUUID()}`;
    // Each list names its payers and readers in another order, so only the up-front lock keeps two
    // lists from each holding an account the other waits for.
    const lists = Array.from({ length: 40 }, (_, l) =>
      Array.from({ length: 6 }, (_, c) => ({
        payer: (l * 5 + c * 7) % payers.length,
        reader: (l + c * 3) % racers.length,
        amountCents: 100 + ((l * 37 + c * 53) % 400),
        key: `${key}:${l}:${c}`,
      })),
    );
    const walletsBefore = await balancesOf(payers, walletAccountId);
    const revenueBefore = await revenueCents(app.db);
    const results = await Promise.all(
      lists.map((list) =>
        app.db.transaction((tx) =>
          chargeManyWithSplit(
            tx,
            list.map((c) => gift(payers[c.payer]!, racers[c.reader]!, c.amountCents, c.key)),
          ),
        ),
      ),
    );

    const spent = payers.map(() => 0);
    const smallestRefused = payers.map(() => Number.POSITIVE_INFINITY);
    const earned = racers.map(() => 0);
    let platformCents = 0;
    for (const [l, outcomes] of results.entries()) {
      for (const [c, outcome] of outcomes.entries()) {
        const { payer, reader, amountCents } = lists[l]![c]!;
        if (outcome.refused) {
          smallestRefused[payer] = Math.min(smallestRefused[payer]!, amountCents);
          continue;
        }
        expect(outcome.created).toBe(true);
        spent[payer]! += amountCents;
        earned[reader]! += outcome.readerCents;
        platformCents += outcome.platformCents;
      }
    }
    const walletsAfter = await balancesOf(payers, walletAccountId);
    expect(walletsAfter).toEqual(walletsBefore.map((before, p) => before - spent[p]!));
    // A refusal means the wallet could not cover that charge then, and wallets only went down since.
    for (const [p, after] of walletsAfter.entries()) expect(after).toBeLessThan(smallestRefused[p]!);
    expect(smallestRefused.some((amount) => amount < Number.POSITIVE_INFINITY)).toBe(true);
    expect(await balancesOf(racers, earningsAccountId)).toEqual(earned);
    expect((await revenueCents(app.db)) - revenueBefore).toBe(platformCents);
  });
});
