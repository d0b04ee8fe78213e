import { READER_SHARE_PERCENT } from './constants';
import { formatCount } from './count-format';

/**
 * Formats cents for people: 1234 → "$12.34", -123456 → "-$1,234.56", as Intl's en-US USD format
 * writes them (money-format.test.ts compares the two), without Intl's first-call cost
 * (count-format.ts). A fraction of a cent rounds half away from zero, as Intl's does.
 */
export function formatCents(amountCents: number): string {
  const cents = Math.round(Math.abs(amountCents));
  const dollars = `$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
  return amountCents < 0 && cents > 0 ? `-${dollars}` : dollars;
}

/**
 * Splits a charge between reader and platform. The reader's share is rounded down so the
 * platform's remainder makes the two add up to the charge exactly (never a cent invented).
 */
export function splitCharge(amountCents: number): { readerCents: number; platformCents: number } {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`amountCents must be a non-negative integer, got ${amountCents}`);
  }
  const readerCents = Math.floor((amountCents * READER_SHARE_PERCENT) / 100);
  return { readerCents, platformCents: amountCents - readerCents };
}

/**
 * Splits one minute of a reading on the session's total, so rounding never adds up against the
 * reader: after each minute their share of the session is floor(70% × the session's total so far)
 * (10 minutes at $3.99 pay $27.93, where flooring each minute would pay $27.90). The minute's
 * reader cents are the growth of that share; the platform takes the rest of the minute.
 */
export function splitSessionMinute(
  sessionTotalBeforeCents: number,
  amountCents: number,
): { readerCents: number; platformCents: number } {
  const readerCents =
    splitCharge(sessionTotalBeforeCents + amountCents).readerCents - splitCharge(sessionTotalBeforeCents).readerCents;
  return { readerCents, platformCents: amountCents - readerCents };
}

/**
 * Parses what a person typed as dollars ("12", "12.5", "12.34") into integer cents, or null when
 * it is not a plain non-negative amount with at most two decimals.
 */
export function parseDollarsToCents(input: string): number | null {
  const text = input.trim();
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Cents as a plain dollar string for inputs: 499 → "4.99". */
export function centsToDollarInput(amountCents: number): string {
  return (amountCents / 100).toFixed(2);
}
