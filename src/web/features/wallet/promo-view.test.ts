import type { PromotionPreview } from '@shared/promotions';
import { describe, expect, it } from 'vitest';
import { formatExpiryDay, nextExpiryLabel, promoPreviewText } from './promo-view';

const preview = (overrides: Partial<PromotionPreview>): PromotionPreview => ({
  code: 'CODE',
  creditCents: 0,
  bonusPercent: 0,
  maxBonusCents: null,
  minTopUpCents: 0,
  bonusCents: 0,
  creditDays: 30,
  ...overrides,
});

describe('promoPreviewText', () => {
  it('adds a fixed credit and the bonus on the amount, saying when the bonus hit its cap', () => {
    expect(
      promoPreviewText(preview({ creditCents: 500, bonusPercent: 50, maxBonusCents: 1000, bonusCents: 1000 }), 5000),
    ).toEqual({
      headline: '+$15.00 promotional credit',
      detail: '$5.00 credit + $10.00 bonus (the code’s cap: 50% would be $25.00) · expires 30 days after it is added',
    });
  });

  it('names a bonus the amount does not reach yet beside the credit it does get', () => {
    expect(
      promoPreviewText(preview({ creditCents: 500, bonusPercent: 10, maxBonusCents: 1000, minTopUpCents: 2000 }), 1000),
    ).toEqual({
      headline: '+$5.00 promotional credit',
      detail:
        '$5.00 credit · 10% bonus on a top-up of $20.00 or more, up to $10.00 · expires 30 days after it is added',
    });
  });

  it('gives the terms before an amount is typed', () => {
    expect(promoPreviewText(preview({ bonusPercent: 100, maxBonusCents: 1000, creditDays: 1 }), null)).toEqual({
      headline: '100% bonus on a top-up, up to $10.00',
      detail: 'Promotional credit expires 1 day after it is added',
    });
    expect(promoPreviewText(preview({ creditCents: 500 }), null)).toEqual({
      headline: '+$5.00 promotional credit',
      detail: 'Expires 30 days after it is added',
    });
  });
});

describe('the credit’s next expiry', () => {
  const now = new Date('2026-12-01T12:00:00');
  it('says the amount only when part of the credit expires first', () => {
    expect(nextExpiryLabel(700, { amountCents: 200, expiresAt: '2026-12-30T12:00:00' }, now)).toBe(
      '$2.00 expires Dec 30',
    );
    expect(nextExpiryLabel(700, { amountCents: 700, expiresAt: '2026-12-30T12:00:00' }, now)).toBe('expires Dec 30');
  });

  it('adds the year when it is not this year’s', () => {
    expect(formatExpiryDay('2027-01-05T12:00:00', now)).toBe('Jan 5, 2027');
  });
});
