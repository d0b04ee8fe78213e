import { SHOP_CATEGORIES, SHOP_SORTS, type ShopCategory, type ShopSort } from '@shared/shop-rules';

/** What the shop page shows: every choice lives in the URL query, under the API's own names. */
export interface ShopFilter {
  search: string;
  category: ShopCategory | null;
  sort: ShopSort;
  minCents: number | null;
  maxCents: number | null;
  /** true: digital only; false: physical only; null: both. */
  digital: boolean | null;
}

export const DEFAULT_SHOP_FILTER: ShopFilter = {
  search: '',
  category: null,
  sort: 'featured',
  minCents: null,
  maxCents: null,
  digital: null,
};

const isCategory = (value: string | null): value is ShopCategory =>
  SHOP_CATEGORIES.some((category) => category === value);
const isSort = (value: string | null): value is ShopSort => SHOP_SORTS.some((sort) => sort === value);

function centsParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

/**
 * Reads a shared or hand-edited query leniently: an unknown value falls back to its default, so a
 * stale link still opens the shop instead of an error. A reversed price range is put in order.
 */
export function filterFromParams(params: URLSearchParams): ShopFilter {
  const category = params.get('category');
  const sort = params.get('sort');
  const digital = params.get('digital');
  let minCents = centsParam(params.get('minCents'));
  let maxCents = centsParam(params.get('maxCents'));
  if (minCents !== null && maxCents !== null && minCents > maxCents) [minCents, maxCents] = [maxCents, minCents];
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    category: isCategory(category) ? category : null,
    sort: isSort(sort) ? sort : 'featured',
    minCents,
    maxCents,
    digital: digital === 'true' ? true : digital === 'false' ? false : null,
  };
}

/** The query of GET /api/shop/products under its own names, as the page's URL has it too. */
interface ShopQuery {
  search?: string;
  category?: ShopCategory;
  sort?: ShopSort;
  minCents?: number;
  maxCents?: number;
  digital?: 'true' | 'false';
}

/** The query for both the page's URL and GET /api/shop/products; defaults are left out. */
export function filterToQuery(filter: ShopFilter): ShopQuery {
  const search = filter.search.trim();
  return {
    ...(search && { search }),
    ...(filter.category && { category: filter.category }),
    ...(filter.sort !== 'featured' && { sort: filter.sort }),
    ...(filter.minCents !== null && { minCents: filter.minCents }),
    ...(filter.maxCents !== null && { maxCents: filter.maxCents }),
    ...(filter.digital !== null && { digital: filter.digital ? 'true' : 'false' }),
  };
}

/** The same query as the page's URL carries it. */
export function filterToParams(filter: ShopFilter): URLSearchParams {
  return new URLSearchParams(Object.entries(filterToQuery(filter)).map(([name, value]) => [name, String(value)]));
}

/** How many of the Filter panel's choices are set, for the badge on its button. */
export function panelFilterCount(filter: ShopFilter): number {
  return [filter.minCents, filter.maxCents, filter.digital].filter((value) => value !== null).length;
}

export function hasAnyFilter(filter: ShopFilter): boolean {
  return filterToParams({ ...filter, sort: 'featured' }).size > 0;
}
