import { type DehydratedState, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ApiFetch, PageRenderer, RenderedPage } from '@shared/server-render';
import { AppErrorBoundary } from './app/app-error-boundary';
import { AppProviders } from './app/providers';
import { setApiFetch } from './lib/api';
import { profileQueryKey } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { HydratingContext } from './lib/hydrating-context';
import { renderingAt } from './lib/page-now';
import { AppRoutes, preloadPage } from './routes';

/**
 * The public pages rendered on the server for visitors (docs/decisions/063): the same
 * components as in the browser, with the data they ask for fetched first, then handed to the
 * browser's query cache (start-app.tsx hydrates with it), so the page is not fetched twice.
 */

/** A page whose queries ask for more data once the first answers arrive (a profile, then its reviews) needs a pass more. */
const MAX_PASSES = 3;

function isEnabled(query: Query): boolean {
  const { options } = query;
  if (!('enabled' in options)) return true;
  const { enabled } = options;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

/** Queries the render asked for that have neither data nor an error yet: the browser would fetch them at once. */
const unanswered = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query));

function renderApp(url: string, queryClient: QueryClient): string {
  return renderToString(
    <StrictMode>
      <AppErrorBoundary>
        <HydratingContext value>
          <AppProviders queryClient={queryClient}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </HydratingContext>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

/**
 * Renders a visitor's page at `url`: each pass renders, then fetches what the components asked for
 * and had not; the last pass is the HTML.
 */
async function renderPage(url: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // A visitor: the server renders no one's personal state. Dated long ago, so the browser asks once
  // who is there all the same: a page a cache kept past a sign-in corrects itself.
  queryClient.setQueryData(profileQueryKey, null, { updatedAt: 0 });
  await preloadPage(new URL(url, 'http://localhost').pathname);
  let renderedAt = 0;
  const render = () => {
    renderedAt = Date.now();
    return renderingAt(renderedAt, () => renderApp(url, queryClient));
  };
  let html = render();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const pending = unanswered(queryClient);
    if (pending.length === 0) break;
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
    html = render();
  }
  const state: DehydratedState = dehydrate(queryClient);
  queryClient.clear();
  return { html, state, renderedAt };
}

/** The renderer of a server whose API answers `fetchApi` (in process: the server's own routes, never the network). */
export function createPageRenderer(fetchApi: ApiFetch): PageRenderer {
  setApiFetch(fetchApi);
  return renderPage;
}
