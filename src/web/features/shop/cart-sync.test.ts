import type { AccountCart, CartInput } from '@shared/shop';
import { describe, expect, it, vi } from 'vitest';
import type { CartLine } from './cart';
import { type CartSyncPorts, startCartSync } from './cart-sync';

const product = {
  name: 'Oracle Deck',
  category: 'Tarot',
  priceCents: 3999,
  isDigital: false,
  stock: 5,
  imageUrl: null,
} as const;
const line = (productId: string, quantity: number): CartLine => ({ productId, quantity, ...product });
const cartOf = (items: CartInput['items']): AccountCart => ({
  items: items.map(({ productId, quantity }) => ({ productId, quantity, product })),
});

/** The browser's cart and owner in memory, the server as fakes that answer at once. */
function ports(initial: { lines: CartLine[]; owner: string | null; server: CartInput['items']; unsent?: boolean }) {
  let lines: readonly CartLine[] = initial.lines;
  let owner = initial.owner;
  let unsent = initial.unsent ?? false;
  const listeners = new Set<(lines: readonly CartLine[]) => void>();
  const sent: CartInput[] = [];
  const port: CartSyncPorts = {
    fetchCart: vi.fn(async () => cartOf(initial.server)),
    putCart: vi.fn(async (input: CartInput) => {
      sent.push(input);
      return cartOf(input.items);
    }),
    mergeCart: vi.fn(async (input: CartInput) =>
      cartOf([
        ...initial.server,
        ...input.items.filter((i) => !initial.server.some((s) => s.productId === i.productId)),
      ]),
    ),
    lines: () => lines,
    replace: (next) => {
      lines = next;
    },
    onUserChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    owner: { get: () => owner, set: (id) => (owner = id) },
    unsent: { get: () => unsent, set: (value) => (unsent = value) },
    debounceMs: 0,
  };
  const userChanges = (next: CartLine[]) => {
    lines = next;
    for (const listener of listeners) listener(next);
  };
  return { port, sent, userChanges, state: () => ({ lines, owner, unsent }) };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the cart that follows the account', () => {
  it("merges a visitor's cart into the account's at sign-in and keeps the result", async () => {
    const { port, state } = ports({ lines: [line('b', 1)], owner: null, server: [{ productId: 'a', quantity: 2 }] });
    startCartSync('u1', port);
    await settle();
    expect(port.mergeCart).toHaveBeenCalledWith({ items: [{ productId: 'b', quantity: 1 }] });
    expect(state()).toEqual({ lines: [line('a', 2), line('b', 1)], owner: 'u1', unsent: false });
  });

  it("takes the server's cart for the account this browser already held (another browser may have changed it)", async () => {
    const { port, state } = ports({ lines: [line('a', 5)], owner: 'u1', server: [{ productId: 'a', quantity: 1 }] });
    startCartSync('u1', port);
    await settle();
    expect(port.mergeCart).not.toHaveBeenCalled();
    expect(state().lines).toEqual([line('a', 1)]);
  });

  it("never merges another account's cart into this one", async () => {
    const { port, state } = ports({ lines: [line('x', 3)], owner: 'u2', server: [] });
    startCartSync('u1', port);
    await settle();
    expect(port.mergeCart).not.toHaveBeenCalled();
    expect(state()).toEqual({ lines: [], owner: 'u1', unsent: false });
  });

  it("sends the browser's changes the server has not taken (a reload right after adding) instead of taking the server's cart", async () => {
    const { port, sent, state } = ports({ lines: [line('a', 1), line('b', 2)], owner: 'u1', server: [], unsent: true });
    startCartSync('u1', port);
    await settle();
    expect(port.fetchCart).not.toHaveBeenCalled();
    expect(sent).toEqual([
      {
        items: [
          { productId: 'a', quantity: 1 },
          { productId: 'b', quantity: 2 },
        ],
      },
    ]);
    expect(state()).toEqual({ lines: [line('a', 1), line('b', 2)], owner: 'u1', unsent: false });
  });

  it('clears the unsent mark once the server has taken the change', async () => {
    const { port, userChanges, state } = ports({ lines: [], owner: 'u1', server: [] });
    startCartSync('u1', port);
    await settle();
    port.unsent.set(true);
    userChanges([line('a', 1)]);
    await settle();
    expect(state().unsent).toBe(false);
  });

  it('sends each change the person makes, and stops when signed out', async () => {
    const { port, sent, userChanges } = ports({ lines: [], owner: 'u1', server: [] });
    const stop = startCartSync('u1', port);
    await settle();
    userChanges([line('a', 1)]);
    userChanges([line('a', 2)]);
    await settle();
    expect(sent).toEqual([{ items: [{ productId: 'a', quantity: 2 }] }]);
    stop();
    userChanges([line('a', 3)]);
    await settle();
    expect(sent).toHaveLength(1);
  });

  it("forgets the account's cart when signed out", () => {
    const { port, state } = ports({ lines: [line('a', 1)], owner: 'u1', server: [] });
    startCartSync(null, port);
    expect(state()).toEqual({ lines: [], owner: null, unsent: false });
  });

  it("keeps a visitor's cart while signed out", () => {
    const { port, state } = ports({ lines: [line('a', 1)], owner: null, server: [] });
    startCartSync(null, port);
    expect(state().lines).toEqual([line('a', 1)]);
  });
});
