import { describe, expect, it } from 'vitest';
import { shownCount } from './public-figures';

describe('shownCount', () => {
  it('shows a count as written in English, and a dash until it is known', () => {
    expect(shownCount(10_084)).toBe('10,084');
    expect(shownCount(undefined)).toBe('–');
  });
});
