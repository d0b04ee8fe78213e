import { keysOf } from '@shared/records';
import type { Product } from '@shared/shop';
import { ORDER_ITEMS_MAX, ORDER_QUANTITY_MAX, SHOP_CATEGORIES } from '@shared/shop-rules';

/** A product in the cart, with what the drawer shows of it as it was when added. */
export interface CartLine {
  productId: string;
  name: string;
  category: (typeof SHOP_CATEGORIES)[number];
  priceCents: number;
  isDigital: boolean;
  stock: number | null;
  imageUrl: string | null;
  quantity: number;
}

const isWhole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * A line as the cart stores it in this browser. Checked by hand, not with a zod schema: every
 * product card of the shop reads the stored cart, and zod would be 25 KB of the shop page's 160
 * (decision 007) for the eight fields of data this app wrote itself.
 */
function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line: Partial<Record<keyof CartLine, unknown>> = value;
  return (
    typeof line.productId === 'string' &&
    line.productId.length > 0 &&
    typeof line.name === 'string' &&
    SHOP_CATEGORIES.some((category) => category === line.category) &&
    isWhole(line.priceCents, 0) &&
    typeof line.isDigital === 'boolean' &&
    (line.stock === null || isWhole(line.stock, 0)) &&
    (line.imageUrl === null || typeof line.imageUrl === 'string') &&
    isWhole(line.quantity, 1, ORDER_QUANTITY_MAX)
  );
}

const isStoredCart = (value: unknown): value is CartLine[] =>
  Array.isArray(value) &&
  value.length <= ORDER_ITEMS_MAX &&
  value.every(isCartLine) &&
  new Set(value.map((line) => line.productId)).size === value.length;

export type CartAction =
  | {
      type: 'add';
      product: Pick<Product, 'id' | 'name' | 'category' | 'priceCents' | 'isDigital' | 'stock' | 'imageUrl'>;
    }
  | { type: 'setQuantity'; productId: string; quantity: number }
  | { type: 'remove'; productId: string }
  | { type: 'clear' }
  | {
      type: 'sync';
      products: readonly Pick<
        Product,
        'id' | 'name' | 'category' | 'priceCents' | 'isDigital' | 'stock' | 'imageUrl'
      >[];
    };

/** The most of one product an order may hold: the order limit, and the stock of physical goods. */
export function maxQuantity(line: Pick<CartLine, 'stock'>): number {
  return Math.min(ORDER_QUANTITY_MAX, line.stock ?? ORDER_QUANTITY_MAX);
}

/** Whether 'Add to Cart' can add one more of this product to these lines. */
export function canAdd(lines: readonly CartLine[], product: Pick<Product, 'id' | 'stock'>): boolean {
  const line = lines.find((candidate) => candidate.productId === product.id);
  if (line) return line.quantity < maxQuantity(product);
  return lines.length < ORDER_ITEMS_MAX && maxQuantity(product) >= 1;
}

/** The cart's changes. An impossible change returns the same array, so callers can tell nothing moved. */
export function cartReducer(lines: readonly CartLine[], action: CartAction): readonly CartLine[] {
  switch (action.type) {
    case 'add': {
      const { product } = action;
      if (!canAdd(lines, product)) return lines;
      const snapshot = {
        name: product.name,
        category: product.category,
        priceCents: product.priceCents,
        isDigital: product.isDigital,
        stock: product.stock,
        imageUrl: product.imageUrl,
      };
      const existing = lines.find((line) => line.productId === product.id);
      if (existing)
        return lines.map((line) => (line === existing ? { ...line, ...snapshot, quantity: line.quantity + 1 } : line));
      return [...lines, { productId: product.id, ...snapshot, quantity: 1 }];
    }
    case 'setQuantity': {
      const line = lines.find((candidate) => candidate.productId === action.productId);
      if (!line || !Number.isInteger(action.quantity)) return lines;
      const quantity = Math.min(Math.max(action.quantity, 1), maxQuantity(line));
      return quantity === line.quantity
        ? lines
        : lines.map((candidate) => (candidate === line ? { ...line, quantity } : candidate));
    }
    case 'remove':
      return lines.some((line) => line.productId === action.productId)
        ? lines.filter((line) => line.productId !== action.productId)
        : lines;
    case 'clear':
      return lines.length === 0 ? lines : [];
    case 'sync': {
      // The shop's latest price and stock replace what was stored, so the cart's total is what checkout charges.
      const next = lines.map((line) => {
        const product = action.products.find((candidate) => candidate.id === line.productId);
        if (!product) return line;
        const { id: _id, ...fresh } = product;
        const updated = { ...line, ...fresh, quantity: Math.max(1, Math.min(line.quantity, maxQuantity(product))) };
        const isSame = keysOf(updated).every((key) => updated[key] === line[key]);
        return isSame ? line : updated;
      });
      return next.every((line, index) => line === lines[index]) ? lines : next;
    }
  }
}

export const cartCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);
export const cartTotalCents = (lines: readonly CartLine[]) =>
  lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

/** What was stored, if it is a cart: anything else (edited by hand, an older shape) is an empty cart. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredCart(parsed)
      ? parsed.map(({ productId, name, category, priceCents, isDigital, stock, imageUrl, quantity }) => ({
          productId,
          name,
          category,
          priceCents,
          isDigital,
          stock,
          imageUrl,
          quantity,
        }))
      : [];
  } catch {
    return [];
  }
}

/** The body of POST /api/shop/orders. */
export const orderItems = (lines: readonly CartLine[]) =>
  lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
