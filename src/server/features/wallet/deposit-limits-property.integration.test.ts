import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEPOSIT_LIMIT_DELAY_MS,
  DEPOSIT_LIMIT_FIELDS,
  DEPOSIT_LIMIT_PERIODS,
  type DepositLimitPeriod,
} from '@shared/wallet';
import { ERROR_CODES } from '@shared/errors';
import { AppError } from '../../errors';
import { sandboxPayments } from '../../payments/sandbox';
import { createClient } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { noRealtime } from '../../../../tests/integration/no-realtime';
import { testApp } from '../../../../tests/integration/test-app';
import { checkLedger } from './check-ledger';
import { setDepositLimits } from './deposit-limits';
import { depositToWallet } from './deposit-to-wallet';
import { DAY_MS, HOUR_MS } from '@shared/time-units';

const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false });
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

type Step =
  | { type: 'deposit'; amountCents: number; isDeclined: boolean }
  | { type: 'limit'; period: DepositLimitPeriod; limitCents: number | null }
  | { type: 'wait'; ms: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      amountCents: fc.integer({ min: 100, max: 6000 }),
      isDeclined: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('limit' as const),
      period: fc.constantFrom(...DEPOSIT_LIMIT_PERIODS),
      limitCents: fc.option(fc.integer({ min: 100, max: 15_000 }), { nil: null, freq: 4 }),
    }),
  },
  // From seconds to a few days: across the 24-hour delay and the window boundaries.
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('wait' as const),
      ms: fc.oneof(
        fc.integer({ min: 1000, max: 6 * HOUR_MS }),
        fc.integer({ min: 20 * HOUR_MS, max: 4 * 24 * HOUR_MS }),
      ),
    }),
  },
);

// The model, written apart from the code: calendar windows by day, ISO week and month number in UTC.
function windowId(period: DepositLimitPeriod, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  if (period === 'daily') return day;
  // 1970-01-01 was a Thursday: day + 3 counts from the Monday before it.
  if (period === 'weekly') return Math.floor((day + 3) / 7);
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

interface ModelLimit {
  inForce: number | null;
  pending: { value: number | null; at: number } | null;
}

function inForceAt(limit: ModelLimit, ms: number): number | null {
  return limit.pending && limit.pending.at <= ms ? limit.pending.value : limit.inForce;
}

describe('deposit limits, property', () => {
  it('no sequence of deposits, limit changes and waits lets a deposit take a window past the limit in force, nor refuses one that fits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }), async (steps) => {
        const client = await createClient(app);
        const limits: Record<DepositLimitPeriod, ModelLimit> = {
          daily: { inForce: null, pending: null },
          weekly: { inForce: null, pending: null },
          monthly: { inForce: null, pending: null },
        };
        const accepted: {
          at: number;
          amountCents: number;
          limitsInForce: Record<DepositLimitPeriod, number | null>;
        }[] = [];
        const depositedIn = (period: DepositLimitPeriod, ms: number) =>
          accepted
            .filter((d) => windowId(period, d.at) === windowId(period, ms))
            .reduce((sum, d) => sum + d.amountCents, 0);

        for (const step of steps) {
          const now = clock.now();
          if (step.type === 'wait') {
            clock.advance(step.ms);
          } else if (step.type === 'limit') {
            const limit = limits[step.period];
            const current = inForceAt(limit, now);
            const pending = limit.pending && limit.pending.at > now ? limit.pending : null;
            if (step.limitCents !== null && (current === null || step.limitCents <= current)) {
              limits[step.period] = { inForce: step.limitCents, pending: null };
            } else if (current !== null) {
              const at = pending && pending.value === step.limitCents ? pending.at : now + DEPOSIT_LIMIT_DELAY_MS;
              limits[step.period] = { inForce: current, pending: { value: step.limitCents, at } };
            }
            const answer = await setDepositLimits(
              app.db,
              client.id,
              { [DEPOSIT_LIMIT_FIELDS[step.period]]: step.limitCents },
              now,
            );
            expect(answer[DEPOSIT_LIMIT_FIELDS[step.period]]).toBe(inForceAt(limits[step.period], now));
          } else {
            const limitsInForce = {
              daily: inForceAt(limits.daily, now),
              weekly: inForceAt(limits.weekly, now),
              monthly: inForceAt(limits.monthly, now),
            };
            const fits = DEPOSIT_LIMIT_PERIODS.every((period) => {
              const limit = limitsInForce[period];
              return limit === null || depositedIn(period, now) + step.amountCents <= limit;
            });
            const outcome = await depositToWallet(
              { db: app.db, payments: sandboxPayments(), realtime: noRealtime, clock },
              {
                userId: client.id,
                amountCents: step.amountCents,
                paymentMethodId: step.isDeclined ? 'pm_card_chargeDeclined' : 'pm_card_visa',
                idempotencyKey: randomUUID(),
              },
            ).then(
              () => 'succeeded' as const,
              (error: unknown) => {
                if (error instanceof AppError && error.code === ERROR_CODES.depositLimit) return 'refused' as const;
                if (error instanceof AppError && error.code === ERROR_CODES.paymentFailed) return 'declined' as const;
                throw error;
              },
            );
            expect(outcome).toBe(fits ? (step.isDeclined ? 'declined' : 'succeeded') : 'refused');
            if (outcome === 'succeeded') accepted.push({ at: now, amountCents: step.amountCents, limitsInForce });
          }
        }
        // The invariant itself, over the whole history: no window holds more than the limit in force when each deposit went in.
        for (const [index, d] of accepted.entries()) {
          const before = accepted.slice(0, index);
          for (const period of DEPOSIT_LIMIT_PERIODS) {
            const inWindow = before
              .filter((b) => windowId(period, b.at) === windowId(period, d.at))
              .reduce((sum, b) => sum + b.amountCents, 0);
            const limit = d.limitsInForce[period];
            if (limit !== null) expect(inWindow + d.amountCents).toBeLessThanOrEqual(limit);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
