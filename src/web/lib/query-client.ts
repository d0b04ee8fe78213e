import { QueryClient } from '@tanstack/react-query';

/** SPEC.md §9 'Data cache defaults': data fresh for 5 minutes, 1 retry. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: QUERY_RETRY_COUNT },
    },
  });
}
