import type { DepositLimits } from '@shared/wallet';
import { describe, expect, it } from 'vitest';
import {
  changedLimits,
  LIMIT_INPUT_MESSAGE,
  pendingLimitLabel,
  spendingLimitsFormSchema,
  spendingLimitsFormValues,
} from './spending-limits-form';

const limits: DepositLimits = {
  dailyCents: 5000,
  weeklyCents: null,
  monthlyCents: 20_000,
  pending: {
    daily: { limitCents: 10_000, pendingEffectiveAt: '2026-11-25T15:00:00.000Z' },
    weekly: null,
    monthly: null,
  },
};
const utc = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

describe('spending limits form', () => {
  it('shows the limits in force as dollars, none as empty, and the reminder', () => {
    expect(spendingLimitsFormValues(limits, { everyMinutes: 15 })).toEqual({
      daily: '50.00',
      weekly: '',
      monthly: '200.00',
      reminder: '15',
    });
    expect(spendingLimitsFormValues(limits, { everyMinutes: null }).reminder).toBe('off');
  });

  it('reads dollars as cents, empty as no limit, and refuses amounts out of bounds', () => {
    expect(spendingLimitsFormSchema.parse({ daily: '75', weekly: '', monthly: ' 1000.5 ', reminder: '30' })).toEqual({
      daily: 7500,
      weekly: null,
      monthly: 100_050,
      reminder: 30,
    });
    for (const bad of ['0.99', '100000.01', 'ten', '-5', '1.234']) {
      const result = spendingLimitsFormSchema.safeParse({ daily: bad, weekly: '', monthly: '', reminder: 'off' });
      expect(result.error?.issues[0]?.message).toBe(LIMIT_INPUT_MESSAGE);
    }
  });

  it('sends only the limits that changed, so an untouched field keeps its pending raise', () => {
    expect(changedLimits(limits, { daily: 5000, weekly: null, monthly: 20_000 })).toEqual({});
    expect(changedLimits(limits, { daily: 5000, weekly: 9000, monthly: null })).toEqual({
      weeklyCents: 9000,
      monthlyCents: null,
    });
  });

  it('labels a pending raise and a pending removal', () => {
    expect(pendingLimitLabel({ limitCents: 10_000, pendingEffectiveAt: '2026-11-25T15:00:00.000Z' }, utc)).toBe(
      'Rises to $100.00 on Nov 25, 3:00 PM',
    );
    expect(pendingLimitLabel({ limitCents: null, pendingEffectiveAt: '2026-11-25T15:00:00.000Z' }, utc)).toBe(
      'Removed on Nov 25, 3:00 PM',
    );
  });
});
