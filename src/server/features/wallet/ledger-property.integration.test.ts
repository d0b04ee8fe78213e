import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MIN_CENTS } from '@shared/constants';
import { splitCharge } from '@shared/money';
import { ledgerTransfers } from '../../db/schema';
import { AppError } from '../../errors';
import { sandboxPayments } from '../../payments/sandbox';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { createTestApp, type TestApp } from '../../../../tests/integration/test-app';
import { decidePayout } from '../payouts/decide-payout';
import { requestPayout } from '../payouts/request-payout';
import { checkLedger } from './check-ledger';
import { depositToWallet } from './deposit-to-wallet';
import { chargeWithSplit, getBalances, InsufficientFundsError, SYSTEM_ACCOUNTS, transfer, walletAccountId } from './ledger';
import { noRealtime } from '../../../../tests/integration/no-realtime';

let app: TestApp;
let clients: TestUser[];
let readers: TestUser[];
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  clients = [await createClient(app), await createClient(app), await createClient(app)];
  readers = [await createReader(app), await createReader(app)];
  admin = clients[0]!;
});
afterAll(() => app.close());


type Op =
  | { type: 'deposit'; client: number; amountCents: number; isDeclined: boolean; isReplayed: boolean }
  | { type: 'charge'; client: number; reader: number; amountCents: number }
  | { type: 'refund'; charge: number }
  | { type: 'payout'; reader: number; amountCents: number | undefined }
  | { type: 'decide'; payout: number; decision: 'paid' | 'rejected' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('deposit' as const),
    client: fc.nat(2),
    amountCents: fc.integer({ min: 100, max: 100_000 }),
    isDeclined: fc.boolean(),
    isReplayed: fc.boolean(),
  }),
  fc.record({ type: fc.constant('charge' as const), client: fc.nat(2), reader: fc.nat(1), amountCents: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({ type: fc.constant('refund' as const), charge: fc.nat(20) }),
  fc.record({ type: fc.constant('payout' as const), reader: fc.nat(1), amountCents: fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }) }),
  fc.record({ type: fc.constant('decide' as const), payout: fc.nat(20), decision: fc.constantFrom('paid' as const, 'rejected' as const) }),
);

async function balancesOf(ids: string[]) {
  return getBalances(app.db, ids);
}

/** Sends each leg of a charge back to the payer; a reader who has paid out is covered by the platform. */
async function refundCharge(chargeKey: string) {
  const legs = await app.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, chargeKey));
  await app.db.transaction(async (tx) => {
    for (const leg of legs) {
      const back = { creditAccountId: leg.debitAccountId, amountCents: leg.amountCents, kind: 'refund' as const, reference: chargeKey, idempotencyKey: `refund:${leg.id}` };
      try {
        await tx.transaction((sp) => transfer(sp, { ...back, debitAccountId: leg.creditAccountId }));
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
        await transfer(tx, { ...back, debitAccountId: SYSTEM_ACCOUNTS.revenue });
      }
    }
  });
}

describe('ledger under random sequences of money movements', () => {
  it('keeps every invariant and matches a simple model of the balances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 14 }), async (ops) => {
        const users = [...clients, ...readers];
        const walletIds = users.map((u) => walletAccountId(u.id));
        const start = await balancesOf(walletIds);
        const model = new Map(walletIds.map((id) => [id, start.get(id)!]));
        const add = (userId: string, cents: number) => model.set(walletAccountId(userId), model.get(walletAccountId(userId))! + cents);
        const balance = (userId: string) => model.get(walletAccountId(userId))!;
        const charges: { key: string; client: string; reader: string; amountCents: number; isRefunded: boolean }[] = [];
        const payouts: { id: string; reader: string; amountCents: number; isDecided: boolean }[] = [];

        for (const op of ops) {
          if (op.type === 'deposit') {
            const client = clients[op.client]!;
            const request = { userId: client.id, amountCents: op.amountCents, paymentMethodId: op.isDeclined ? 'pm_card_chargeDeclined' : 'pm_card_visa', idempotencyKey: randomUUID() };
            const deps = { db: app.db, payments: sandboxPayments(), realtime: noRealtime, clock: app.clock };
            for (const _ of op.isReplayed ? [1, 2] : [1]) {
              const outcome = await depositToWallet(deps, request).catch((e: unknown) => e);
              if (op.isDeclined) expect((outcome as AppError).code).toBe('PAYMENT_FAILED');
              else expect(outcome).toMatchObject({ result: { status: 'succeeded' } });
            }
            if (!op.isDeclined) add(client.id, op.amountCents);
          } else if (op.type === 'charge') {
            const client = clients[op.client]!;
            const reader = readers[op.reader]!;
            const key = `session:${randomUUID()}`;
            const charging = app.db.transaction((tx) =>
              chargeWithSplit(tx, { payerUserId: client.id, readerUserId: reader.id, amountCents: op.amountCents, kind: 'session_charge', reference: key, idempotencyKey: key }),
            );
            if (balance(client.id) >= op.amountCents) {
              await charging;
              add(client.id, -op.amountCents);
              add(reader.id, splitCharge(op.amountCents).readerCents);
              charges.push({ key, client: client.id, reader: reader.id, amountCents: op.amountCents, isRefunded: false });
            } else {
              await expect(charging).rejects.toBeInstanceOf(InsufficientFundsError);
            }
          } else if (op.type === 'refund') {
            const charge = charges[op.charge % Math.max(charges.length, 1)];
            if (!charge || charge.isRefunded) continue;
            const readerCents = splitCharge(charge.amountCents).readerCents;
            await refundCharge(charge.key);
            charge.isRefunded = true;
            add(charge.client, charge.amountCents);
            // The reader gives back their share if they still have it; otherwise the platform covers it.
            if (readerCents > 0 && balance(charge.reader) >= readerCents) add(charge.reader, -readerCents);
          } else if (op.type === 'payout') {
            const reader = readers[op.reader]!;
            const amountCents = op.amountCents ?? balance(reader.id);
            const requesting = requestPayout({ db: app.db, realtime: noRealtime }, reader.id, { amountCents: op.amountCents });
            if (amountCents >= PAYOUT_MIN_CENTS && amountCents <= balance(reader.id)) {
              const { payout } = await requesting;
              add(reader.id, -amountCents);
              payouts.push({ id: payout.id, reader: reader.id, amountCents, isDecided: false });
            } else {
              await expect(requesting).rejects.toBeInstanceOf(AppError);
            }
          } else {
            const payout = payouts[op.payout % Math.max(payouts.length, 1)];
            if (!payout) continue;
            const deciding = decidePayout({ db: app.db, realtime: noRealtime, clock: app.clock }, admin.id, payout.id, { decision: op.decision });
            if (payout.isDecided) {
              await expect(deciding).rejects.toMatchObject({ code: 'CONFLICT' });
              continue;
            }
            await deciding;
            payout.isDecided = true;
            if (op.decision === 'rejected') add(payout.reader, payout.amountCents);
          }
        }

        expect(await checkLedger(app.db)).toEqual([]);
        const actual = await balancesOf(walletIds);
        for (const id of walletIds) expect(actual.get(id), id).toBe(model.get(id));
      }),
      { numRuns: 30 },
    );
  });
});
