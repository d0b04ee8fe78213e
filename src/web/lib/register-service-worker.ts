import { toast } from './toast';

/**
 * Registers the service worker (src/web/sw/sw.ts) and offers 'Reload to update' when a new version
 * has installed and waits. Imported lazily after the page's load event (main.tsx), so it never
 * competes with the first paint and weighs on the home page's budget only its own few hundred
 * bytes (decision 007). The worker's own precache downloads are not the page's requests.
 */
export async function registerServiceWorker(): Promise<void> {
  const hadController = navigator.serviceWorker.controller !== null;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
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
  let isReloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The new version took over (this tab pressed the button, or another tab did): load its scripts.
    if (!hadController || isReloading) return;
    isReloading = true;
    window.location.reload();
  });
}
