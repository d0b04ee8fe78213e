import { hydrate, type QueryClient } from '@tanstack/react-query';
import { RENDERED_PAGE_TTL_MS, RENDERED_STATE_ID } from '@shared/server-render';

/**
 * A public page rendered by the server (decision 063) carries the data it was rendered with: the query
 * cache starts with it, so the page hydrates as it is and nothing is fetched again. Data older than
 * a page the server keeps came from a shared cache (a CDN): a reader may have come online since, so
 * it is marked stale and fetched again once the page shows it. Returns whether there was any.
 */
export function hydrateRenderedState(
  queryClient: QueryClient,
  page: Pick<Document, 'getElementById'>,
  now = Date.now(),
): boolean {
  const text = page.getElementById(RENDERED_STATE_ID)?.textContent;
  if (!text) return false;
  hydrate(queryClient, JSON.parse(text));
  void queryClient.invalidateQueries({
    predicate: (query) => query.state.dataUpdatedAt < now - 2 * RENDERED_PAGE_TTL_MS,
    refetchType: 'none',
  });
  return true;
}
