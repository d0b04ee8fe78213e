import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/app-error-boundary';
import { AppBrowserRouter } from './app/browser-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './lib/query-client';
import { HydrationState } from './lib/hydrating-context';
import { loadFonts } from './lib/load-fonts';
import { hydrateRenderedState } from './lib/rendered-state';
import { applyTheme, readStoredTheme } from './lib/theme';
import { AppRoutes, preloadPage } from './routes';
import './styles.css';

// Applied before React renders anything, so a light-theme visitor never sees a dark flash.
applyTheme(readStoredTheme());
void loadFonts();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

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
const render = () =>
  startTransition(() => {
    if (isRendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });

// The first page's code is fetched before the first render, so it paints at once instead of a
// spinner first. If it fails to download, the page's error boundary shows it on render. Started in
// a task of its own: the modules' evaluation above is one long task on a phone already, and asking
// for the page's chunks (a link each) made it longer (decision 063, stop 58).
setTimeout(() => preloadPage(window.location.pathname).then(render, render));

// The installable app's service worker, once everything the page needed has loaded (decision 049).
// Development (Vite's server) has none: its modules change under the same names.
// A page the server rendered starts this script after it has painted, often after 'load' has fired.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./lib/service-worker').then((module) => module.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
