import { ORDER_ITEMS_MAX, ORDER_QUANTITY_MAX } from '@shared/shop';
import { describe, expect, it } from 'vitest';
import { type CartLine, canAdd, cartCount, cartReducer, cartTotalCents, orderItems, parseStoredCart } from './cart';

const course = {
  id: 'course',
  name: 'Tarot Foundations',
  category: 'Courses' as const,
  priceCents: 8900,
  isDigital: true,
  stock: null,
  imageUrl: null,
};
const deck = {
  id: 'deck',
  name: 'Oracle Deck',
  category: 'Tarot' as const,
  priceCents: 3999,
  isDigital: false,
  stock: 2,
  imageUrl: 'https://example.com/deck.jpg',
};
const add = (lines: readonly CartLine[], product: typeof course | typeof deck) =>
  cartReducer(lines, { type: 'add', product });

describe('cart reducer', () => {
  it('adds a product once as a line and counts further adds as quantity', () => {
    const lines = add(add(add([], course), course), deck);
    expect(lines.map((line) => [line.productId, line.quantity])).toEqual([
      ['course', 2],
      ['deck', 1],
    ]);
    expect(cartCount(lines)).toBe(3);
    expect(cartTotalCents(lines)).toBe(2 * 8900 + 3999);
    expect(orderItems(lines)).toEqual([
      { productId: 'course', quantity: 2 },
      { productId: 'deck', quantity: 1 },
    ]);
  });

  it('never goes above the stock of physical goods nor below 1, and refuses an out-of-stock product', () => {
    const lines = add(add([], deck), deck);
    expect(add(lines, deck)).toBe(lines);
    expect(canAdd(lines, deck)).toBe(false);
    expect(cartReducer(lines, { type: 'setQuantity', productId: 'deck', quantity: 5 })[0]?.quantity).toBe(2);
    expect(cartReducer(lines, { type: 'setQuantity', productId: 'deck', quantity: 0 })[0]?.quantity).toBe(1);
    expect(add([], { ...deck, stock: 0 })).toEqual([]);
  });

  it(`keeps a digital product to ${ORDER_QUANTITY_MAX} and a cart to ${ORDER_ITEMS_MAX} products`, () => {
    const lines = add([], course);
    expect(cartReducer(lines, { type: 'setQuantity', productId: 'course', quantity: 500 })[0]?.quantity).toBe(
      ORDER_QUANTITY_MAX,
    );
    const full = Array.from({ length: ORDER_ITEMS_MAX }, (_, i) => i).reduce<readonly CartLine[]>(
      (cart, i) => add(cart, { ...course, id: `p${i}` }),
      [],
    );
    expect(full).toHaveLength(ORDER_ITEMS_MAX);
    expect(add(full, course)).toBe(full);
  });

  it('removes a line and clears the cart, returning the same array when nothing changes', () => {
    const lines = add(add([], course), deck);
    expect(cartReducer(lines, { type: 'remove', productId: 'course' }).map((line) => line.productId)).toEqual(['deck']);
    expect(cartReducer(lines, { type: 'remove', productId: 'missing' })).toBe(lines);
    expect(cartReducer(lines, { type: 'clear' })).toEqual([]);
  });
});

describe('stored cart', () => {
  it('reads back what was stored', () => {
    const lines = add(add([], course), deck);
    expect(parseStoredCart(JSON.stringify(lines))).toEqual(lines);
  });

  it('treats a missing, corrupt or foreign value as an empty cart instead of crashing', () => {
    const line = add([], course)[0];
    for (const raw of [
      null,
      '',
      '{not json',
      '"a string"',
      '{"productId":"x"}',
      JSON.stringify([{ ...line, quantity: -1 }]),
      JSON.stringify([line, line]),
    ]) {
      expect(parseStoredCart(raw), String(raw)).toEqual([]);
    }
  });
});

describe('cart sync with the shop', () => {
  it('takes the latest price and stock, trims the quantity to the stock, and changes nothing when all is current', () => {
    const lines = add(add(add([], deck), deck), course);
    const synced = cartReducer(lines, { type: 'sync', products: [{ ...deck, priceCents: 4500, stock: 1 }] });
    expect(synced.map((line) => [line.productId, line.priceCents, line.quantity])).toEqual([
      ['deck', 4500, 1],
      ['course', 8900, 1],
    ]);
    expect(synced[1]).toBe(lines[1]);
    expect(cartReducer(synced, { type: 'sync', products: [{ ...deck, priceCents: 4500, stock: 1 }, course] })).toBe(
      synced,
    );
  });
});
