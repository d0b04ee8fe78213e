import { describe, expect, it } from 'vitest';
import { DEPOSIT_LIMIT_DELAY_MS } from '@shared/wallet';
import {
  changeLimit,
  type DepositLimitState,
  depositLimitMessage,
  findLimitPassed,
  limitAt,
  NO_LIMIT,
} from './deposit-limit-rules';

const now = Date.parse('2026-11-23T09:30:00Z');
const later = (ms: number) => new Date(now + ms);

describe('changeLimit', () => {
  it('a first limit and a lower one hold at once', () => {
    expect(changeLimit(NO_LIMIT, 5000, now)).toEqual({ limitCents: 5000, pending: null });
    expect(changeLimit({ limitCents: 5000, pending: null }, 3000, now)).toEqual({ limitCents: 3000, pending: null });
  });

  it('a raise or a removal waits 24 hours, then is in force', () => {
    const raised = changeLimit({ limitCents: 5000, pending: null }, 9000, now);
    expect(raised).toEqual({
      limitCents: 5000,
      pending: { limitCents: 9000, effectiveAt: later(DEPOSIT_LIMIT_DELAY_MS) },
    });
    expect(limitAt(raised, now + DEPOSIT_LIMIT_DELAY_MS - 1).limitCents).toBe(5000);
    expect(limitAt(raised, now + DEPOSIT_LIMIT_DELAY_MS)).toEqual({ limitCents: 9000, pending: null });

    const removed = changeLimit({ limitCents: 5000, pending: null }, null, now);
    expect(removed.pending).toEqual({ limitCents: null, effectiveAt: later(DEPOSIT_LIMIT_DELAY_MS) });
  });

  it('lowering while a raise is pending cancels the raise; asking for the same raise again keeps its time', () => {
    const raised: DepositLimitState = { limitCents: 5000, pending: { limitCents: 9000, effectiveAt: later(1000) } };
    expect(changeLimit(raised, 4000, now)).toEqual({ limitCents: 4000, pending: null });
    expect(changeLimit(raised, 5000, now)).toEqual({ limitCents: 5000, pending: null });
    expect(changeLimit(raised, 9000, now + 500)).toEqual(raised);
    expect(changeLimit(raised, 8000, now).pending).toEqual({
      limitCents: 8000,
      effectiveAt: later(DEPOSIT_LIMIT_DELAY_MS),
    });
  });

  it('removing a limit that does not exist changes nothing', () => {
    expect(changeLimit(NO_LIMIT, null, now)).toEqual(NO_LIMIT);
  });
});

describe('findLimitPassed', () => {
  it('a deposit that fits every limit, exactly up to one, passes none', () => {
    expect(findLimitPassed([{ period: 'daily', limitCents: 5000, depositedCents: 3000 }], 2000, now)).toBeNull();
  });

  it('names the limit with the least room left, with its room and its reset', () => {
    const uses = [
      { period: 'daily' as const, limitCents: 5000, depositedCents: 3000 },
      { period: 'weekly' as const, limitCents: 10_000, depositedCents: 9000 },
      { period: 'monthly' as const, limitCents: 100_000, depositedCents: 9000 },
    ];
    expect(findLimitPassed(uses, 2500, now)).toEqual({
      period: 'weekly',
      limitCents: 10_000,
      remainingCents: 1000,
      resetsAt: '2026-11-30T00:00:00.000Z',
    });
  });

  it('room never goes below zero, even after a limit was lowered under what the window holds', () => {
    expect(
      findLimitPassed([{ period: 'daily', limitCents: 2000, depositedCents: 5000 }], 100, now)?.remainingCents,
    ).toBe(0);
  });
});

describe('depositLimitMessage', () => {
  it('says how much is left and when the window resets, in UTC', () => {
    expect(
      depositLimitMessage({
        period: 'daily',
        limitCents: 5000,
        remainingCents: 2000,
        resetsAt: '2026-11-24T00:00:00.000Z',
      }),
    ).toBe('Your daily deposit limit is $50.00: you can add $20.00 more until Nov 24, 12:00 AM UTC');
    expect(
      depositLimitMessage({
        period: 'monthly',
        limitCents: 20_000,
        remainingCents: 0,
        resetsAt: '2026-12-01T00:00:00.000Z',
      }),
    ).toBe('Your monthly deposit limit is $200.00: you have reached it until Dec 1, 12:00 AM UTC');
  });
});
