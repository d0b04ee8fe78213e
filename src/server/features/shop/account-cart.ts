import { type AccountCart, type CartInput, ORDER_ITEMS_MAX, ORDER_QUANTITY_MAX } from '@shared/shop';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { shopCartItems, shopProducts } from '../../db/schema';

type Lines = CartInput['items'];

/**
 * The account's cart (docs/decisions/043): a signed-in buyer's cart lives here, so it
 * follows them to another browser. Lines of products no longer in the shop are left out when read.
 */
export async function readCart(db: DbOrTx, userId: string): Promise<AccountCart> {
  const rows = await db
    .select({
      productId: shopCartItems.productId,
      quantity: shopCartItems.quantity,
      name: shopProducts.name,
      category: shopProducts.category,
      priceCents: shopProducts.priceCents,
      isDigital: shopProducts.isDigital,
      stock: shopProducts.stock,
      imageUrl: shopProducts.imageUrl,
    })
    .from(shopCartItems)
    .innerJoin(shopProducts, and(eq(shopProducts.id, shopCartItems.productId), isNull(shopProducts.hiddenAt)))
    .where(eq(shopCartItems.userId, userId))
    .orderBy(asc(shopCartItems.addedAt), asc(shopCartItems.productId));
  return { items: rows.map(({ productId, quantity, ...product }) => ({ productId, quantity, product })) };
}

/** Writes these lines as the cart (lines of unknown products are dropped); replaces what was there. */
async function writeCart(db: Db, userId: string, lines: Lines, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = lines.map((line) => line.productId);
    const known =
      ids.length === 0
        ? []
        : await tx.select({ id: shopProducts.id }).from(shopProducts).where(inArray(shopProducts.id, ids));
    const kept = lines.filter((line) => known.some((product) => product.id === line.productId));
    await tx.delete(shopCartItems).where(
      and(
        eq(shopCartItems.userId, userId),
        ...(kept.length > 0
          ? [
              notInArray(
                shopCartItems.productId,
                kept.map((line) => line.productId),
              ),
            ]
          : []),
      ),
    );
    if (kept.length === 0) return;
    // One statement for every line. A line's place in the list is its time (a line added later
    // sorts after); a line already there keeps its time and takes the new quantity.
    await tx
      .insert(shopCartItems)
      .values(
        kept.map((line, index) => ({
          userId,
          productId: line.productId,
          quantity: line.quantity,
          addedAt: new Date(at.getTime() + index),
        })),
      )
      .onConflictDoUpdate({
        target: [shopCartItems.userId, shopCartItems.productId],
        set: { quantity: sql`excluded.quantity` },
      });
  });
}

/** PUT /api/shop/cart: the browser's cart, as the signed-in buyer changed it, becomes the account's. */
export async function replaceCart(db: Db, userId: string, input: CartInput, at: Date): Promise<AccountCart> {
  await writeCart(db, userId, input.items, at);
  return readCart(db, userId);
}

/**
 * The cart a browser held before signing in joins the account's. A product in both keeps the
 * larger quantity, not the sum: merging the same browser cart twice (two tabs, a retry) must not
 * double it. The account's lines come first; at most ORDER_ITEMS_MAX lines are kept.
 */
export function mergeLines(account: Lines, browser: Lines): Lines {
  const merged = account.map((line) => {
    const other = browser.find((candidate) => candidate.productId === line.productId);
    return other
      ? { productId: line.productId, quantity: Math.min(ORDER_QUANTITY_MAX, Math.max(line.quantity, other.quantity)) }
      : line;
  });
  for (const line of browser)
    if (!merged.some((candidate) => candidate.productId === line.productId)) merged.push(line);
  return merged.slice(0, ORDER_ITEMS_MAX);
}

/** POST /api/shop/cart/merge. */
export async function mergeCart(db: Db, userId: string, input: CartInput, at: Date): Promise<AccountCart> {
  const current = await db
    .select({ productId: shopCartItems.productId, quantity: shopCartItems.quantity })
    .from(shopCartItems)
    .where(eq(shopCartItems.userId, userId))
    .orderBy(asc(shopCartItems.addedAt), asc(shopCartItems.productId));
  await writeCart(db, userId, mergeLines(current, input.items), at);
  return readCart(db, userId);
}
