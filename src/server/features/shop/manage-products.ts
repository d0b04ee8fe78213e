import { randomUUID } from 'node:crypto';
import type { MyProduct, Product, productInputSchema, setProductHiddenSchema } from '@shared/shop';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { readerProfiles, shopProducts } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { productColumns, sellerJoin, toProduct } from './to-product';

type ProductInput = z.output<typeof productInputSchema>;
type SetProductHidden = z.output<typeof setProductHiddenSchema>;

async function productById(db: Db, id: string) {
  const [row] = await db
    .select(productColumns)
    .from(shopProducts)
    .leftJoin(readerProfiles, sellerJoin)
    .where(eq(shopProducts.id, id));
  if (!row) throw notFound('Product not found');
  return row;
}

/** A digital product keeps no stock and a physical one no content: the check constraint's rule. */
const columnsOf = (input: ProductInput) => ({
  ...input,
  digitalContent: input.isDigital ? input.digitalContent : null,
  stock: input.isDigital ? null : input.stock,
});

/** POST /api/shop/products: a reader lists a product of their own. */
export async function createProduct(db: Db, sellerId: string, input: ProductInput, now: Date): Promise<Product> {
  const id = randomUUID();
  await db.insert(shopProducts).values({ id, sellerId, ...columnsOf(input), createdAt: now, updatedAt: now });
  return toProduct(await productById(db, id));
}

/** PATCH /api/shop/products/:id: its seller only. */
export async function updateProduct(
  db: Db,
  sellerId: string,
  productId: string,
  input: ProductInput,
  now: Date,
): Promise<Product> {
  const product = await productById(db, productId);
  if (product.sellerId !== sellerId) throw forbidden('Only its seller can change this product');
  await db
    .update(shopProducts)
    .set({ ...columnsOf(input), updatedAt: now })
    .where(eq(shopProducts.id, productId));
  return toProduct(await productById(db, productId));
}

/** GET /api/shop/products/mine: the reader's own products, hidden ones too, with their content for editing. */
export async function listMyProducts(db: Db, sellerId: string): Promise<{ products: MyProduct[] }> {
  const rows = await db
    .select({
      ...productColumns,
      digitalContent: shopProducts.digitalContent,
      moderationReason: shopProducts.moderationReason,
    })
    .from(shopProducts)
    .leftJoin(readerProfiles, sellerJoin)
    .where(eq(shopProducts.sellerId, sellerId))
    .orderBy(desc(shopProducts.createdAt));
  return {
    products: rows.map((row) => ({
      ...toProduct(row),
      digitalContent: row.digitalContent,
      moderationReason: row.moderationReason,
    })),
  };
}

/** PATCH /api/admin/shop/products/:id: an admin hides any product with a reason its seller sees, or shows it again. */
export async function setProductHidden(
  db: Db,
  adminId: string,
  productId: string,
  change: SetProductHidden,
  now: Date,
): Promise<Product> {
  await productById(db, productId);
  const { isHidden, reason } = change;
  await db
    .update(shopProducts)
    .set(
      isHidden
        ? { hiddenAt: now, moderationReason: reason, moderatedBy: adminId }
        : { hiddenAt: null, moderationReason: null, moderatedBy: null },
    )
    .where(eq(shopProducts.id, productId));
  return toProduct(await productById(db, productId));
}
