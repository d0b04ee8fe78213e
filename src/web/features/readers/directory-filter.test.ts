import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTER,
  directoryApiQuery,
  filterFromSearchParams,
  hasFilters,
  searchParamsFromFilter,
  shownSpecialties,
} from './directory-filter';

const parse = (query: string) => filterFromSearchParams(new URLSearchParams(query));

describe('the directory filter in the URL', () => {
  it('reads every filter from the search params', () => {
    expect(parse('search=tarot&specialty=Love%20%26%20Relationships&sort=price-asc&online=true')).toEqual({
      search: 'tarot',
      specialty: 'Love & Relationships',
      sort: 'price-asc',
      isOnlineOnly: true,
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(parse('')).toEqual(DEFAULT_FILTER);
    expect(parse('sort=cheapest&online=yes')).toEqual(DEFAULT_FILTER);
  });

  it('leaves defaults out of the URL, so the plain directory is /readers', () => {
    expect(searchParamsFromFilter(DEFAULT_FILTER).toString()).toBe('');
    expect(searchParamsFromFilter({ ...DEFAULT_FILTER, search: '   ' }).toString()).toBe('');
    expect(hasFilters(DEFAULT_FILTER)).toBe(false);
    expect(hasFilters({ ...DEFAULT_FILTER, isOnlineOnly: true })).toBe(true);
  });

  it('writes a filter that reads back the same (a shared link shows the same view)', () => {
    const filter = { search: 'moon & stars', specialty: 'Tarot', sort: 'rating' as const, isOnlineOnly: true };
    const written = searchParamsFromFilter(filter).toString();
    expect(written).toBe('search=moon+%26+stars&specialty=Tarot&sort=rating&online=true');
    expect(parse(written)).toEqual(filter);
  });

  it('trims the search it writes', () => {
    expect(searchParamsFromFilter({ ...DEFAULT_FILTER, search: '  runes ' }).get('search')).toBe('runes');
  });

  it("asks the API for one page with the URL's filters", () => {
    expect(directoryApiQuery({ ...DEFAULT_FILTER, specialty: 'Tarot' }, 3)).toEqual({ specialty: 'Tarot', page: 3 });
    expect(directoryApiQuery(DEFAULT_FILTER, 1)).toEqual({ page: 1 });
  });
});

describe('shownSpecialties', () => {
  it('shows three and counts the rest', () => {
    expect(shownSpecialties(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], moreCount: 2 });
    expect(shownSpecialties(['a'])).toEqual({ shown: ['a'], moreCount: 0 });
  });
});
