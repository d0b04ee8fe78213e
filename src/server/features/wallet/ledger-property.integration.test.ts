import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MIN_CENTS } from '@shared/constants';
import { splitCharge } from '@shared/money';
import { AppError } from '../../errors';
import { sandboxPayments } from '../../payments/sandbox';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { ledgerReadings } from '../../../../tests/integration/ledger-readings';
import { testApp } from '../../../../tests/integration/test-app';
import { decidePayout, requestPayout } from '../payouts';
import { checkLedger } from './check-ledger';
import { depositToWallet } from './deposit-to-wallet';
import { earningsAccountId, escrowAccountId, getBalances, InsufficientFundsError, walletAccountId } from './ledger';
import { noRealtime } from '../../../../tests/integration/no-realtime';

let clients: TestUser[];
let readers: TestUser[];
let admin: TestUser;
let readings: ReturnType<typeof ledgerReadings>;
const app = await testApp();
beforeAll(async () => {
  clients = [await createClient(app), await createClient(app), await createClient(app)];
  readers = [await createReader(app), await createReader(app)];
  admin = clients[0]!;
  readings = ledgerReadings(app);
});

type Op =
  | { type: 'deposit'; user: number; amountCents: number; isDeclined: boolean; isReplayed: boolean }
  | { type: 'charge'; client: number; reader: number; amountCents: number }
  | { type: 'end'; reading: number; isRefunded: boolean }
  | { type: 'payout'; reader: number; amountCents: number | undefined }
  | { type: 'decide'; payout: number; decision: 'paid' | 'rejected' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  // Readers deposit too: a deposit must never become withdrawable.
  fc.record({
    type: fc.constant('deposit' as const),
    user: fc.nat(4),
    amountCents: fc.integer({ min: 100, max: 100_000 }),
    isDeclined: fc.boolean(),
    isReplayed: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('charge' as const),
    client: fc.nat(2),
    reader: fc.nat(1),
    amountCents: fc.integer({ min: 99, max: 9_999 }),
  }),
  fc.record({ type: fc.constant('end' as const), reading: fc.nat(20), isRefunded: fc.boolean() }),
  fc.record({
    type: fc.constant('payout' as const),
    reader: fc.nat(1),
    amountCents: fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('decide' as const),
    payout: fc.nat(20),
    decision: fc.constantFrom('paid' as const, 'rejected' as const),
  }),
);

interface OpenReading {
  id: string;
  client: string;
  reader: string;
  minutes: number;
  rateCents: number;
}

describe('ledger under random sequences of money movements', () => {
  it('keeps every invariant and matches a simple model of wallets, escrows and earnings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 16 }), async (ops) => {
        const users = [...clients, ...readers];
        const accountIds = [
          ...users.map((u) => walletAccountId(u.id)),
          ...readers.flatMap((r) => [escrowAccountId(r.id), earningsAccountId(r.id)]),
        ];
        const start = await getBalances(app.db, accountIds);
        const model = new Map(accountIds.map((id) => [id, start.get(id)!]));
        const add = (accountId: string, cents: number) => model.set(accountId, model.get(accountId)! + cents);
        const open: OpenReading[] = [];
        const payouts: { id: string; reader: string; amountCents: number; isDecided: boolean }[] = [];
        // One open reading per reader and per client, as the sessions table requires.
        const openFor = (userId: string) => open.find((r) => r.client === userId || r.reader === userId);

        for (const op of ops) {
          if (op.type === 'deposit') {
            const user = users[op.user]!;
            const request = {
              userId: user.id,
              amountCents: op.amountCents,
              paymentMethodId: op.isDeclined ? 'pm_card_chargeDeclined' : 'pm_card_visa',
              idempotencyKey: randomUUID(),
            };
            const deps = { db: app.db, payments: sandboxPayments(), realtime: noRealtime, clock: app.clock };
            for (const _ of op.isReplayed ? [1, 2] : [1]) {
              const outcome = await depositToWallet(deps, request).catch((e: unknown) => e);
              if (op.isDeclined) expect((outcome as AppError).code).toBe('PAYMENT_FAILED');
              else expect(outcome).toMatchObject({ result: { status: 'succeeded' } });
            }
            if (!op.isDeclined) add(walletAccountId(user.id), op.amountCents);
          } else if (op.type === 'charge') {
            const client = clients[op.client]!.id;
            const reader = readers[op.reader]!.id;
            const ongoing = openFor(client);
            if (ongoing && ongoing.reader !== reader) continue;
            if (!ongoing && openFor(reader)) continue;
            const reading = ongoing ?? {
              id: await readings.open(client, reader, op.amountCents),
              client,
              reader,
              minutes: 0,
              rateCents: op.amountCents,
            };
            if (!ongoing) open.push(reading);
            const charging = readings.charge(reading.id, reading.minutes + 1);
            if (model.get(walletAccountId(client))! >= reading.rateCents) {
              await charging;
              reading.minutes++;
              add(walletAccountId(client), -reading.rateCents);
              add(escrowAccountId(reader), splitCharge(reading.rateCents).readerCents);
            } else {
              await expect(charging).rejects.toBeInstanceOf(InsufficientFundsError);
            }
          } else if (op.type === 'end') {
            const reading = open[op.reading % Math.max(open.length, 1)];
            if (!reading) continue;
            await readings.end(reading.id, { refund: op.isRefunded });
            open.splice(open.indexOf(reading), 1);
            const heldCents = reading.minutes * splitCharge(reading.rateCents).readerCents;
            add(escrowAccountId(reading.reader), -heldCents);
            if (op.isRefunded) add(walletAccountId(reading.client), reading.minutes * reading.rateCents);
            else add(earningsAccountId(reading.reader), heldCents);
          } else if (op.type === 'payout') {
            const reader = readers[op.reader]!;
            const availableCents = model.get(earningsAccountId(reader.id))!;
            const amountCents = op.amountCents ?? availableCents;
            const requesting = requestPayout({ db: app.db, realtime: noRealtime }, reader.id, {
              amountCents: op.amountCents,
            });
            if (amountCents >= PAYOUT_MIN_CENTS && amountCents <= availableCents) {
              const { payout } = await requesting;
              add(earningsAccountId(reader.id), -amountCents);
              payouts.push({ id: payout.id, reader: reader.id, amountCents, isDecided: false });
            } else {
              await expect(requesting).rejects.toBeInstanceOf(AppError);
            }
          } else {
            const payout = payouts[op.payout % Math.max(payouts.length, 1)];
            if (!payout) continue;
            const deciding = decidePayout(
              { db: app.db, realtime: noRealtime, clock: app.clock, payments: sandboxPayments() },
              admin.id,
              payout.id,
              { decision: op.decision },
            );
            if (payout.isDecided) {
              await expect(deciding).rejects.toMatchObject({ code: 'CONFLICT' });
              continue;
            }
            await deciding;
            payout.isDecided = true;
            if (op.decision === 'rejected') add(earningsAccountId(payout.reader), payout.amountCents);
          }
          expect(await checkLedger(app.db)).toEqual([]);
        }

        const actual = await getBalances(app.db, accountIds);
        for (const id of accountIds) expect(actual.get(id), id).toBe(model.get(id));
        // Leave no reading open for the next run (the model starts from the balances as they are).
        for (const reading of open) await readings.end(reading.id, { refund: false });
      }),
      { numRuns: 30 },
    );
  });
});
