import { describe, expect, it } from 'vitest';
import {
  emptyPromotionForm,
  formFieldOf,
  inDollars,
  promotionFormSchema,
  splitFieldErrors,
  toLocalDateTimeInput,
} from './promotion-form';

const start = new Date('2026-12-01T09:00:00');

describe('the New code form', () => {
  it('starts now, its credit lasting 30 days', () => {
    expect(emptyPromotionForm(start)).toMatchObject({
      startsAt: '2026-12-01T09:00',
      creditDays: '30',
      newClientsOnly: false,
    });
    expect(toLocalDateTimeInput(new Date('2026-03-04T05:06:59'))).toBe('2026-03-04T05:06');
  });

  it('sends no minimum or cap without a bonus, whatever the hidden fields hold', () => {
    const parsed = promotionFormSchema.parse({
      ...emptyPromotionForm(start),
      code: 'welcome5',
      creditDollars: '5',
      minTopUpDollars: '20',
      maxBonusDollars: '10',
    });
    expect(parsed).toEqual({
      code: 'WELCOME5',
      creditCents: 500,
      bonusPercent: 0,
      minTopUpCents: 0,
      maxBonusCents: null,
      startsAt: start.toISOString(),
      endsAt: null,
      creditDays: 30,
      maxRedemptions: null,
      budgetCents: null,
      newClientsOnly: false,
      welcome: false,
    });
  });

  it('says what cannot be read beside its field', () => {
    const issues = promotionFormSchema.safeParse({
      ...emptyPromotionForm(start),
      code: 'X1',
      creditDollars: '5.555',
      creditDays: '2.5',
      startsAt: '',
    }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['creditDollars', 'Enter an amount in dollars, like 5 or 4.99'],
      ['creditDays', 'Enter a whole number'],
    ]);
  });

  it('maps the server’s field names to the form’s, and its cents to dollars', () => {
    expect(formFieldOf('budgetCents')).toBe('budgetDollars');
    expect(formFieldOf('nope')).toBeUndefined();
    expect(inDollars('The budget is at most 100000000 cents')).toBe('The budget is at most $1,000,000.00');
    expect(
      splitFieldErrors({ maxBonusCents: 'The bonus cap is at most 10000 cents', other: 'Something else' }),
    ).toEqual({
      fields: [['maxBonusDollars', 'The bonus cap is at most $100.00']],
      others: ['Something else'],
    });
  });
});
