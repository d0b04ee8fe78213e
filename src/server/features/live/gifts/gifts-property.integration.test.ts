import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { GIFTS } from '@shared/constants';
import type { GiftId } from '@shared/live';
import { splitCharge } from '@shared/money';
import { AppError } from '../../../errors';
import { createClient, createReader, fundWallet, type TestUser } from '../../../../../tests/integration/factories';
import { revenueCents } from '../../../../../tests/integration/ledger-sums';
import { insertStream } from '../../../../../tests/integration/live-stream-rows';
import { noRealtime } from '../../../../../tests/integration/no-realtime';
import { testApp } from '../../../../../tests/integration/test-app';
import { checkLedger, earningsAccountId, getBalances, InsufficientFundsError, walletAccountId } from '../../wallet';
import { sendGift } from './send-gift';

let senders: TestUser[];
let readers: TestUser[];
let streams: string[];
const app = await testApp({ runScheduler: false });
beforeAll(async () => {
  senders = [await createClient(app), await createClient(app), await createClient(app)];
  readers = [await createReader(app), await createReader(app)];
  streams = [await insertStream(app, readers[0]!.id), await insertStream(app, readers[1]!.id)];
});

type Op = { sender: number; stream: number; giftId: GiftId; reusedKey: number | null };

const opArbitrary: fc.Arbitrary<Op> = fc.record({
  sender: fc.nat(2),
  stream: fc.nat(1),
  giftId: fc.constantFrom(...GIFTS.map((g) => g.id)),
  // Now and then a key this run used before: a replay, or a conflict when the gift or stream differs.
  reusedKey: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.nat(10), weight: 1 }),
});

async function snapshot() {
  const ids = [...senders.map((s) => walletAccountId(s.id)), ...readers.map((r) => earningsAccountId(r.id))];
  const found = await getBalances(app.db, ids);
  return [...ids.map((id) => found.get(id)!), await revenueCents(app.db)];
}

let run = 0;

describe('gifts against a model', () => {
  it('over random gift sequences: what senders spent is what readers earned plus what the platform earned, and no wallet goes negative', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 6_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(opArbitrary, { maxLength: 25 }),
        async (fundings, ops) => {
          run += 1;
          for (const [i, cents] of fundings.entries()) if (cents > 0) await fundWallet(app, senders[i]!.id, cents);
          const before = await snapshot();
          const wallets = senders.map((_, i) => before[i]!);
          const readerEarned = [0, 0];
          let platformEarned = 0;
          const usedKeys: { key: string; sender: number; stream: number; giftId: GiftId }[] = [];

          for (const [index, op] of ops.entries()) {
            const reused = op.reusedKey === null ? undefined : usedKeys[op.reusedKey % Math.max(usedKeys.length, 1)];
            const key = reused && reused.sender === op.sender ? reused.key : `run${run}:op${index}`;
            const first = usedKeys.find((k) => k.key === key && k.sender === op.sender);
            const cost = GIFTS.find((g) => g.id === op.giftId)!.costCents;
            const sent = sendGift(
              { db: app.db, clock: app.clock, realtime: noRealtime },
              {
                senderId: senders[op.sender]!.id,
                senderName: 'Giver',
                streamId: streams[op.stream]!,
                giftId: op.giftId,
                idempotencyKey: key,
              },
            );
            if (first) {
              if (first.stream === op.stream && first.giftId === op.giftId) expect((await sent).isReplay).toBe(true);
              else await expect(sent).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'CONFLICT');
              continue;
            }
            if (wallets[op.sender]! < cost) {
              await expect(sent).rejects.toBeInstanceOf(InsufficientFundsError);
              continue;
            }
            const { result } = await sent;
            const { readerCents, platformCents } = splitCharge(cost);
            wallets[op.sender]! -= cost;
            readerEarned[op.stream]! += readerCents;
            platformEarned += platformCents;
            expect(result.balanceCents).toBe(wallets[op.sender]);
            usedKeys.push({ key, sender: op.sender, stream: op.stream, giftId: op.giftId });
          }

          const after = await snapshot();
          const spent = senders.reduce((sum, _, i) => sum + before[i]! - after[i]!, 0);
          const earned = readers.reduce(
            (sum, _, i) => sum + after[senders.length + i]! - before[senders.length + i]!,
            0,
          );
          const platform = after.at(-1)! - before.at(-1)!;
          expect(spent).toBe(earned + platform);
          expect(after.slice(0, senders.length)).toEqual(wallets);
          expect(after.slice(senders.length, -1).map((cents, i) => cents - before[senders.length + i]!)).toEqual(
            readerEarned,
          );
          expect(platform).toBe(platformEarned);
          for (const cents of after) expect(cents).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 25 },
    );
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
