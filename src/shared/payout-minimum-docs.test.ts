import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAYOUT_MIN_CENTS } from './constants';
import { formatCents } from './money';

// The dashboards said 'Payouts start at $15.00' while the README said $20 in one place.
describe("the README's payout minimum", () => {
  it("is the dashboards' 'Payouts start at', wherever it is written", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`(from ${formatCents(PAYOUT_MIN_CENTS)}, \`PAYOUT_MINIMUM_CENTS\``);
    expect(readme).toContain(`| \`PAYOUT_MINIMUM_CENTS\` | ${PAYOUT_MIN_CENTS} (${formatCents(PAYOUT_MIN_CENTS)}) |`);
  });
});
