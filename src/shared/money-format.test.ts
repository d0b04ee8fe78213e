import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './count-format';
import { formatCents } from './money';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatCents and formatCount, written without Intl', () => {
  it('write any whole number of cents as Intl’s en-US dollars do', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1e15, max: 1e15 })),
        (cents) => {
          // Intl writes minus zero as "-$0.00"; a wallet at zero reads "$0.00" here. Past ±$10¹³ the
          // division Intl is given loses cents, and these stay exact.
          fc.pre(!Object.is(cents, -0));
          expect(formatCents(cents)).toBe(usd.format(cents / 100));
        },
      ),
    );
    expect(formatCents(-0)).toBe('$0.00');
    expect([12.5, -12.5, 0.4, -0.4, 99.6].map(formatCents)).toEqual(['$0.13', '-$0.13', '$0.00', '$0.00', '$1.00']);
    expect([0, 5, 99, 100, 123456, -1, -123456].map(formatCents)).toEqual([
      '$0.00',
      '$0.05',
      '$0.99',
      '$1.00',
      '$1,234.56',
      '-$0.01',
      '-$1,234.56',
    ]);
  });

  it('write any count as toLocaleString("en-US") does, a fraction included', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true })),
        (n) => {
          fc.pre(!Object.is(n, -0));
          expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
        },
      ),
    );
    expect([0, 999, 1000, 1234567, -1000].map(formatCount)).toEqual(['0', '999', '1,000', '1,234,567', '-1,000']);
  });
});
