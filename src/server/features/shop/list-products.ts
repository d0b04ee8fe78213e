import type { Product, productListQuerySchema } from '@shared/shop';
import { and, asc, desc, eq, gte, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, shopProducts } from '../../db/schema';
import { productColumns, sellerJoin, toProduct } from './to-product';

type ProductListQuery = z.output<typeof productListQuerySchema>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const averageRating = sql`case when ${shopProducts.ratingCount} > 0 then ${shopProducts.ratingSum}::float / ${shopProducts.ratingCount} end`;

const ORDER = {
  featured: [desc(shopProducts.isFeatured), desc(averageRating), asc(shopProducts.name)],
  rating: [sql`${averageRating} desc nulls last`, desc(shopProducts.ratingCount), asc(shopProducts.name)],
  price_asc: [asc(shopProducts.priceCents), asc(shopProducts.name)],
  price_desc: [desc(shopProducts.priceCents), asc(shopProducts.name)],
} as const;

/**
 * GET /api/shop/products: the visible products matching every filter, in the chosen order. Admins
 * also get hidden ones (marked isHidden), as with hidden posts (decision 027), so the shop page is
 * where they hide a product and unhide it again.
 */
export async function listProducts(
  db: DbOrTx,
  query: ProductListQuery,
  options: { includeHidden?: boolean } = {},
): Promise<{ products: Product[] }> {
  const search = query.search?.trim();
  const rows = await db
    .select(productColumns)
    .from(shopProducts)
    .leftJoin(readerProfiles, sellerJoin)
    .where(
      and(
        options.includeHidden ? undefined : isNull(shopProducts.hiddenAt),
        query.category ? eq(shopProducts.category, query.category) : undefined,
        search
          ? or(ilike(shopProducts.name, likePattern(search)), ilike(shopProducts.description, likePattern(search)))
          : undefined,
        query.minCents !== undefined ? gte(shopProducts.priceCents, query.minCents) : undefined,
        query.maxCents !== undefined ? lte(shopProducts.priceCents, query.maxCents) : undefined,
        query.digital !== undefined ? eq(shopProducts.isDigital, query.digital) : undefined,
      ),
    )
    .orderBy(...ORDER[query.sort], asc(shopProducts.id));
  return { products: rows.map(toProduct) };
}
