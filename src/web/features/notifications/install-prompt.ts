/**
 * Chromium's offer to install the app (`beforeinstallprompt`), kept for 'Install app' on the
 * settings page while it is open. Listened for only once this page's code has loaded, not on every
 * page (the home page's budget, decision 007): elsewhere the browser keeps its own install button.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

// Chromium's own event, which the DOM's standard types do not list.
declare global {
  interface WindowEventMap {
    beforeinstallprompt: InstallPromptEvent;
  }
}

let installPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setInstallPrompt(event: InstallPromptEvent | null) {
  installPrompt = event;
  for (const listener of listeners) listener();
}

window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  setInstallPrompt(event);
});
window.addEventListener('appinstalled', () => setInstallPrompt(null));

export const canInstall = () => installPrompt !== null;

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer is used up whatever the answer. */
export function promptInstall(): Promise<void> | undefined {
  const event = installPrompt;
  setInstallPrompt(null);
  return event?.prompt();
}
