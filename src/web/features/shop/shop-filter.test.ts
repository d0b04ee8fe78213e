import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_FILTER, filterFromParams, filterToParams, hasAnyFilter, panelFilterCount } from './shop-filter';

describe('shop filter ↔ URL query', () => {
  it('round-trips every choice under the API names, leaving defaults out', () => {
    const filter = {
      search: 'moon',
      category: 'Courses',
      sort: 'price_asc',
      minCents: 1000,
      maxCents: 5000,
      digital: true,
    } as const;
    const params = filterToParams(filter);
    expect(params.toString()).toBe(
      'search=moon&category=Courses&sort=price_asc&minCents=1000&maxCents=5000&digital=true',
    );
    expect(filterFromParams(params)).toEqual(filter);
    expect(filterToParams(DEFAULT_SHOP_FILTER).toString()).toBe('');
  });

  it('keeps physical only (digital=false) apart from both', () => {
    expect(filterFromParams(new URLSearchParams('digital=false')).digital).toBe(false);
    expect(filterFromParams(new URLSearchParams('digital=maybe')).digital).toBeNull();
  });

  it('falls back to defaults for unknown or malformed values and orders a reversed range', () => {
    expect(filterFromParams(new URLSearchParams('category=Potions&sort=cheapest&minCents=-5&maxCents=abc'))).toEqual(
      DEFAULT_SHOP_FILTER,
    );
    expect(filterFromParams(new URLSearchParams('minCents=5000&maxCents=1000'))).toMatchObject({
      minCents: 1000,
      maxCents: 5000,
    });
    expect(filterFromParams(new URLSearchParams(`search=${'a'.repeat(150)}`)).search).toHaveLength(100);
  });

  it('counts the panel choices and says whether anything narrows the list', () => {
    expect(panelFilterCount({ ...DEFAULT_SHOP_FILTER, minCents: 100, digital: false })).toBe(2);
    expect(hasAnyFilter({ ...DEFAULT_SHOP_FILTER, sort: 'rating' })).toBe(false);
    expect(hasAnyFilter({ ...DEFAULT_SHOP_FILTER, search: 'rose' })).toBe(true);
  });
});
