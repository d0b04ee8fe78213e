import type { Promotion, PromotionState } from '@shared/promotions';

export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
  used_up: 'Used up',
};

const windowFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Dec 1, 2026, 9:00 AM – Dec 31, 2026, 11:59 PM', or 'From Dec 1, 2026, 9:00 AM, no end', in the viewer's time. */
export function windowSummary(
  { startsAt, endsAt }: Pick<Promotion, 'startsAt' | 'endsAt'>,
  format: Intl.DateTimeFormat = windowFormat,
): string {
  const start = format.format(new Date(startsAt));
  return endsAt ? `${start} – ${format.format(new Date(endsAt))}` : `From ${start}, no end`;
}

/** '12 of 100', or '12' without a limit. */
export function redemptionsSummary({
  redemptions,
  maxRedemptions,
}: Pick<Promotion, 'redemptions' | 'maxRedemptions'>): string {
  return maxRedemptions === null ? String(redemptions) : `${redemptions} of ${maxRedemptions}`;
}

/** Pausing means something only for a code that could still be used: not one that has ended or is used up. */
export const canPause = ({ state }: Pick<Promotion, 'state'>) => state !== 'ended' && state !== 'used_up';

/** Every code's figures added up: what promotions have granted, cost (spent) and taken back to date. */
export function promotionTotals(promotions: Promotion[]) {
  return promotions.reduce(
    (totals, promotion) => ({
      grantedCents: totals.grantedCents + promotion.grantedCents,
      spentCents: totals.spentCents + promotion.spentCents,
      expiredCents: totals.expiredCents + promotion.expiredCents,
    }),
    { grantedCents: 0, spentCents: 0, expiredCents: 0 },
  );
}
