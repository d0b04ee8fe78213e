import type { CommunityCategory } from '@shared/community';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isCommunityCategory } from './category-style';

export type CommunityTab = 'discussions' | 'categories';

export interface CommunityFilter {
  tab: CommunityTab;
  category: CommunityCategory | null;
  search: string;
  page: number;
}

export function filterFromSearchParams(params: URLSearchParams): CommunityFilter {
  const category = params.get('category');
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'categories' ? 'categories' : 'discussions',
    category: isCommunityCategory(category) ? category : null,
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from the default view goes into the URL, so /community stays /community. */
export function searchParamsFromFilter(filter: CommunityFilter): Record<string, string> {
  return {
    ...(filter.tab === 'categories' && { tab: 'categories' }),
    ...(filter.category && { category: filter.category }),
    ...(filter.search.trim() && { search: filter.search.trim() }),
    ...(filter.page > 1 && { page: String(filter.page) }),
  };
}

/**
 * The tab, category, search and page live in the URL: a filtered view can be shared and survives a
 * reload. Written at once (flushSync), so a pressed filter button never snaps back for a moment.
 */
export function useCommunityFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearchParams(searchParams), [searchParams]);
  const setFilter = (next: CommunityFilter, options: { replace?: boolean } = {}) =>
    setSearchParams(searchParamsFromFilter(next), { ...options, flushSync: true });
  return { filter, setFilter };
}
