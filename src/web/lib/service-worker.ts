import { toast } from './toast';

/**
 * Registers the service worker (src/web/sw/sw.ts, decision 049) and offers 'Reload to update' when
 * a new version has installed and waits (its worker does not take over by itself). The home page
 * fetches this small script after its load event (start-app.tsx), so it never competes with the first
 * paint (decision 007); the worker's own precache downloads are not the page's requests.
 */
export async function registerServiceWorker(): Promise<void> {
  const hadController = navigator.serviceWorker.controller !== null;
  // A browser that refuses workers (some private windows; tests that block them) runs the app without one.
  const registration = await navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (!registration) return;
  const offerUpdate = () =>
    toast('A new version of Soul Tribe is ready.', {
      id: 'service-worker-update',
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload to update', onClick: () => registration.waiting?.postMessage({ type: 'SKIP_WAITING' }) },
    });
  // Only an update waits behind a controller; the first install has nothing to replace.
  if (registration.waiting && hadController) offerUpdate();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offerUpdate();
    });
  });
  // The new version took over (this tab's button, another tab's, or a lone tab's navigation): run its scripts.
  navigator.serviceWorker.addEventListener('controllerchange', () => hadController && window.location.reload());
}
