import { DISPLAYED_SPECIALTIES } from '@shared/constants';
import { DIRECTORY_SORTS, type DirectorySort } from '@shared/reader-directory';

/** The sort dropdown: the API's keys with the labels seekers read (prices are chat rates). */
export const SORT_LABELS: Record<DirectorySort, string> = {
  recommended: 'Recommended',
  rating: 'Highest Rated',
  experience: 'Most Experience',
  sessions: 'Most Sessions',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
};

export interface DirectoryFilter {
  search: string;
  /** '' for every specialty. */
  specialty: string;
  sort: DirectorySort;
  isOnlineOnly: boolean;
}

export const DEFAULT_FILTER: DirectoryFilter = { search: '', specialty: '', sort: 'recommended', isOnlineOnly: false };

const isSort = (value: string | null): value is DirectorySort => DIRECTORY_SORTS.some((sort) => sort === value);

/**
 * The filter a /readers URL carries (`?search=&specialty=&sort=&online=true`). Whatever a shared or
 * hand-edited link holds, the page shows something sensible: an unknown sort is the default one.
 */
export function filterFromSearchParams(params: URLSearchParams): DirectoryFilter {
  const sort = params.get('sort');
  return {
    search: params.get('search') ?? '',
    specialty: params.get('specialty') ?? '',
    sort: isSort(sort) ? sort : DEFAULT_FILTER.sort,
    isOnlineOnly: params.get('online') === 'true',
  };
}

/** A filter under the names of GET /api/readers's query, which a /readers URL uses too; defaults left out. */
interface FilterQuery {
  search?: string;
  specialty?: string;
  sort?: DirectorySort;
  online?: 'true';
}

function filterQuery(filter: DirectoryFilter): FilterQuery {
  const search = filter.search.trim();
  return {
    ...(search && { search }),
    ...(filter.specialty && { specialty: filter.specialty }),
    ...(filter.sort !== DEFAULT_FILTER.sort && { sort: filter.sort }),
    ...(filter.isOnlineOnly && { online: 'true' }),
  };
}

/** The URL's search params for a filter, defaults left out so the plain directory stays `/readers`. */
export function searchParamsFromFilter(filter: DirectoryFilter): URLSearchParams {
  return new URLSearchParams(Object.entries(filterQuery(filter)).map(([name, value]) => [name, String(value)]));
}

/** The API's query for one page of the filtered directory: the URL's filters plus the page. */
export function directoryApiQuery(filter: DirectoryFilter, page: number) {
  return { ...filterQuery(filter), page };
}

export function hasFilters(filter: DirectoryFilter): boolean {
  return searchParamsFromFilter(filter).size > 0;
}

/** The first three specialties and how many more there are ('+N more'). */
export function shownSpecialties(specialties: string[]): { shown: string[]; moreCount: number } {
  return {
    shown: specialties.slice(0, DISPLAYED_SPECIALTIES),
    moreCount: Math.max(0, specialties.length - DISPLAYED_SPECIALTIES),
  };
}
