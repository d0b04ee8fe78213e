import { formatCents } from '@shared/money';
import type { PromotionPreview } from '@shared/promotions';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const dayWithYearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Dec 30' in the viewer's time; with the year when it is not this year's. */
export function formatExpiryDay(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return (date.getFullYear() === now.getFullYear() ? dayFormat : dayWithYearFormat).format(date);
}

/**
 * What of the client's credit expires first, and when: '$2.00 expires Dec 30', or 'expires Dec 30'
 * when that is all of it.
 */
export function nextExpiryLabel(
  creditCents: number,
  next: { amountCents: number; expiresAt: string },
  now: Date = new Date(),
): string {
  const day = formatExpiryDay(next.expiresAt, now);
  return next.amountCents >= creditCents ? `expires ${day}` : `${formatCents(next.amountCents)} expires ${day}`;
}

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/** '10% bonus' with its floor and cap: '10% bonus on a top-up of $20.00 or more, up to $10.00'. */
function bonusTerms(preview: PromotionPreview): string {
  const floor = preview.minTopUpCents > 0 ? ` of ${formatCents(preview.minTopUpCents)} or more` : '';
  const cap = preview.maxBonusCents === null ? '' : `, up to ${formatCents(preview.maxBonusCents)}`;
  return `${preview.bonusPercent}% bonus on a top-up${floor}${cap}`;
}

/**
 * How the bonus came: '50% of $10.00', or, held at the code's cap, what the percentage would have
 * been ('the code’s cap: 50% would be $25.00'), so the figure never reads as bad arithmetic.
 */
function bonusBasis(preview: PromotionPreview, amountCents: number): string {
  const uncapped = Math.floor((amountCents * preview.bonusPercent) / 100);
  return uncapped > preview.bonusCents
    ? `the code’s cap: ${preview.bonusPercent}% would be ${formatCents(uncapped)}`
    : `${preview.bonusPercent}% of ${formatCents(amountCents)}`;
}

/**
 * What a code gives with this top-up, as the add-funds dialog says it before the client pays:
 * `headline` the credit they will get ('+$7.50 promotional credit') or, before an amount that earns
 * the bonus, the code's terms; `detail` how it is made up and how long it lasts.
 */
export function promoPreviewText(
  preview: PromotionPreview,
  amountCents: number | null,
): { headline: string; detail: string } {
  const lasts = `expires ${days(preview.creditDays)} after it is added`;
  const totalCents = preview.creditCents + preview.bonusCents;
  const hasBonus = preview.bonusPercent > 0;
  if (amountCents !== null && totalCents > 0) {
    const parts = [
      preview.creditCents > 0 ? `${formatCents(preview.creditCents)} credit` : null,
      preview.bonusCents > 0 ? `${formatCents(preview.bonusCents)} bonus (${bonusBasis(preview, amountCents)})` : null,
    ].filter((part) => part !== null);
    // A bonus this amount does not reach yet is worth saying: a little more would earn it.
    const missed = hasBonus && preview.bonusCents === 0 ? ` · ${bonusTerms(preview)}` : '';
    return {
      headline: `+${formatCents(totalCents)} promotional credit`,
      detail: `${parts.join(' + ')}${missed} · ${lasts}`,
    };
  }
  if (hasBonus) {
    const credit = preview.creditCents > 0 ? `${formatCents(preview.creditCents)} credit + ` : '';
    return { headline: `${credit}${bonusTerms(preview)}`, detail: `Promotional credit ${lasts}` };
  }
  return {
    headline: `+${formatCents(preview.creditCents)} promotional credit`,
    detail: `Expires ${days(preview.creditDays)} after it is added`,
  };
}
