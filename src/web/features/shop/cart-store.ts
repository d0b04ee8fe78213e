import { useSyncExternalStore } from 'react';
import { type CartAction, type CartLine, cartReducer, parseStoredCart } from './cart';
import { CART_STORAGE_KEY, notifyCartChanged } from './cart-signal';
import { browserUnsent } from './cart-sync';

const EMPTY: readonly CartLine[] = [];
let lines: readonly CartLine[] | null = null;
const listeners = new Set<() => void>();

function read(): readonly CartLine[] {
  try {
    return parseStoredCart(globalThis.localStorage?.getItem(CART_STORAGE_KEY) ?? null);
  } catch {
    // Storage blocked by the browser: the cart still works for this visit.
    return EMPTY;
  }
}

function current(): readonly CartLine[] {
  lines ??= read();
  return lines;
}

function emit() {
  for (const listener of listeners) listener();
}

/** Another tab changed the cart: this one shows the same. */
function onStorage(event: StorageEvent) {
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  lines = read();
  emit();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) globalThis.addEventListener?.('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** Told of each change a person made (not a price refresh, not a copy of the account's cart). */
const changeListeners = new Set<(lines: readonly CartLine[]) => void>();
export function onCartChangedByUser(listener: (lines: readonly CartLine[]) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function store(next: readonly CartLine[]) {
  lines = next;
  try {
    globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Not persisting is acceptable: the cart still holds for this visit.
  }
  emit();
  notifyCartChanged();
}

export function dispatchCart(action: CartAction): void {
  const next = cartReducer(current(), action);
  if (next === current()) return;
  store(next);
  if (action.type === 'sync') return;
  // Marked at once, before the sync sends it or has even started (a click in the first moments of
  // a page): a reload in between then sends this cart instead of taking the server's.
  browserUnsent.set(true);
  for (const listener of changeListeners) listener(next);
}

/** The account's cart, as the server keeps it, becomes the browser's (decision 043). */
export function replaceCartLines(next: readonly CartLine[]): void {
  store(next);
}

export const currentCartLines = (): readonly CartLine[] => current();

/** The cart's lines, the same in the header, the shop and the drawer. */
export function useCart(): readonly CartLine[] {
  return useSyncExternalStore(subscribe, current, () => EMPTY);
}
