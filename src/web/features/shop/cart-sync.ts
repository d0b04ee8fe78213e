import type { AccountCart, CartInput } from '@shared/shop';
import { type CartLine, orderItems } from './cart';

/** Which account the browser's copy of the cart belongs to (none: a visitor's cart). */
export const CART_OWNER_KEY = 'soul-tribe:cart-owner';

export interface CartSyncPorts {
  fetchCart: () => Promise<AccountCart>;
  putCart: (input: CartInput) => Promise<AccountCart>;
  mergeCart: (input: CartInput) => Promise<AccountCart>;
  lines: () => readonly CartLine[];
  replace: (lines: readonly CartLine[]) => void;
  onUserChange: (listener: (lines: readonly CartLine[]) => void) => () => void;
  owner: { get: () => string | null; set: (id: string | null) => void };
  /**
   * Whether the browser holds changes the server has not taken yet: set by the cart store on each
   * change a person makes (cart-store.ts), even before this sync has started.
   */
  unsent: { get: () => boolean; set: (value: boolean) => void };
  /** Waits before sending a change, so a burst of clicks is one request. */
  debounceMs: number;
}

export const accountCartLines = (cart: AccountCart): CartLine[] =>
  cart.items.map(({ productId, quantity, product }) => ({ productId, quantity, ...product }));

/**
 * The cart follows the account (docs/decisions/043). Signed in: a visitor's cart is
 * merged into the account's (the server keeps the larger quantity of a product in both), a cart
 * this browser already held for the account is replaced by the server's (another browser may have
 * changed it) unless it holds changes not sent yet (a reload right after adding an item): those are
 * sent, the person's latest change winning. Each change the person makes is sent. Signed out after
 * being signed in: the browser forgets the account's cart. Returns the stop function.
 */
export function startCartSync(userId: string | null, ports: CartSyncPorts): () => void {
  const owner = ports.owner.get();
  if (userId === null) {
    if (owner !== null) {
      ports.owner.set(null);
      ports.unsent.set(false);
      ports.replace([]);
    }
    return () => {};
  }
  let isStopped = false;
  let isReady = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: readonly CartLine[] | null = null;
  const send = () => {
    if (!pending || isStopped) return;
    const input = { items: orderItems(pending) };
    pending = null;
    // A failed send leaves the browser's copy marked unsent; the next change or start sends it again.
    ports
      .putCart(input)
      .then(() => {
        if (!pending) ports.unsent.set(false);
      })
      .catch(() => {});
  };
  const stopListening = ports.onUserChange((lines) => {
    pending = lines;
    if (!isReady) return;
    clearTimeout(timer);
    timer = setTimeout(send, ports.debounceMs);
  });
  const local = { items: orderItems(ports.lines()) };
  const sendsLocal = owner === userId && ports.unsent.get();
  const first = owner === null ? ports.mergeCart(local) : sendsLocal ? ports.putCart(local) : ports.fetchCart();
  first
    .then((cart) => {
      if (isStopped) return;
      ports.owner.set(userId);
      if (!pending) ports.unsent.set(false);
      if (pending) {
        // Changed while the account's cart was on its way: the person's latest change wins.
        isReady = true;
        send();
        return;
      }
      ports.replace(accountCartLines(cart));
      isReady = true;
    })
    .catch(() => {
      isReady = true;
    });
  return () => {
    isStopped = true;
    clearTimeout(timer);
    stopListening();
  };
}

/**
 * One item of the browser's storage, read as null and written as nothing when storage is blocked:
 * then the cart is merged again at the next sign-in (which keeps the larger quantity), and a reload
 * within a send's wait takes the server's cart.
 */
function storedItem(key: string) {
  return {
    get: (): string | null => {
      try {
        return globalThis.localStorage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set: (value: string | null) => {
      try {
        if (value === null) globalThis.localStorage?.removeItem(key);
        else globalThis.localStorage?.setItem(key, value);
      } catch {
        // Blocked: see above.
      }
    },
  };
}

export const browserOwner = storedItem(CART_OWNER_KEY);

/** Set while the browser holds cart changes the server has not taken (decision 043). */
export const CART_UNSENT_KEY = 'soul-tribe:cart-unsent';

const unsentItem = storedItem(CART_UNSENT_KEY);
export const browserUnsent = {
  get: () => unsentItem.get() === '1',
  set: (value: boolean) => unsentItem.set(value ? '1' : null),
};
