/**
 * Numbers as en-US writes them, without Intl: a page's first Intl call loads the ICU data, 45–80 ms of
 * one task on this project's machine and about four times that on Lighthouse's phone, and the public
 * pages need no other Intl on their way to interactive. `formatCount(1234567)` is "1,234,567", as
 * `toLocaleString('en-US')` gives it (count-format.test.ts compares the two).
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return count < 0 ? `-${digits}` : digits;
}
