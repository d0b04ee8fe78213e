import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { AppErrorBoundary } from './app/app-error-boundary';
import { AppBrowserRouter } from './app/browser-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './lib/query-client';
import { HydratingContext } from './lib/hydrating-context';
import { hydrateRenderedState } from './lib/rendered-state';
import { applyTheme, readStoredTheme } from './lib/theme';
import { AppRoutes, preloadPage } from './routes';
import { HYDRATED_ATTRIBUTE } from '@shared/server-render';
import './styles.css';

// Applied before React renders anything, so a light-theme visitor never sees a dark flash.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const queryClient = createQueryClient();

const isRendered = hydrateRenderedState(queryClient, document);

let root: Root;

/**
 * Marks the document once the first page has committed: every control on it answers from then on.
 * A page the server rendered then renders again with the browser's time and zone (page-now.ts), as
 * a transition.
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    if (isRendered) startTransition(() => root.render(app(false)));
  }, []);
  return null;
}

const app = (isHydrating: boolean) => (
  <StrictMode>
    <MarkHydrated />
    <AppErrorBoundary>
      <HydratingContext value={isHydrating}>
        <AppProviders queryClient={queryClient}>
          <AppBrowserRouter>
            <AppRoutes />
          </AppBrowserRouter>
        </AppProviders>
      </HydratingContext>
    </AppErrorBoundary>
  </StrictMode>
);

// In a transition, React renders (or hydrates) the first page in slices that yield to the browser
// every few milliseconds instead of one long task (a phone's CPU is the budget: Lighthouse's total blocking time).
const render = () =>
  startTransition(() => {
    if (isRendered) {
      root = hydrateRoot(container, app(true));
      return;
    }
    root = createRoot(container);
    root.render(app(false));
  });

// The first page's code is fetched before the first render, so it paints at once instead of a
// spinner first. If it fails to download, the page's error boundary shows it on render.
preloadPage(window.location.pathname).then(render, render);

// The installable app's service worker, once everything the page needed has loaded (decision 049).
// Development (Vite's server) has none: its modules change under the same names.
// A page the server rendered starts this script after it has painted, often after 'load' has fired.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./lib/service-worker').then((module) => module.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
