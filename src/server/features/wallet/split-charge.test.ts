import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READER_SHARE_PERCENT } from '@shared/constants';
import { splitCharge, splitSessionMinute } from '@shared/money';
import {
  compareLockOrder,
  isRevenueAccount,
  REVENUE_ACCOUNT_IDS,
  REVENUE_SHARD_COUNT,
  revenueAccountFor,
  SYSTEM_ACCOUNTS,
  walletAccountId,
} from './ledger';

describe('splitCharge', () => {
  it('always adds up to the charge, never inventing or losing a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor(Number.MAX_SAFE_INTEGER / 100) }), (amountCents) => {
        const { readerCents, platformCents } = splitCharge(amountCents);
        expect(readerCents + platformCents).toBe(amountCents);
        expect(Number.isInteger(readerCents) && Number.isInteger(platformCents)).toBe(true);
        expect(readerCents).toBeGreaterThanOrEqual(0);
        expect(platformCents).toBeGreaterThanOrEqual(0);
        // The reader's share is 70% rounded down: within one cent of the exact share, never above it.
        expect(readerCents * 100).toBeLessThanOrEqual(amountCents * READER_SHARE_PERCENT);
        expect((readerCents + 1) * 100).toBeGreaterThan(amountCents * READER_SHARE_PERCENT);
      }),
    );
  });

  it('splits the examples people check by hand', () => {
    expect(splitCharge(100)).toEqual({ readerCents: 70, platformCents: 30 });
    expect(splitCharge(299)).toEqual({ readerCents: 209, platformCents: 90 });
    expect(splitCharge(1)).toEqual({ readerCents: 0, platformCents: 1 });
    expect(splitCharge(0)).toEqual({ readerCents: 0, platformCents: 0 });
  });

  it('refuses amounts that are not whole non-negative cents', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => splitCharge(bad)).toThrow(RangeError);
  });
});

describe('splitSessionMinute', () => {
  it('leaves the reader floor(70%) of the running total after every minute, each minute adding up exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9999 }), { minLength: 1, maxLength: 300 }), (minutes) => {
        let total = 0;
        let readerTotal = 0;
        for (const amountCents of minutes) {
          const { readerCents, platformCents } = splitSessionMinute(total, amountCents);
          expect(readerCents + platformCents).toBe(amountCents);
          expect(readerCents).toBeGreaterThanOrEqual(0);
          expect(platformCents).toBeGreaterThanOrEqual(0);
          total += amountCents;
          readerTotal += readerCents;
          expect(readerTotal).toBe(splitCharge(total).readerCents);
        }
      }),
    );
  });

  it('pays 10 minutes at $3.99 as $27.93, where flooring each minute paid $27.90', () => {
    let total = 0;
    let reader = 0;
    for (let minute = 0; minute < 10; minute++) {
      reader += splitSessionMinute(total, 399).readerCents;
      total += 399;
    }
    expect(reader).toBe(2793);
    expect(10 * splitCharge(399).readerCents).toBe(2790);
  });
});

describe('compareLockOrder', () => {
  it('puts wallets before the system accounts, each group by id, revenue shards among them', () => {
    const [revenue, revenue1, revenue2] = REVENUE_ACCOUNT_IDS;
    const ids = [
      revenue2!,
      revenue!,
      walletAccountId('b'),
      SYSTEM_ACCOUNTS.external,
      revenue1!,
      walletAccountId('a'),
      SYSTEM_ACCOUNTS.payoutsPending,
    ];
    expect(ids.sort(compareLockOrder)).toEqual([
      walletAccountId('a'),
      walletAccountId('b'),
      SYSTEM_ACCOUNTS.external,
      SYSTEM_ACCOUNTS.payoutsPending,
      'platform:revenue',
      'platform:revenue:1',
      'platform:revenue:2',
    ]);
  });
});

describe('revenueAccountFor', () => {
  it('gives a payer the same revenue shard every time, and spreads payers over all of them', () => {
    fc.assert(
      fc.property(fc.string(), (payer) => {
        const shard = revenueAccountFor(payer);
        return isRevenueAccount(shard) && revenueAccountFor(payer) === shard;
      }),
    );
    const payers = Array.from({ length: 1000 }, (_, i) => `user-${i}`);
    const perShard = new Map<string, number>();
    for (const payer of payers) {
      const shard = revenueAccountFor(payer);
      perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
    }
    expect([...perShard.keys()].sort()).toEqual([...REVENUE_ACCOUNT_IDS].sort());
    // 62.5 each if even: no shard may carry twice that, or charges would queue on it.
    for (const count of perShard.values()) expect(count).toBeLessThan(125);
    expect(REVENUE_ACCOUNT_IDS.every(isRevenueAccount)).toBe(true);
    expect(isRevenueAccount(SYSTEM_ACCOUNTS.external)).toBe(false);
    expect(new Set(REVENUE_ACCOUNT_IDS).size).toBe(REVENUE_SHARD_COUNT);
  });
});
