import { describe, expect, it } from 'vitest';
import { filterFromSearchParams, searchParamsFromFilter } from './community-filter';

describe('community filter in the URL', () => {
  it('defaults to all discussions, first page', () => {
    expect(filterFromSearchParams(new URLSearchParams())).toEqual({
      tab: 'discussions',
      category: null,
      search: '',
      page: 1,
    });
    expect(searchParamsFromFilter({ tab: 'discussions', category: null, search: ' ', page: 1 })).toEqual({});
  });

  it('reads back what it wrote', () => {
    const filter = { tab: 'categories', category: 'Crystal Healing', search: 'amethyst', page: 3 } as const;
    expect(filterFromSearchParams(new URLSearchParams(searchParamsFromFilter(filter)))).toEqual(filter);
  });

  it('ignores an unknown category, tab or page', () => {
    expect(filterFromSearchParams(new URLSearchParams('tab=x&category=Cooking&page=-2'))).toEqual({
      tab: 'discussions',
      category: null,
      search: '',
      page: 1,
    });
  });
});
