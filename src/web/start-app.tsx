import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/app-error-boundary';
import { AppBrowserRouter } from './app/browser-router';
import { AppProviders } from './app/providers';
import { HydrationState } from './lib/hydrating-context';
import { createQueryClient } from './lib/query-client';
import { hydrateRenderedState } from './lib/rendered-state';
import { AppRoutes, preloadPage } from './routes';

/**
 * The React app, imported by the entry (main.tsx): at once for a page rendered in the browser, at the
 * visitor's first move on a page the server rendered. `onRootCreated` runs once React listens to the
 * page's events (main.tsx gives back the clicks it held until then).
 */
export function startApp(container: HTMLElement, onRootCreated: () => void = () => {}): void {
  const queryClient = createQueryClient();

  const isRendered = hydrateRenderedState(queryClient, document);

  const pages = (
    <AppProviders queryClient={queryClient}>
      <AppBrowserRouter>
        <AppRoutes />
      </AppBrowserRouter>
    </AppProviders>
  );

  const app = (
    <StrictMode>
      <AppErrorBoundary>{isRendered ? <HydrationState>{pages}</HydrationState> : pages}</AppErrorBoundary>
    </StrictMode>
  );

  // In a transition, React renders (or hydrates) the first page in slices that yield to the browser
  // every few milliseconds instead of one long task (a phone's CPU is the budget: Lighthouse's total blocking time).
  const render = () => {
    startTransition(() => {
      if (isRendered) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
    onRootCreated();
  };

  // The first page's code is fetched before the first render, so it paints at once instead of a
  // spinner first. If it fails to download, the page's error boundary shows it on render. Started in
  // a task of its own: the modules' evaluation is one long task on a phone already, and asking
  // for the page's chunks (a link each) made it longer (decision 063, stop 58).
  setTimeout(() => preloadPage(window.location.pathname).then(render, render));

  // The installable app's service worker, once everything the page needed has loaded (decision 049).
  // Development (Vite's server) has none: its modules change under the same names. A visitor of a
  // page the server rendered installs it once the app starts (their first move, decision 073): a
  // visit that only reads downloads nothing more.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () => void import('./lib/service-worker').then((module) => module.registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}
