/**
 * What the header needs to know of the cart before the cart's own code (its zod checks, dialog and
 * checkout: ~45 KB gzip) is downloaded: whether storage may hold lines, and when the cart changes.
 * Nothing here imports zod, so the layout can use it on every page.
 */

/** Per browser, not per account: a visitor fills a cart and keeps it through signing in. */
export const CART_STORAGE_KEY = 'soul-tribe:cart';

const listeners = new Set<() => void>();

/** True unless storage is empty or holds an empty list; the cart itself decides what is valid. */
export function storedCartMayHaveLines(): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(CART_STORAGE_KEY);
    return stored != null && stored.trim() !== '' && stored.trim() !== '[]';
  } catch {
    // Storage blocked by the browser: no stored cart to show.
    return false;
  }
}

/** Called by the cart store on every change made in this tab. */
export function notifyCartChanged(): void {
  for (const listener of listeners) listener();
}

/** A change in this tab or another one; returns the unsubscribe. */
export function onCartChanged(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => (event.key === CART_STORAGE_KEY || event.key === null) && listener();
  listeners.add(listener);
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
